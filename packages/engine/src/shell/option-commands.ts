// Programs that run a shell command given in one of their options or in an environment variable, read as
// executions so the rules judge the command (wrappers.ts dispatches here):
//
// git: `rebase -x|--exec CMD`, `bisect run CMD ARGS…` (a command), `filter-branch --tree-filter|--index-filter|
// --msg-filter|--commit-filter|--env-filter|--parent-filter CODE`, `submodule foreach [--recursive] CODE…`,
// `difftool -x|--extcmd CMD`, `grep -OCMD|--open-files-in-pager=CMD`, `archive --exec CMD`, `clone -u|
// --upload-pack CMD`, `fetch|pull|ls-remote --upload-pack CMD`, `push --receive-pack|--exec CMD`, and `-c KEY=CMD`
// for the keys whose value is a command (diff.external, core.editor, core.pager, core.sshCommand,
// core.fsmonitor, sequence.editor, pager.*, mergetool.*.cmd, difftool.*.cmd, uploadpack.packObjectsHook);
// the variables that hold a command (GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF, GIT_EDITOR, GIT_SEQUENCE_EDITOR,
// GIT_PAGER, EDITOR, VISUAL, PAGER, MANPAGER, SUDO_EDITOR), as a prefix assignment or through `env VAR=…`;
// `split --filter CMD`; tar's `--checkpoint-action=exec=CMD`, `--to-command CMD`, `-I|--use-compress-program
// CMD`, `--info-script|--new-volume-script CMD`; zip's `-TT|--unzip-command CMD`; ssh/scp/sftp's `-o
// ProxyCommand=CMD` (also LocalCommand, KnownHostsCommand); rsync's `-e|--rsh CMD` and `--rsync-path CMD`;
// make's `--eval TEXT`/`-E TEXT` (its recipes, as script-languages.ts reads a Makefile); cmake's `-E rm [-r]
// [-f] PATHS` (`rm -rf`/`rm -f`), `-E remove [-f] PATHS`, `-E remove_directory PATHS`, `-E chdir DIR CMD…`,
// `-E env [VAR=x…] CMD…`, `-E time CMD…`; expect's `spawn CMD…` in its `-c` code. Each a shell command line
// unless said otherwise. Pure, linear in the words, never throwing.
import type { Execution } from './executions';
import { readOptions } from './options';
import { makeRecipes, tclCommands } from './script-languages';
import type { Word } from './word';

/** What the options of the command `words` (named `name`) run, or undefined if `name` has no such options. */
export function optionCommands(name: string, words: readonly Word[]): Execution[] | undefined {
  const reader = OPTION_COMMANDS[name];
  return reader ? reader(words) : undefined;
}

/** Environment variables whose value is a command line that programs run in a shell. */
const COMMAND_VARIABLES = new Set([
  'GIT_SSH_COMMAND',
  'GIT_EXTERNAL_DIFF',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_PAGER',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'MANPAGER',
  'SUDO_EDITOR',
]);

/**
 * The commands held by the `NAME=value` words that set a command variable (`GIT_SSH_COMMAND='rm -rf ~' git
 * fetch`, `env EDITOR=… crontab -e`): each value is shell code.
 */
export function environmentCommands(assignments: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (const word of assignments) {
    const equals = word.text.indexOf('=');
    if (equals <= 0 || !COMMAND_VARIABLES.has(word.text.slice(0, equals))) continue;
    found.push(...shell(word.text.slice(equals + 1)));
  }
  return found;
}

function shell(script: string | undefined): Execution[] {
  return script === undefined || script.trim() === '' ? [] : [{ kind: 'shell', script }];
}

function command(words: readonly Word[], start: number): Execution[] {
  return start < words.length ? [{ kind: 'command', words: words.slice(start) }] : [];
}

function bare(text: string): Word {
  return { text, bare: true, quoted: false, assignment: false };
}

/**
 * The values of the given options anywhere in `words[start…]` (up to `--`): `--name=value`, `--name value`,
 * `-xvalue`, `-x value`, also after bundled flags (`-ix value`) when `flags` lists the letters before it.
 * `attachedOnly` options take only an attached value (`-O`, `--open-files-in-pager`: a bare one has none).
 */
