// Interpreter one-liners (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`, `pwsh -c`, or code fed on
// stdin): the shell commands they run or amount to. Best effort and deliberately cheap: no parsing of the
// language, just a scan for the well-known calls that run shell commands, taking their leading string-literal
// arguments, and for the file API calls that delete, overwrite, move or chmod files, written as the shell
// command that does the same (file-operations.ts; PowerShell in powershell.ts). Calls named indirectly
// (`getattr(m, 'rm' + 'tree')`, `fs['rmSync']`, `send(:rm_rf, …)`, aliases; code-rewrites.ts) are named plainly
// first, and code decoded from a literal and run (`exec(base64.b64decode('…'))`; code-decoding.ts) is read
// again, to a bounded depth (`sh -c $UNKNOWN` when it cannot be decoded). A change of the working folder
// (`os.chdir(X)`, `process.chdir(X)`, `Dir.chdir(X)`, perl's `chdir`, a `cwd`/`chdir` option of a shell-out)
// prefixes what follows with `cd X && `, so the shell analysis resolves relative paths under X. The program's
// operands read by the code (`sys.argv[1]`, `process.argv[1]`, `ARGV[0]`) are the words after the code.
// Code that builds its command at run time otherwise reads as `$UNKNOWN`; rules on the raw command still apply.
//
// Found:  python os.system / os.popen / subprocess.run|call|Popen|check_output|check_call|getoutput|
//         getstatusoutput (also imported bare, e.g. `from os import system`);
//         node child_process exec / execSync / execFile / execFileSync / spawn / spawnSync;
//         perl system / exec, backticks, qx{…}; ruby system / exec / spawn / popen / Open3.capture*, backticks,
//         %x(…); php system / exec / shell_exec / passthru / popen / proc_open, backticks;
//         Bun's shell, the `$` tagged template (`Bun.$\`rm -rf ${dir}\``, zx's `$` alike), whose interpolations
//         are one word each (code-paths.ts reads them: `${os.homedir()}` is `~`).
// A single string argument is shell code (`os.system("rm -rf /")`); string and list arguments together are an
// argument vector (`spawnSync("sh", ["-c", "…"])`, `subprocess.run(["rm", "-rf", "/"])`), turned into a
// quoted command line so a `sh -c` inside is analysed in turn. A computed element of an argument vector (and,
// in perl and ruby, whose `system LIST` takes every argument as a word, a computed argument) is the word
// code-paths.ts reads for it: `system("rm", "-rf", glob("~"))` is `rm -rf ~`, a variable is UNKNOWN_TARGET.
// Deno (`deno eval CODE`, `deno run -`) and Bun read as node. cmd.exe (`cmd /c …`) is a shell of its own,
// translated in powershell.ts with PowerShell's Windows paths.
import { readArguments, readDelimited, readStringLiteral, skipSpaces } from './code-literals';
import { decodedCodeCommands, UNKNOWN_CODE } from './code-decoding';
import { codeNames, normalizeCode } from './code-names';
import { rewriteIndirectCalls } from './code-rewrites';
import { type CodeNames, pathWord as evaluatePath, shellText, UNKNOWN_TARGET } from './code-paths';
import { fileOperationCommands } from './file-operations';
import { makeInvocation, makeRecipes, tclCommands } from './script-languages';
import { secretReadCommands } from './secret-reads';
import { optionValue, readOptions } from './options';
import { cmdCommands, cmdInvocation, powershellCommands, powershellInvocation } from './powershell';
import { quote } from './render';
import type { Word } from './word';

export type Language =
  | 'python'
  | 'node'
  | 'perl'
  | 'ruby'
  | 'php'
  | 'lua'
  | 'r'
  | 'julia'
  | 'awk'
  | 'applescript'
  | 'powershell'
  | 'cmd'
  | 'tcl'
  | 'make';
/**
 * The languages whose code is scanned for calls (PowerShell and cmd are shells, read by statements instead; Tcl
 * is read by commands and a Makefile by its recipes, script-languages.ts).
 */
export type ScannedLanguage = Exclude<Language, 'powershell' | 'cmd' | 'tcl' | 'make'>;

