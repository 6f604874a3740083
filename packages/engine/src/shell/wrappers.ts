// Programs that run another command given in their arguments (`sudo rm …`, `xargs rm`, `find … -exec rm {} \;`)
// and what each one runs. The analysis shows the wrapper's own view and then the wrapped command's.
import type { Execution } from './executions';
import { type OptionGrammar, optionValue, type ReadOptions, readOptions } from './options';
import { quote } from './render';
import type { Word } from './word';

interface Wrapper extends OptionGrammar {
  /** Operands between the options and the command: timeout's duration, chroot's root, flock's lock file. */
  operands?: number;
  /** `NAME=value` words before the command set its environment. */
  assignments?: boolean;
  /** Options that make the operands something other than a command (`command -v rm` only looks rm up). */
  noCommand?: readonly string[];
}

const WRAPPERS: Record<string, Wrapper> = {
  sudo: {
    short: 'ugpCDrtTU',
    long: [
      '--user',
      '--group',
      '--prompt',
      '--close-from',
      '--chdir',
      '--role',
      '--type',
      '--command-timeout',
      '--other-user',
      '--host',
    ],
    assignments: true,
    noCommand: ['-e', '--edit', '-l', '--list'],
  },
  doas: { short: 'uC' },
  env: { short: 'uCSP', long: ['--unset', '--chdir', '--split-string'], assignments: true },
  nohup: {},
  timeout: { short: 'ks', long: ['--kill-after', '--signal'], operands: 1 },
  nice: { short: 'n', long: ['--adjustment'] },
  ionice: {
    short: 'cnpPu',
    long: ['--class', '--classdata', '--pid', '--pgid', '--uid'],
    noCommand: ['-p', '-P', '-u'],
  },
  command: { noCommand: ['-v', '-V'] },
  exec: { short: 'a' },
  builtin: {},
  time: { short: 'fo', long: ['--format', '--output'] },
  stdbuf: { short: 'ioe', long: ['--input', '--output', '--error'] },
  setsid: {},
  chroot: { long: ['--userspec', '--groups'], operands: 1 },
  busybox: {},
  xargs: {
    short: 'adEILnPs',
    attached: 'eil',
    long: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
  },
  watch: { short: 'nq', attached: 'd', long: ['--interval', '--equexit'] },
  flock: { short: 'wEc', long: ['--timeout', '--conflict-exit-code', '--command'], operands: 1 },
  // The host is the operand; -N (no command), -W (stdio forwarding), -O (control command) and -s (subsystem)
  // run no remote command.
  ssh: { short: 'BbcDEeFIiJLlmOopQRSWw', operands: 1, noCommand: ['-N', '-W', '-O', '-s'] },
};

const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** What the wrapper command `words` (named `name`) runs, or undefined if `name` is not a wrapper. */
export function wrappedExecutions(name: string, words: readonly Word[]): Execution[] | undefined {
  if (name === 'find') return findActions(words);
  const wrapper = WRAPPERS[name];
  if (!wrapper) return undefined;
  const read = readOptions(words, 1, wrapper);
  if (wrapper.noCommand?.some((option) => optionValue(read, option) !== undefined)) return [];
  let next = read.next;
  if (wrapper.assignments) while (words[next]?.assignment) next += 1;
  next += wrapper.operands ?? 0;
  switch (name) {
    case 'env':
      return envExecutions(read, words.slice(next));
    case 'watch':
      return watchExecutions(read, words.slice(next));
    case 'flock':
      return flockExecutions(read, words, next, wrapper);
    case 'ssh':
      return sshExecutions(words, next, wrapper);
    default:
      return commandAt(words, next);
  }
}

function commandAt(words: readonly Word[], start: number): Execution[] {
  return start < words.length ? [{ kind: 'command', words: words.slice(start) }] : [];
}

/** `env -S 'cmd args'` splits its string into a command line. */
function envExecutions(read: ReadOptions, rest: Word[]): Execution[] {
  const split = optionValue(read, '-S', '--split-string');
  if (split === undefined) return commandAt(rest, 0);
  return [{ kind: 'shell', script: [split, ...rest.map((word) => quote(word.text))].join(' ') }];
}

/** watch hands its arguments, joined by spaces, to `sh -c` (unless `-x`). */
function watchExecutions(read: ReadOptions, rest: Word[]): Execution[] {
  if (optionValue(read, '-x', '--exec') !== undefined) return commandAt(rest, 0);
  return rest.length > 0 ? [{ kind: 'shell', script: rest.map((word) => word.text).join(' ') }] : [];
}

/** `flock [options] FILE COMMAND…` or `flock [options] FILE -c 'command line'` (`-c` also before FILE). */
function flockExecutions(read: ReadOptions, words: readonly Word[], next: number, wrapper: Wrapper): Execution[] {
  const after = readOptions(words, next, wrapper);
  const script = optionValue(after, '-c', '--command') ?? optionValue(read, '-c', '--command');
  return script === undefined ? commandAt(words, after.next) : [{ kind: 'shell', script }];
}

/**
 * ssh joins its arguments after the host with spaces and hands them to the remote user's shell, so they are
 * shell code (`ssh host rm -rf '~'` removes the remote home). Options may also follow the host.
 */
function sshExecutions(words: readonly Word[], next: number, wrapper: Wrapper): Execution[] {
  const after = readOptions(words, next, wrapper);
  if (wrapper.noCommand?.some((option) => optionValue(after, option) !== undefined)) return [];
  const rest = words.slice(after.next);
  return rest.length > 0 ? [{ kind: 'shell', script: rest.map((word) => word.text).join(' ') }] : [];
}

/** The commands of `-exec CMD … ;` / `-exec CMD … {} +` (and -execdir, -ok, -okdir). */
function findActions(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  let i = 1;
  while (i < words.length) {
    if (!FIND_ACTIONS.has(words[i]!.text)) {
      i += 1;
      continue;
    }
    const start = i + 1;
    let end = start;
    while (end < words.length && !endsFindAction(words, end)) end += 1;
    if (end > start) found.push({ kind: 'command', words: words.slice(start, end) });
    i = end + 1;
  }
  return found;
}

function endsFindAction(words: readonly Word[], i: number): boolean {
  const text = words[i]!.text;
  return text === ';' || (text === '+' && words[i - 1]?.text === '{}');
}