function valuesOf(
  words: readonly Word[],
  start: number,
  options: { short?: string; long?: readonly string[]; flags?: string; attachedOnly?: boolean },
): string[] {
  const found: string[] = [];
  for (let i = start; i < words.length; i += 1) {
    const text = words[i]!.text;
    if (text === '--') break;
    if (text.startsWith('--')) {
      const equals = text.indexOf('=');
      const name = equals < 0 ? text : text.slice(0, equals);
      if (!options.long?.includes(name)) continue;
      if (equals >= 0) found.push(text.slice(equals + 1));
      else if (!options.attachedOnly && i + 1 < words.length) found.push(words[++i]!.text);
      continue;
    }
    if (options.short === undefined || !text.startsWith('-')) continue;
    let j = 1;
    while (j < text.length && options.flags?.includes(text[j]!) && !options.short.includes(text[j]!)) j += 1;
    if (j >= text.length || !options.short.includes(text[j]!)) continue;
    const attached = text.slice(j + 1);
    if (attached !== '') found.push(attached);
    else if (!options.attachedOnly && i + 1 < words.length) found.push(words[++i]!.text);
  }
  return found;
}

const OPTION_COMMANDS: Record<string, (words: readonly Word[]) => Execution[]> = {
  git: gitCommands,
  split: (words) => valuesOf(words, 1, { long: ['--filter'] }).flatMap(shell),
  tar: tarCommands,
  zip: zipTest,
  ssh: sshOptionCommands,
  scp: sshOptionCommands,
  sftp: sshOptionCommands,
  rsync: (words) =>
    valuesOf(words, 1, {
      short: 'e',
      flags: 'avzrlptgoDhHPSxucnWqiRAXEKLkOJmyC',
      long: ['--rsh', '--rsync-path'],
    }).flatMap(shell),
  make: makeEval,
  gmake: makeEval,
  cmake: cmakeCommands,
  expect: expectSpawns,
};

// ---- git ----

const GIT_OPTIONS = {
  short: 'cC',
  long: ['--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--list-cmds'],
};

/** `-c KEY=VALUE` keys whose value git runs as a command (lowercase; subsection names matched by pattern). */
const GIT_COMMAND_KEYS =
  /^(?:diff\.external|core\.(?:editor|pager|sshcommand|fsmonitor)|sequence\.editor|pager\..+|(?:mergetool|difftool)\..+\.cmd|uploadpack\.packobjectshook)$/s;
const BOOLEAN = /^(?:true|false|yes|no|on|off|[01]|)$/i;

const FILTER_BRANCH_OPTIONS = [
  '--tree-filter',
  '--index-filter',
  '--msg-filter',
  '--commit-filter',
  '--env-filter',
  '--parent-filter',
];

function gitCommands(words: readonly Word[]): Execution[] {
  const read = readOptions(words, 1, GIT_OPTIONS);
  const found: Execution[] = [];
  for (const [option, value] of read.seen) {
    if (option !== '-c') continue;
    const equals = value.indexOf('=');
    if (equals <= 0) continue;
    const key = value.slice(0, equals).toLowerCase();
    const setting = value.slice(equals + 1);
    if (GIT_COMMAND_KEYS.test(key) && !BOOLEAN.test(setting.trim())) found.push(...shell(setting));
  }
  found.push(...gitSubcommand(words, read.next));
  return found;
}

function gitSubcommand(words: readonly Word[], at: number): Execution[] {
  const start = at + 1;
  switch (words[at]?.text) {
    case 'rebase':
      return valuesOf(words, start, { short: 'x', flags: 'ikmnqvfp', long: ['--exec'] }).flatMap(shell);
    case 'bisect':
      return words[start]?.text === 'run' ? command(words, start + 1) : [];
    case 'filter-branch':
      return valuesOf(words, start, { long: FILTER_BRANCH_OPTIONS }).flatMap(shell);
    case 'submodule': {
      let i = start;
      while (words[i]?.text.startsWith('-')) i += 1;
      if (words[i]?.text !== 'foreach') return [];
      i += 1;
      while (words[i]?.text === '--recursive' || words[i]?.text === '-q' || words[i]?.text === '--quiet') i += 1;
      if (words[i]?.text === '--') i += 1;
      return shell(
        words
          .slice(i)
          .map((word) => word.text)
          .join(' '),
      );
    }
    case 'difftool':
      return valuesOf(words, start, { short: 'x', flags: 'ygdt', long: ['--extcmd'] }).flatMap(shell);
    case 'grep':
      return valuesOf(words, start, { short: 'O', long: ['--open-files-in-pager'], attachedOnly: true }).flatMap(shell);
    case 'archive':
      return valuesOf(words, start, { long: ['--exec'] }).flatMap(shell);
    case 'clone':
      return valuesOf(words, start, { short: 'u', flags: 'lsqvn', long: ['--upload-pack'] }).flatMap(shell);
    case 'fetch':
    case 'pull':
    case 'ls-remote':
      return valuesOf(words, start, { long: ['--upload-pack'] }).flatMap(shell);
    case 'push':
      return valuesOf(words, start, { long: ['--receive-pack', '--exec'] }).flatMap(shell);
    default:
      return [];
  }
}