const LANGUAGE_NAMES: readonly [RegExp, Language][] = [
  [/^(?:python|pypy)(?:[0-9]+(?:\.[0-9]+)*)?$/, 'python'],
  [/^(?:node|nodejs|bun|deno)(?:\.exe)?$/, 'node'],
  [/^perl(?:[0-9]+(?:\.[0-9]+)*)?$/, 'perl'],
  [/^ruby(?:[0-9]+(?:\.[0-9]+)*)?$/, 'ruby'],
  [/^php(?:[0-9]+(?:\.[0-9]+)*)?$/, 'php'],
  [/^(?:pwsh|powershell)(?:-preview)?(?:\.exe)?$/i, 'powershell'],
  [/^cmd(?:\.exe)?$/i, 'cmd'],
  [/^lua(?:jit)?(?:[0-9]+(?:\.[0-9]+)*)?$/, 'lua'],
  [/^(?:Rscript|R)$/, 'r'],
  [/^julia$/, 'julia'],
  [/^(?:awk|gawk|mawk|nawk)$/, 'awk'],
  [/^osascript$/, 'applescript'],
  [/^(?:tclsh|wish|expect)(?:[0-9]+(?:\.[0-9]+)*)?$/, 'tcl'],
  [/^(?:make|gmake|bmake)$/, 'make'],
];

export function interpreterLanguage(name: string): Language | undefined {
  return LANGUAGE_NAMES.find(([pattern]) => pattern.test(name))?.[1];
}

interface CommandLine {
  /** Short options whose value is code. */
  code: string;
  /** Long options whose value is code. */
  codeLong?: readonly string[];
  /** Other short options taking a value (attached or next word). */
  short: string;
  /** Short options taking the rest of their word as value. */
  attached?: string;
  /** Other long options taking the next word as value. */
  long?: readonly string[];
  /** Options naming the program to run instead of code or stdin (python -m module, php -f file). */
  programOptions?: readonly string[];
}

const COMMAND_LINES: Record<ScannedLanguage, CommandLine> = {
  python: { code: 'c', short: 'WXm', programOptions: ['-m'] },
  node: {
    code: 'ep',
    codeLong: ['--eval', '--print'],
    short: 'rC',
    long: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--title'],
  },
  perl: { code: 'eE', short: '', attached: 'iIMmFxdDC' },
  ruby: { code: 'e', short: 'rICE', attached: 'iFxWTK' },
  php: { code: 'rBRE', short: 'fdczStF', programOptions: ['-f'] },
  lua: { code: 'e', short: 'l' },
  r: { code: 'e', short: 'f', programOptions: ['-f'] },
  julia: {
    code: 'eE',
    codeLong: ['--eval', '--print'],
    short: 'pLJCt',
    long: ['--project', '--threads', '--load', '--sysimage', '--procs'],
  },
  awk: { code: '', short: 'Fvf', long: ['--file', '--assign', '--field-separator'], programOptions: ['-f'] },
  applescript: { code: 'e', short: 'ls' },
};

export interface InterpreterInvocation {
  /** The code given on the command line (several `-e` are joined by newlines). */
  code?: string;
  /** The interpreter reads its program from stdin (no code, no script file, or `-`). */
  readsStdin: boolean;
}

export function interpreterInvocation(language: Language, words: readonly Word[]): InterpreterInvocation {
  if (language === 'powershell') return powershellInvocation(words);
  if (language === 'cmd') return cmdInvocation(words);
  if (language === 'make') return makeInvocation(words);
  if (language === 'tcl') return tclInvocation(words);
  const program = words[0]?.text.replace(/^.*\//, '') ?? '';
  if (/^deno(?:\.exe)?$/.test(program)) return denoInvocation(words);
  if (/^bun(?:\.exe)?$/.test(program) && words[1]?.text === 'run') return { readsStdin: words[2]?.text === '-' };
  const grammar = COMMAND_LINES[language];
  const read = readOptions(language === 'node' ? words.map(nodeCodeCluster) : words, 1, {
    short: grammar.code + grammar.short,
    attached: grammar.attached ?? '',
    long: [...(grammar.codeLong ?? []), ...(grammar.long ?? [])],
  });
  const codeOptions = [...[...grammar.code].map((flag) => `-${flag}`), ...(grammar.codeLong ?? [])];
  const code = read.seen.filter(([option]) => codeOptions.includes(option)).map(([, value]) => value);
  if (code.length > 0) return { code: withOperands(language, code.join('\n'), words), readsStdin: false };
  const script = grammar.programOptions
    ?.map((option) => optionValue(read, option))
    .find((value) => value !== undefined);
  if (script !== undefined) return { readsStdin: STDIN_PATHS.has(script) };
  const operand = words[read.next]?.text;
  // awk's program is its first operand; what it reads on stdin is data.
  if (language === 'awk') return operand === undefined ? { readsStdin: false } : { code: operand, readsStdin: false };
  return { readsStdin: operand === undefined || STDIN_PATHS.has(operand) };
}

/**
 * The program's own operands, where the code reads them: `sys.argv[1]` (python), `process.argv[1]` (node -e),
 * `ARGV[0]` (ruby), `$ARGV[0]` (perl), `$argv[1]` (php -r) become the operand word after the code, as a literal
 * (a `~` the shell expands as the home directory), so `open(sys.argv[1])` with operand `~/.aws/credentials`
 * reads that file. Operands with expansions, and indexes past the operands, are left as written.
 */
const OPERAND_READS: Partial<Record<ScannedLanguage, { pattern: RegExp; first: number }>> = {
  python: { pattern: /(?<![\w.])sys\.argv\[\s*([0-9])\s*\]/g, first: 1 },
  node: { pattern: /(?<![\w.$])process\.argv\[\s*([0-9])\s*\]/g, first: 1 },
  ruby: { pattern: /(?<![\w.$])ARGV\[\s*([0-9])\s*\]/g, first: 0 },
  perl: { pattern: /\$ARGV\[\s*([0-9])\s*\]/g, first: 0 },
  php: { pattern: /\$argv\[\s*([0-9])\s*\]/g, first: 1 },
};
const HOME_SPELLING: Partial<Record<ScannedLanguage, string>> = {
  python: "os.path.expanduser('~')",
  node: "require('os').homedir()",
  ruby: 'Dir.home',
  perl: '$ENV{HOME}',
  php: "getenv('HOME')",
};

function withOperands(language: Language, code: string, words: readonly Word[]): string {
  const reads = OPERAND_READS[language as ScannedLanguage];
  if (!reads || !/argv|ARGV/.test(code)) return code;
  const at = words.findLastIndex((word, i) => i > 0 && (word.text === code || word.text.endsWith(code)));
  if (at < 0) return code;
  const operands = words.slice(at + 1);
  return code.replace(reads.pattern, (read: string, index: string) => {
    const operand = operands[Number(index) - reads.first];
    if (operand === undefined || operand.parts !== undefined) return read;
    const text = operand.text;
    const home = !operand.quoted && /^~(?:\/|$)/.test(text);
    const literal = (value: string): string => `'${value.replace(/[\\']/g, '\\$&')}'`;
    if (!home) return literal(text);
    const rest = text.slice(1);
    const concatenation = language === 'perl' || language === 'php' ? '.' : '+';
    return rest === ''
      ? HOME_SPELLING[language as ScannedLanguage]!
      : `${HOME_SPELLING[language as ScannedLanguage]!} ${concatenation} ${literal(rest)}`;
  });
}

/** A script operand that is the interpreter's own stdin. */
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** `tclsh [script]` reads stdin without a script; `expect -c CMDS` runs its commands. */
function tclInvocation(words: readonly Word[]): InterpreterInvocation {
  const code = words.findIndex((word, i) => i > 0 && word.text === '-c');
  if (code > 0 && words[code + 1] !== undefined) return { code: words[code + 1]!.text, readsStdin: false };
  const operand = words.slice(1).find((word) => !word.text.startsWith('-'))?.text;
  return { readsStdin: operand === undefined || STDIN_PATHS.has(operand) };
}

/** Deno's value-taking options that may come before `eval`'s code or `run`'s script. */
const DENO_OPTIONS = {
  short: 'cL',
  long: ['--ext', '--import-map', '--config', '--location', '--seed', '--lock', '--cert', '--log-level', '--eval'],
};

/**
 * `deno eval [options] CODE` (`-p`/`--print` print its value), `deno repl --eval CODE`, `deno run [options] -`
 * and `deno -` read stdin, as does the bare `deno` (a REPL); other subcommands run files or tools.
 */
function denoInvocation(words: readonly Word[]): InterpreterInvocation {
  const subcommand = words[1]?.text;
  if (subcommand === undefined || subcommand === '-') return { readsStdin: true };
  const read = readOptions(words, 2, DENO_OPTIONS);
  if (subcommand === 'eval') {
    const code = words[read.next]?.text;
    return code === undefined ? { readsStdin: false } : { code, readsStdin: false };
  }
  if (subcommand === 'repl') {
    const code = optionValue(read, '--eval');
    return code === undefined ? { readsStdin: true } : { code, readsStdin: false };
  }
  if (subcommand === 'run') return { readsStdin: words[read.next]?.text === '-' };
  return { readsStdin: false };
}

/** Node reads `-pe CODE` as `-p -e CODE` (one code value), unlike getopt's `-p` with value `e`. */
function nodeCodeCluster(word: Word): Word {
  return /^-(?:pe|ep)$/.test(word.text) ? { ...word, text: '-e' } : word;
}

const SHELL_CALLS: Record<ScannedLanguage, ReadonlySet<string>> = {
  python: new Set([
    'system',
    'popen',
    'run',
    'call',
    'Popen',
    'check_output',
    'check_call',
    'getoutput',
    'getstatusoutput',
  ]),
  node: new Set(['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync']),
  perl: new Set(['system', 'exec']),
  ruby: new Set(['system', 'exec', 'spawn', 'popen', 'capture2', 'capture2e', 'capture3']),
  php: new Set(['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open']),
  lua: new Set(['execute', 'popen']),
  r: new Set(['system', 'system2', 'shell']),
  julia: new Set([]),
  awk: new Set(['system']),
  applescript: new Set([]),
};

/**
 * Calls that surely run a command (not another API's method of the same name), so that one whose command is
 * computed at run time reads as `sh -c $UNKNOWN`; `run`, `call`, `exec` and `spawn` only with their module
 * (`subprocess.run`, `child_process.exec`).
 */
const CERTAIN_CALLS: Record<ScannedLanguage, ReadonlySet<string>> = {
  python: new Set(['system', 'popen', 'Popen', 'check_output', 'check_call', 'getoutput', 'getstatusoutput']),
  node: new Set(['execSync', 'spawnSync', 'execFileSync', 'execFile']),
  perl: new Set(['system']),
  ruby: new Set(['system']),
  php: new Set(['system', 'shell_exec', 'passthru', 'proc_open', 'popen']),
  lua: new Set(['execute', 'popen']),
  r: new Set(['system', 'system2']),
  julia: new Set([]),
  awk: new Set(['system']),
  applescript: new Set(['do shell script']),
};
const CERTAIN_RECEIVER = /(?:\b(?:subprocess|child_process|cp|os|Open3|IO)\.\s*)$/;

/** Python's exec and spawn families (`os.execvp(file, argv)`, `os.spawnl(mode, path, arg0, …)`, `pty.spawn`). */
const PYTHON_EXEC = /(?<![\w$])(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|spawn)(?=\s*\()/g;
/** Deno's `new Deno.Command(program, { args: […] })` and `Deno.run({ cmd: […] })`. */
const DENO_COMMAND = 'Deno\\.(?:Command|run)(?=\\s*\\()';

/** Bun's (and zx's) `$` tagged template, alone or as `Bun.$`: the token is the `$`, the template follows. */
const BUN_SHELL = '(?<![A-Za-z0-9_$.])(?:Bun\\.)?\\$(?=`)';

/**
 * Where each language can shell out: a call name standing alone (not part of a longer identifier), and for
 * perl, ruby and php the backticks (perl's `qx`, ruby's `%x`). One native search jumps from one to the next,
 * so a megabyte of code without them is scanned in a millisecond.
 */
const SHELL_OUT: Record<ScannedLanguage, RegExp> = {
  python: shellOutPattern(SHELL_CALLS.python, []),
  node: shellOutPattern(SHELL_CALLS.node, [BUN_SHELL, DENO_COMMAND]),
  perl: shellOutPattern([...SHELL_CALLS.perl, 'qx'], ['`']),
  ruby: shellOutPattern(SHELL_CALLS.ruby, ['`', '%x']),
  php: shellOutPattern(SHELL_CALLS.php, ['`']),
  lua: shellOutPattern(SHELL_CALLS.lua, []),
  r: shellOutPattern(SHELL_CALLS.r, []),
  julia: shellOutPattern([], ['`']),
  awk: shellOutPattern(SHELL_CALLS.awk, [
    '\\|(?<=print[^|;}\\n]{0,500}\\|)\\s*(?="(?:/bin/)?(?:ba|z|da)?sh")',
    '(?=")',
  ]),
  applescript: shellOutPattern([], ['do shell script']),
};

/** Matches each of `names` standing alone (not inside a longer identifier) and each of `literals`. */
function shellOutPattern(names: Iterable<string>, literals: readonly string[]): RegExp {
  const all = [...names];
  const standalone = all.length === 0 ? [] : [`(?<![A-Za-z0-9_$])(?:${all.join('|')})(?![A-Za-z0-9_$])`];
  return new RegExp([...literals, ...standalone].join('|'), 'g');
}

/** Shell command lines that `code` evidently runs or amounts to (see the header). */
export function shellCommandsInCode(language: Language, written: string): string[] {
  if (language === 'powershell') return powershellCommands(written);
  if (language === 'cmd') return cmdCommands(written);
  if (language === 'tcl') return tclCommands(written);
  if (language === 'make') return makeRecipes(written);
  return scannedCommands(language, written, 0);
}

/** Deepest decoded code read again (`exec(base64.b64decode(…))` inside decoded code …). */
const MAX_DECODED_DEPTH = 4;

function scannedCommands(language: ScannedLanguage, written: string, depth: number): string[] {
  const code = rewriteIndirectCalls(language, normalizeCode(language, written));
  const names = codeNames(language, code);
  const found: string[] = [];
  for (const { text, prefix } of workingFolderSegments(language, code, names)) {
    const lines = [
      ...shellOutCommands(language, text, names),
      ...(language === 'python' ? pythonExecCommands(text, names) : []),
      ...fileOperationCommands(language, text, names),
      ...secretReadCommands(language, text),
    ];
    for (const line of lines) found.push(prefix + line);
  }
  const decoded = decodedCodeCommands(language, code, names, (payload) =>
    depth < MAX_DECODED_DEPTH ? scannedCommands(language, payload, depth + 1) : [UNKNOWN_CODE],
  );
  for (const line of decoded) found.push(line);
  return found;
}

/** Where code changes its working folder: `os.chdir(X)`, `process.chdir(X)`, `Dir.chdir(X)`, `chdir X`. */
const CHDIR: Partial<Record<ScannedLanguage, RegExp>> = {
  python: /(?<![\w.])(?:os\.)?chdir\s*\(/g,
  node: /(?<![\w$.])process\.chdir\s*\(/g,
  ruby: /(?<![\w.])(?:Dir|FileUtils)\.(?:chdir|cd)\b\s*\(?/g,
  perl: /(?<![\w$])chdir\b\s*\(?/g,
  php: /(?<![\w$])chdir\s*\(/g,
  lua: /(?<![\w.])lfs\.chdir\s*\(/g,
  r: /(?<![\w.])setwd\s*\(/g,
  julia: /(?<![\w.])cd\s*\(/g,
};
/** Most changes of the working folder followed. */
const MAX_CHDIRS = 16;

/**
 * The code cut where it changes its working folder: each piece with the `cd FOLDER && ` (one per change so
 * far) that puts its relative paths where they are, so the shell analysis's cd tracking resolves them
 * (`os.chdir(os.path.expanduser('~')); shutil.rmtree('.ssh')` → `cd ~ && rm -rf .ssh`). Perl's bare `chdir`
 * goes home.
 */
function workingFolderSegments(
  language: ScannedLanguage,
  code: string,
  names: CodeNames,
): { text: string; prefix: string }[] {
  const chdir = CHDIR[language];
  if (!chdir || !/chdir|\bcd\b|setwd/.test(code)) return [{ text: code, prefix: '' }];
  const segments: { text: string; prefix: string }[] = [];
  let prefix = '';
  let start = 0;
  chdir.lastIndex = 0;
  for (let match = chdir.exec(code); match !== null && segments.length < MAX_CHDIRS; match = chdir.exec(code)) {
    const parenthesized = match[0].endsWith('(');
    const call = readArguments(code, chdir.lastIndex, language, !parenthesized);
    chdir.lastIndex = Math.max(chdir.lastIndex, call.end);
    const [target] = call.args;
    const folder =
      target === undefined ? (language === 'perl' ? '~' : undefined) : evaluatePath(target.trim(), language, names);
    // A folder not known changes nothing ssg can resolve: its paths stay as they were read.
    if (folder === undefined || folder === UNKNOWN_TARGET) continue;
    segments.push({ text: code.slice(start, match.index), prefix });
    prefix += `cd ${folder} && `;
    start = match.index;
  }
  segments.push({ text: code.slice(start), prefix });
  return segments;
}

/** The command lines of the calls that shell out. */
function shellOutCommands(language: ScannedLanguage, code: string, names: CodeNames): string[] {
  const found: string[] = [];
  const shellOut = SHELL_OUT[language];
  shellOut.lastIndex = 0;
  for (let match = shellOut.exec(code); match !== null; match = shellOut.exec(code)) {
    const token = match[0];
    let end = shellOut.lastIndex;
    if (token === '' && language === 'awk') {
      // `"cmd" | getline`: the string before `| getline` is a command.
      const literal = readStringLiteral(code, end, 'awk');
      if (literal && /^\s*\|\s*getline\b/.test(code.slice(literal.end, literal.end + 40))) found.push(literal.value);
      end = literal ? literal.end : end + 1;
    } else if (token.startsWith('|') && language === 'awk') {
      // `print EXPR | "sh"`: what is printed is shell code.
      const print = code.lastIndexOf('print', match.index);
      const printed = shellText(code.slice(print + 'print'.length, match.index), 'awk', names);
      if (printed !== undefined) found.push(printed);
    } else if (token === 'Deno.Command' || token === 'Deno.run') {
      const call = readArguments(code, skipSpaces(code, end) + 1, 'node', false);
      const commandLine = denoCommandLine(token, call.args, names);
      if (commandLine !== undefined) found.push(commandLine);
      end = call.end;
    } else if (token === '`' && language === 'julia') {
      const literal = readDelimited(code, end, '`');
      found.push(juliaCommandLine(literal.body, names));
      end = literal.end;
    } else if (token === '$' || token === 'Bun.$') {
      const literal = readDelimited(code, end + 1, '`');
      found.push(templateCommandLine(literal.body, names));
      end = literal.end;
    } else if (token === '`') {
      const literal = readDelimited(code, end, '`');
      found.push(literal.body);
      end = literal.end;
    } else if (token === '%x' || token === 'qx') {
      const opener = code[end];
      // `qx` must be followed by its delimiter (`qx{…}`, `qx(…)`); `%x` takes any character.
      if (opener !== undefined && (token === '%x' || /[^\sA-Za-z0-9_,;=]/.test(opener))) {
        const literal = readDelimited(code, end + 1, opener);
        found.push(literal.body);
        end = literal.end;
      }
    } else {
      const certain =
        CERTAIN_CALLS[language].has(token) ||
        CERTAIN_RECEIVER.test(code.slice(Math.max(0, match.index - 20), match.index));
      const call = readCallArguments(code, end, language, names, certain);
      if (call.commandLine !== undefined)
        found.push(workingFolderOption(code, end, language, names) + call.commandLine);
      end = Math.max(end, call.end);
    }
    shellOut.lastIndex = Math.max(end, shellOut.lastIndex);
  }
  return found;
}

/** An option naming the working folder: `cwd=X` (Python), `{ cwd: X }` (Node), `chdir: X` (Ruby). */
const CWD_OPTION = /^\s*['"]?(?:cwd|chdir)['"]?\s*(?:=>|[:=])\s*([^]+)$/;

/** `cd FOLDER && ` for a call (its name ends at `from`) given a working folder option, else ''. */
function workingFolderOption(code: string, from: number, language: ScannedLanguage, names: CodeNames): string {
  const open = skipSpaces(code, from);
  if (code[open] !== '(') return '';
  const { args } = readArguments(code, open + 1, language, false);
  for (const arg of args) {
    const text = arg.trim();
    const options = text.startsWith('{') ? readArguments(text, 1, language, false).args : [text];
    const value = options.map((option) => CWD_OPTION.exec(option)?.[1]).find((found) => found !== undefined);
    const folder = value === undefined ? undefined : evaluatePath(value.trim(), language, names);
    if (folder !== undefined) return folder === UNKNOWN_TARGET ? '' : `cd ${folder} && `;
  }
  return '';
}

/** `new Deno.Command('rm', { args: ['-rf', p] })`, `Deno.run({ cmd: ['rm', '-rf', p] })`: the argument vector. */
function denoCommandLine(token: string, args: string[], names: CodeNames): string | undefined {
  const [first = '', second = ''] = args;
  const listIn = (options: string, key: string): string[] => {
    const at = new RegExp(`\\b${key}\\s*:\\s*\\[`).exec(options);
    return at ? readArguments(options, at.index + at[0].length, 'node', false).args : [];
  };
  const argv = token === 'Deno.run' ? listIn(first, 'cmd') : [first, ...listIn(second, 'args')];
  if (argv.length === 0 || argv[0]!.trim() === '') return undefined;
  return argv.map((arg) => argumentWord(arg, 'node', names)).join(' ');
}

/** A Julia command literal: its text is words, each `$x` / `$(expr)` one word (code-paths.ts reads it). */
function juliaCommandLine(body: string, names: CodeNames): string {
  return body.replace(/\$(?:\(((?:[^()]|\([^()]*\))*)\)|([A-Za-z_]\w*))/g, (_, expression?: string, name?: string) =>
    evaluatePath(expression ?? name!, 'julia', names),
  );
}

/**
 * Python's exec and spawn families: the program and its argument vector (`os.execvp('rm', ['rm', '-rf', p])`
 * is `rm -rf <p>`, argv[0] being the program's name); spawn's first argument is a mode; `pty.spawn` and
 * `pexpect.spawn` take a command line or a vector.
 */
function pythonExecCommands(code: string, names: CodeNames): string[] {
  const found: string[] = [];
  PYTHON_EXEC.lastIndex = 0;
  for (let match = PYTHON_EXEC.exec(code); match !== null; match = PYTHON_EXEC.exec(code)) {
    const name = match[0];
    const call = readArguments(code, skipSpaces(code, PYTHON_EXEC.lastIndex) + 1, 'python', false);
    PYTHON_EXEC.lastIndex = Math.max(PYTHON_EXEC.lastIndex, call.end);
    const args = call.args.filter((arg) => !/^\s*[A-Za-z_]\w*\s*=[^=]/.test(arg));
    if (name === 'spawn') {
      const [first] = args;
      if (first === undefined) continue;
      const vector = listItems(first);
      const words = vector ?? [first];
      if (vector === undefined && readStringLiteral(first.trim(), 0, 'python')?.end === first.trim().length) {
        found.push(readStringLiteral(first.trim(), 0, 'python')!.value);
        continue;
      }
      found.push(words.map((arg) => argumentWord(arg, 'python', names)).join(' '));
      continue;
    }
    const rest = name.startsWith('spawn') ? args.slice(1) : args;
    const [program, ...more] = rest;
    if (program === undefined) continue;
    const vector = /v|posix/.test(name) ? listItems(more[0] ?? '') : more;
    if (vector === undefined) continue;
    const operands = vector.slice(1, /e$/.test(name) && /l/.test(name) ? -1 : undefined);
    found.push([program, ...operands].map((arg) => argumentWord(arg, 'python', names)).join(' '));
  }
  return found;
}

/** The items of a literal list or tuple (`['rm', '-rf', p]`), or undefined when the text is not one. */
function listItems(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!/^[[(]/.test(trimmed)) return undefined;
  return readArguments(trimmed, 1, 'python', false).args;
}

/** Languages whose shell calls may drop the parentheses. */
const BARE_SHELL_CALLS: ReadonlySet<ScannedLanguage> = new Set(['perl', 'ruby', 'applescript']);

/** Languages whose `system LIST` takes each argument as one word of the argument vector, computed or not. */
const WORD_ARGUMENTS: ReadonlySet<ScannedLanguage> = new Set(['perl', 'ruby']);

/**
 * Reads `( "…", ["…", …], … ` after a call's name: the leading literal arguments, as one command line (a
 * single string is shell code; otherwise each is a word, the list elements too).
 */
function readCallArguments(
  code: string,
  from: number,
  language: ScannedLanguage,
  names: CodeNames,
  certain: boolean,
): { commandLine?: string; end: number } {
  let p = skipSpaces(code, from);
  const parenthesized = code[p] === '(';
  if (parenthesized) p = skipSpaces(code, p + 1);
  const computed = computedCommand(code, p, language, names, parenthesized, certain);
  if (computed) return computed;
  const words: string[] = [];
  let shellCode: string | undefined;
  let count = 0;
  let afterComma = false;
  for (;;) {
    const literal = readStringLiteral(code, p, language);
    if (literal) {
      if (count === 0) shellCode = literal.value;
      words.push(quote(literal.value));
      p = literal.end;
    } else if (code[p] === '[' || (language === 'r' && code.startsWith('c(', p))) {
      const list = readArguments(code, p + (code[p] === '[' ? 1 : 2), language, false);
      words.push(...list.args.map((element) => argumentWord(element, language, names)));
      shellCode = undefined;
      p = list.end;
    } else {
      break;
    }
    count += 1;
    afterComma = false;
    p = skipSpaces(code, p);
    if (code[p] !== ',') break;
    afterComma = true;
    p = skipSpaces(code, p + 1);
  }
  if (count === 0) return { end: p };
  if (afterComma && WORD_ARGUMENTS.has(language)) {
    const rest = readArguments(code, p, language, !parenthesized);
    const more = rest.args.filter((arg) => !isOptionArgument(arg)).map((arg) => argumentWord(arg, language, names));
    if (more.length > 0) shellCode = undefined;
    words.push(...more);
    p = rest.end;
  }
  if (count === 1 && shellCode !== undefined) return { commandLine: shellCode, end: p };
  return { commandLine: words.join(' '), end: p };
}

/**
 * A call whose first argument is an expression, not a literal or a list: the shell code it evaluates to
 * (`"rm -rf " . getenv("HOME")` is `rm -rf $HOME`, a decoded base64 literal its text), else, for a call that
 * surely runs a command, `sh -c $UNKNOWN`; undefined when the first argument is a literal or a list.
 */
function computedCommand(
  code: string,
  p: number,
  language: ScannedLanguage,
  names: CodeNames,
  parenthesized: boolean,
  certain: boolean,
): { commandLine?: string; end: number } | undefined {
  if (code[p] === '[' || code[p] === ')' || (language === 'r' && code.startsWith('c(', p))) return undefined;
  // Without parentheses only perl, ruby and AppleScript call (`system $cmd`); elsewhere the name is not a call.
  if (!parenthesized && !BARE_SHELL_CALLS.has(language)) return undefined;
  const call = readArguments(code, p, language, !parenthesized);
  const [first] = call.args;
  // Several arguments are an argument vector (perl's and ruby's `system LIST`), read word by word.
  if (first === undefined || call.args.length > 1) return undefined;
  const text = first.trim();
  const literal = readStringLiteral(text, 0, language);
  if (literal && literal.end === text.length && !literal.interpolated) return undefined;
  if (/^\s*[A-Za-z_]\w*\s*=[^=]/.test(first)) return undefined;
  const shell = shellText(text, language, names);
  // An interpolated literal whose expressions are not known is read as written, as before.
  if (literal && literal.end === text.length && shell === undefined) return undefined;
  if (shell !== undefined && shell !== UNKNOWN_TARGET) return { commandLine: shell, end: call.end };
  return certain ? { commandLine: `sh -c ${UNKNOWN_TARGET}`, end: call.end } : { end: call.end };
}

/** One argument of an argument vector as a shell word: a literal quoted, anything else as code-paths.ts reads it. */
function argumentWord(expression: string, language: ScannedLanguage, names: CodeNames): string {
  const text = expression.trim();
  const literal = readStringLiteral(text, 0, language);
  if (literal && literal.end === text.length && !literal.interpolated) return quote(literal.value);
  return evaluatePath(text, language, names);
}

/** Keyword arguments and option hashes (`exception: true`, `{chdir => "x"}`, `:err => …`) are not words. */
function isOptionArgument(arg: string): boolean {
  return /^\s*(?:\{|:\w+\s*=>|[A-Za-z_]\w*:\s|[A-Za-z_]\w*\s*=[^=~])/.test(arg);
}

/**
 * The command line of a Bun `$` template: the text is shell code, and each `${…}` one word (Bun quotes it),
 * the word code-paths.ts reads for the expression.
 */
function templateCommandLine(body: string, names: CodeNames): string {
  let line = '';
  let last = 0;
  let i = body.indexOf('${');
  while (i >= 0) {
    const expression = readDelimited(body, i + 2, '{');
    line += body.slice(last, i) + evaluatePath(expression.body, 'node', names);
    last = expression.end;
    i = body.indexOf('${', last);
  }
  return line + body.slice(last);
}