/** zip's `-TT CMD` (`--unzip-command CMD`): the command that tests the archive. */
function zipTest(words: readonly Word[]): Execution[] {
  const found = valuesOf(words, 1, { long: ['--unzip-command'] });
  for (let i = 1; i < words.length; i += 1) {
    const text = words[i]!.text;
    if (text === '-TT' && i + 1 < words.length) found.push(words[++i]!.text);
    else if (text.startsWith('-TT=')) found.push(text.slice(4));
  }
  return found.flatMap(shell);
}

// ---- tar, ssh, make, cmake, expect ----

function tarCommands(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (const value of valuesOf(words, 1, { long: ['--checkpoint-action'] })) {
    const exec = /^exec=([^]*)$/.exec(value);
    if (exec) found.push(...shell(exec[1]));
  }
  const programs = valuesOf(words, 1, {
    short: 'I',
    flags: 'cxtrvzjJpPkhSOuWaBGMimlnU',
    long: ['--to-command', '--use-compress-program', '--info-script', '--new-volume-script'],
  });
  return [...found, ...programs.flatMap(shell)];
}

const SSH_COMMAND_OPTIONS = /^\s*(?:proxycommand|localcommand|knownhostscommand)\s*(?:=\s*|\s+)([^]*)$/i;

/** ssh's, scp's and sftp's `-o ProxyCommand=CMD` (`-oProxyCommand=CMD`, `-o 'ProxyCommand CMD'`; not `none`). */
function sshOptionCommands(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (const value of valuesOf(words, 1, { short: 'o', flags: '1246ACGKMNTXYafgknqstvxr3' })) {
    const option = SSH_COMMAND_OPTIONS.exec(value);
    if (option && option[1]!.trim().toLowerCase() !== 'none') found.push(...shell(option[1]));
  }
  return found;
}

/** make's `--eval=TEXT` (`-E TEXT`): a Makefile fragment whose recipe lines are shell code. */
function makeEval(words: readonly Word[]): Execution[] {
  return valuesOf(words, 1, { short: 'E', long: ['--eval'] }).flatMap((text) => makeRecipes(text).flatMap(shell));
}

/** cmake's `-E` tools that delete files or run a command. */
function cmakeCommands(words: readonly Word[]): Execution[] {
  const tool = words.findIndex((word, i) => i > 0 && word.text === '-E');
  if (tool < 0) return [];
  const name = words[tool + 1]?.text;
  const args = words.slice(tool + 2);
  const rm = (flags: string, paths: readonly Word[]): Execution[] =>
    paths.length > 0 ? [{ kind: 'command', words: [bare('rm'), bare(flags), ...paths] }] : [];
  switch (name) {
    case 'rm': {
      const flags = args.filter((word) => /^-[rRf]+$/.test(word.text) || word.text === '--');
      const paths = args.filter((word) => !flags.includes(word));
      return rm(flags.some((word) => /[rR]/.test(word.text)) ? '-rf' : '-f', paths);
    }
    case 'remove':
      return rm(
        '-f',
        args.filter((word) => word.text !== '-f'),
      );
    case 'remove_directory':
      return rm('-rf', args);
    case 'chdir':
      return command(words, tool + 3);
    case 'time':
      return command(words, tool + 2);
    case 'env': {
      let i = tool + 2;
      while (i < words.length && (words[i]!.assignment || words[i]!.text.startsWith('-'))) {
        if (words[i]!.text === '--') {
          i += 1;
          break;
        }
        i += 1;
      }
      return command(words, i);
    }
    default:
      return [];
  }
}

const SPAWN = /(?:^|[\n;[{])\s*spawn((?:\s+-(?:noecho|console|nottycopy|nottyinit|pty|leaveopen))*)\s+([^\n;\]}]*)/g;

/** expect's `spawn CMD…` statements in its `-c` code: the spawned command, read as Tcl's `exec` is. */
function expectSpawns(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (const code of valuesOf(words, 1, { short: 'c', flags: 'dDinNbv' })) {
    for (const match of code.matchAll(SPAWN)) {
      for (const line of tclCommands(`exec ${match[2]!}`)) found.push(...shell(line));
    }
  }
  return found;
}
