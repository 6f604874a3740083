// Programs that run another command given in their arguments (`sudo rm …`, `xargs rm`, `find … -exec rm {} \;`)
// and what each one runs. The analysis shows the wrapper's own view and then the wrapped command's.
//
// Also read as wrappers: package runners (`npx`, `bunx`, `pnpx`, `pnpm dlx|exec`, `yarn dlx|exec`, `npm exec|x`)
// run their package's command (`npx rimraf@5 dist` runs `rimraf dist`; `npx -c 'cmd'` a command line); the
// deleting CLIs rimraf, del (del-cli) and trash (trash-cli, trash-put) are `rm -rf` of their operands; vim (vi,
// nvim, ex, view) runs the shell command of a `-c`/`+`/`--cmd` command that starts with `!` (also `r !…`,
// `w !…`, `call system('…')`); git runs an alias defined on its own command line (`git -c alias.x='!cmd' x`
// runs `cmd` in a shell, a plain alias its git command); a container run (`docker run`, `podman run`,
// `docker container run`) with a host folder mounted (`-v HOST:DEST`, `--volume`, `--mount
// type=bind,source=HOST,target=DEST`) reads the container's command with the paths under DEST as the host's
// (`docker run -v $HOME:/h img rm -rf /h/x` is `rm -rf $HOME/x` on the host); without such a path it touches
// only the container and gives nothing. Also the environment and project runners (`uv run`, `poetry run`,
// `conda run -n x`, `bundle exec`, `direnv exec DIR`, `mise exec --`, `pipx run`, `uvx`), and the programs that
// run a shell command line: `sg GROUP -c`, `tmux new 'cmd'` (new-window, split-window, run-shell…), gdb's
// `-ex 'shell cmd'`/`-ex '!cmd'`, sqlite3's `.shell`/`.system`; also `chronic CMD…` and `pkexec CMD…`. The
// commands that programs run from an option or a variable (`git rebase -x CMD`, `tar --to-command=CMD`, `ssh -o
// ProxyCommand=CMD`, `env EDITOR=CMD …`) are read in option-commands.ts and added to what the wrapper runs.
import type { Execution } from './executions';
import { environmentCommands, optionCommands } from './option-commands';
import { type OptionGrammar, optionValue, type ReadOptions, readOptions } from './options';
import { quote } from './render';
import { isBareText, type Word } from './word';

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
  // The CPU mask (or `-c` list) is the operand; `-p PID` changes a running process.
  taskset: { operands: 1, noCommand: ['-p', '--pid'] },
  // The priority is the operand; `-p PID` changes a running process, `-m` lists the priorities.
  chrt: {
    short: 'TPD',
    long: ['--sched-runtime', '--sched-period', '--sched-deadline'],
    operands: 1,
    noCommand: ['-p', '--pid', '-m', '--max'],
  },
  strace: {
    short: 'abeEIoOpPsSuUX',
    long: [
      '--output',
      '--trace',
      '--attach',
      '--user',
      '--env',
      '--string-limit',
      '--columns',
      '--summary-sort-by',
      '--trace-path',
    ],
  },
  ltrace: { short: 'aAeFlnopsuwxD', long: ['--output', '--library', '--indent', '--align'] },
  fakeroot: { short: 'lsib', long: ['--lib', '--faked'] },
  unshare: {
    short: 'SGRw',
    long: ['--setuid', '--setgid', '--root', '--wd', '--propagation', '--map-user', '--map-group', '--setgroups'],
  },
  setpriv: {
    long: [
      '--reuid',
      '--regid',
      '--ruid',
      '--euid',
      '--rgid',
      '--egid',
      '--groups',
      '--inh-caps',
      '--ambient-caps',
      '--bounding-set',
      '--securebits',
      '--pdeathsig',
      '--selinux-label',
      '--apparmor-profile',
    ],
    noCommand: ['-d', '--dump'],
  },
  runcon: { short: 'urtl', long: ['--user', '--role', '--type', '--range'] },
  nsenter: { short: 'tSG', long: ['--target', '--setuid', '--setgid'] },
  catchsegv: {},
  valgrind: {},
  'dbus-run-session': { long: ['--config-file', '--dbus-daemon'] },
  'flatpak-spawn': { long: ['--env', '--directory', '--forward-fd', '--sandbox-expose', '--sandbox-expose-ro'] },
  'systemd-run': {
    short: 'pEMHu',
    long: [
      '--property',
      '--setenv',
      '--machine',
      '--host',
      '--unit',
      '--description',
      '--slice',
      '--uid',
      '--gid',
      '--nice',
      '--working-directory',
      '--service-type',
      '--on-active',
      '--on-boot',
      '--on-startup',
      '--on-unit-active',
      '--on-unit-inactive',
      '--on-calendar',
      '--timer-property',
      '--path-property',
      '--socket-property',
      '--capsule',
    ],
  },
  'cross-env': { assignments: true },
  dotenv: { short: 'ev' },
  'xvfb-run': {
    short: 'efnpsw',
    long: ['--error-file', '--auth-file', '--server-num', '--xauth-protocol', '--server-args', '--wait'],
  },
  firejail: {},
  // `-X` sends a command to a running session; -r, -x, -R attach to one, -Q queries one.
  screen: { short: 'cehpsStT', noCommand: ['-X', '-r', '-x', '-R', '-Q'] },
  // `chronic [-ev] CMD…` (moreutils), `pkexec [--user U] CMD…`.
  chronic: {},
  pkexec: { long: ['--user'] },
};

const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * What the wrapper command `words` (named `name`) runs, with the commands its options run (option-commands.ts),
 * or undefined if `name` is neither.
 */
export function wrappedExecutions(name: string, words: readonly Word[]): Execution[] | undefined {
  const wrapped = wrapperExecutions(name, words);
  const options = optionCommands(name, words);
  if (options === undefined) return wrapped;
  return wrapped === undefined ? options : [...wrapped, ...options];
}

function wrapperExecutions(name: string, words: readonly Word[]): Execution[] | undefined {
  if (name === 'find') return findActions(words);
  const special = SPECIAL_WRAPPERS[name];
  if (special) return special(words);
  const wrapper = WRAPPERS[name];
  if (!wrapper) return undefined;
  const read = readOptions(words, 1, wrapper);
  if (wrapper.noCommand?.some((option) => optionValue(read, option) !== undefined)) return [];
  let next = read.next;
  if (wrapper.assignments) while (words[next]?.assignment) next += 1;
  // `env EDITOR='cmd' crontab -e`, `sudo GIT_SSH_COMMAND='cmd' git fetch`: the variable's command runs too.
  const assigned = environmentCommands(words.slice(read.next, next));
  next += wrapper.operands ?? 0;
  if (assigned.length > 0) return [...assigned, ...wrappedCommand(name, words, read, next, wrapper)];
  return wrappedCommand(name, words, read, next, wrapper);
}

function wrappedCommand(
  name: string,
  words: readonly Word[],
  read: ReadOptions,
  next: number,
  wrapper: Wrapper,
): Execution[] {
  switch (name) {
    case 'env':
      return envExecutions(read, words.slice(next));
    case 'watch':
      return watchExecutions(read, words.slice(next));
    case 'flock':
      return flockExecutions(read, words, next, wrapper);
    case 'ssh':
      return sshExecutions(words, next, wrapper);
    case 'runcon':
      // Without -u, -r, -t or -l the first operand is the whole context.
      return commandAt(
        words,
        read.seen.some(([option]) => option !== '-c' && option !== '--compute') ? next : next + 1,
      );
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

const SPECIAL_WRAPPERS: Record<string, (words: readonly Word[]) => Execution[]> = {
  npx: (words) => packageRunner(words, 1),
  bunx: (words) => packageRunner(words, 1),
  pnpx: (words) => packageRunner(words, 1),
  pnpm: (words) => (/^(?:dlx|exec)$/.test(words[1]?.text ?? '') ? packageRunner(words, 2) : []),
  yarn: (words) => (/^(?:dlx|exec)$/.test(words[1]?.text ?? '') ? packageRunner(words, 2) : []),
  npm: (words) => (/^(?:exec|x)$/.test(words[1]?.text ?? '') ? packageRunner(words, 2) : []),
  rimraf: deletingCli,
  del: deletingCli,
  'del-cli': deletingCli,
  trash: deletingCli,
  'trash-put': deletingCli,
  vim: vimCommands,
  vi: vimCommands,
  nvim: vimCommands,
  ex: vimCommands,
  view: vimCommands,
  git: gitAlias,
  docker: containerRun,
  podman: containerRun,
  uv: (words) => subcommandRunner(words, ['run'], UV_OPTIONS),
  uvx: (words) => commandAt(words, readOptions(words, 1, UV_OPTIONS).next),
  poetry: (words) => subcommandRunner(words, ['run'], { short: 'CP', long: ['--directory', '--project'] }),
  pdm: (words) => subcommandRunner(words, ['run'], { short: 'p', long: ['--project', '--venv'] }),
  pipenv: (words) => subcommandRunner(words, ['run'], {}),
  conda: (words) => subcommandRunner(words, ['run'], CONDA_OPTIONS),
  mamba: (words) => subcommandRunner(words, ['run'], CONDA_OPTIONS),
  micromamba: (words) => subcommandRunner(words, ['run'], CONDA_OPTIONS),
  bundle: (words) => subcommandRunner(words, ['exec'], { long: ['--gemfile'] }),
  direnv: (words) => subcommandRunner(words, ['exec'], {}, 1),
  asdf: (words) => subcommandRunner(words, ['exec'], {}),
  mise: miseExec,
  rtx: miseExec,
  pipx: (words) =>
    subcommandRunner(words, ['run'], {
      long: ['--spec', '--python', '--index-url', '--pip-args', '--fetch-missing-python'],
    }),
  sg: groupCommand,
  tmux: tmuxCommand,
  gdb: gdbCommands,
  sqlite3: sqliteCommands,
};

const UV_OPTIONS = {
  short: 'pw',
  long: [
    '--with',
    '--with-requirements',
    '--with-editable',
    '--python',
    '--directory',
    '--project',
    '--package',
    '--env-file',
    '--extra',
    '--group',
    '--index',
    '--from',
  ],
};
const CONDA_OPTIONS = { short: 'np', long: ['--name', '--prefix', '--cwd'] };

/** `uv run [options] CMD …`, `poetry run CMD …`, `direnv exec DIR CMD …`: the command after the subcommand. */
function subcommandRunner(
  words: readonly Word[],
  subcommands: readonly string[],
  grammar: OptionGrammar,
  operands = 0,
): Execution[] {
  if (!subcommands.includes(words[1]?.text ?? '')) return [];
  return commandAt(words, readOptions(words, 2, grammar).next + operands);
}

/** `mise exec [TOOL@VERSION…] -- CMD …` (also `mise x`), or `mise exec -c 'command line'`. */
function miseExec(words: readonly Word[]): Execution[] {
  if (!/^(?:exec|x)$/.test(words[1]?.text ?? '')) return [];
  const read = readOptions(words, 2, { short: 'cCj', long: ['--command', '--cd', '--jobs'] });
  const script = optionValue(read, '-c', '--command');
  if (script !== undefined) return [{ kind: 'shell', script }];
  if (words[read.next - 1]?.text === '--') return commandAt(words, read.next);
  const separator = words.findIndex((word, i) => i >= read.next && word.text === '--');
  return separator < 0 ? [] : commandAt(words, separator + 1);
}

/** `sg GROUP -c 'command line'`, `sg GROUP 'command line'`: sg runs the command with /bin/sh -c. */
function groupCommand(words: readonly Word[]): Execution[] {
  const rest = words.slice(words[2]?.text === '-c' ? 3 : 2);
  return rest.length > 0 ? [{ kind: 'shell', script: rest.map((word) => word.text).join(' ') }] : [];
}

/** tmux commands that take a shell command, and their options that take a value. */
const TMUX_COMMANDS: Record<string, string> = {
  new: 'cefFnstxy',
  'new-session': 'cefFnstxy',
  'new-window': 'ceFnt',
  neww: 'ceFnt',
  'split-window': 'celtF',
  splitw: 'celtF',
  'respawn-pane': 'cet',
  respawnp: 'cet',
  'respawn-window': 'cet',
  respawnw: 'cet',
  'run-shell': 'cdt',
  run: 'cdt',
  'display-popup': 'bcdehsStTwxy',
  popup: 'bcdehsStTwxy',
};

/** `tmux [-L x] new[-session] [-d] [-s x] 'cmd'` (and new-window, split-window, run-shell…), `tmux -c 'cmd'`. */
function tmuxCommand(words: readonly Word[]): Execution[] {
  const read = readOptions(words, 1, { short: 'cfLST' });
  const script = optionValue(read, '-c');
  if (script !== undefined) return [{ kind: 'shell', script }];
  const short = TMUX_COMMANDS[words[read.next]?.text ?? ''];
  if (short === undefined) return [];
  const rest = words.slice(readOptions(words, read.next + 1, { short }).next);
  return rest.length > 0 ? [{ kind: 'shell', script: rest.map((word) => word.text).join(' ') }] : [];
}

const GDB_COMMAND_OPTIONS = /^--?(?:ex|iex|eval-command|init-eval-command)(?:=(.*))?$/s;

/** gdb's `-ex 'shell cmd'`, `-ex '!cmd'` (also `-iex`, `--eval-command=…`): shell commands it runs. */
function gdbCommands(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const option = GDB_COMMAND_OPTIONS.exec(words[i]!.text);
    if (!option) continue;
    const command = option[1] ?? words[++i]?.text ?? '';
    const shell = /^\s*(?:shell\s+|!)([^]*)$/.exec(command);
    if (shell && shell[1]!.trim() !== '') found.push({ kind: 'shell', script: shell[1]! });
  }
  return found;
}

/** sqlite3's `.shell CMD` and `.system CMD` dot-commands, given as its SQL argument or with `-cmd`. */
function sqliteCommands(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (const word of words.slice(1)) {
    for (const line of word.text.split('\n')) {
      const command = /^\s*\.(?:shell|system)\s+([^]*)$/.exec(line);
      if (command && command[1]!.trim() !== '') found.push({ kind: 'shell', script: command[1]! });
    }
  }
  return found;
}

const RUNNER_OPTIONS = { short: 'pc', long: ['--package', '--call', '--cache', '--registry', '--userconfig'] };

/** A package runner's command: `-c`/`--call` is a command line, else the package's words (version dropped). */
function packageRunner(words: readonly Word[], start: number): Execution[] {
  const read = readOptions(words, start, RUNNER_OPTIONS);
  const call = optionValue(read, '-c', '--call');
  if (call !== undefined) return [{ kind: 'shell', script: call }];
  const command = words[read.next];
  if (command === undefined) return [];
  const name = command.text.replace(/^(@?[^@]+)@.*$/, '$1').replace(/^@[^/]+\//, '');
  return [{ kind: 'command', words: [{ ...command, text: name }, ...words.slice(read.next + 1)] }];
}

/** rimraf, del, trash: `rm -rf` of the operands (their options dropped). */
function deletingCli(words: readonly Word[]): Execution[] {
  const operands = words.slice(1).filter((word) => !word.text.startsWith('-'));
  if (operands.length === 0) return [];
  const rm = (text: string): Word => ({ text, bare: true, quoted: false, assignment: false });
  return [{ kind: 'command', words: [rm('rm'), rm('-rf'), ...operands] }];
}

/** vim's Ex commands from `-c CMD`, `--cmd CMD` and `+CMD` that run a shell command. */
function vimCommands(words: readonly Word[]): Execution[] {
  const found: Execution[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const text = words[i]!.text;
    let command: string | undefined;
    if ((text === '-c' || text === '--cmd') && words[i + 1]) command = words[++i]!.text;
    else if (text.startsWith('+') && text.length > 1) command = text.slice(1);
    else if (/^-c./.test(text)) command = text.slice(2);
    const script = command === undefined ? undefined : vimShellCommand(command);
    if (script !== undefined) found.push({ kind: 'shell', script });
  }
  return found;
}

/** The shell command of one Ex command line: `!cmd`, `:silent !cmd`, `r !cmd`, `w !cmd`, `call system('cmd')`. */
function vimShellCommand(command: string): string | undefined {
  const ex = command.replace(/^[\s:]*(?:silent!?\s*)?/, '');
  const bang = /^(?:(?:r(?:ead)?|w(?:rite)?|[0-9,.$%]*)\s*)?!(.*)$/s.exec(ex);
  if (bang) return bang[1]!.trim() === '' ? undefined : bang[1];
  const system =
    /^(?:call\s+|echo\s+|let\s+\w+\s*=\s*)?system(?:list)?\(\s*(?:'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)")/.exec(ex);
  if (system) return system[1] !== undefined ? system[1].replaceAll("''", "'") : system[2]!.replace(/\\(.)/g, '$1');
  return undefined;
}

const GIT_OPTIONS = {
  short: 'cC',
  long: ['--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--list-cmds'],
};

/** `git -c alias.NAME=VALUE … NAME ARGS`: a `!` alias runs VALUE ARGS in a shell, any other is `git VALUE ARGS`. */
function gitAlias(words: readonly Word[]): Execution[] {
  const read = readOptions(words, 1, GIT_OPTIONS);
  const subcommand = words[read.next];
  if (subcommand === undefined) return [];
  const definition = read.seen.findLast(
    ([option, value]) => option === '-c' && value.toLowerCase().startsWith(`alias.${subcommand.text.toLowerCase()}=`),
  );
  if (definition === undefined) return [];
  const value = definition[1].slice(definition[1].indexOf('=') + 1).trim();
  const args = words.slice(read.next + 1).map((word) => quote(word.text));
  if (value.startsWith('!')) return [{ kind: 'shell', script: [value.slice(1), ...args].join(' ') }];
  return [{ kind: 'shell', script: ['git', value, ...args].join(' ') }];
}

/** docker run's options that take no value (every other option does, attached with `=` or as the next word). */
const CONTAINER_FLAGS = new Set([
  '--rm',
  '--detach',
  '--interactive',
  '--tty',
  '--privileged',
  '--init',
  '--read-only',
  '--publish-all',
  '--no-healthcheck',
  '--oom-kill-disable',
  '--sig-proxy',
  '--help',
  '--quiet',
  '--replace',
]);
const CONTAINER_SHORT_FLAGS = /^-[ditPq]+$/;

interface Mount {
  host: string;
  container: string;
}

/** A container run's command, read with its mounted host folders (see the header). */
function containerRun(words: readonly Word[]): Execution[] {
  let i = 1;
  if (words[i]?.text === 'container') i += 1;
  if (words[i]?.text !== 'run') return [];
  i += 1;
  const mounts: Mount[] = [];
  for (; i < words.length; i += 1) {
    const text = words[i]!.text;
    if (text === '--') {
      i += 1;
      break;
    }
    if (!text.startsWith('-')) break;
    if (CONTAINER_FLAGS.has(text) || CONTAINER_SHORT_FLAGS.test(text)) continue;
    const long = /^(--[^=]+)(?:=(.*))?$/s.exec(text);
    const short = /^-([A-Za-z])(.*)$/s.exec(text);
    const option = long ? long[1]! : `-${short?.[1] ?? ''}`;
    const attached = long ? long[2] : short?.[2] || undefined;
    const value = attached ?? words[++i]?.text ?? '';
    const mount =
      option === '-v' || option === '--volume'
        ? volumeMount(value)
        : option === '--mount'
          ? bindMount(value)
          : undefined;
    if (mount) mounts.push(mount);
  }
  const command = words.slice(i + 1);
  if (mounts.length === 0 || command.length === 0) return [];
  let replaced = false;
  const script = command.map((word) => {
    const text = mounts.reduce((current, mount) => onHost(current, mount), word.text);
    if (text === word.text) return word.text !== '' && isBareText(word.text) ? word.text : quote(word.text);
    replaced = true;
    return `"${text.replace(/["\\`]/g, '\\$&')}"`;
  });
  return replaced ? [{ kind: 'shell', script: script.join(' ') }] : [];
}

/** `-v HOST:DEST[:OPTIONS]`: a bind mount when HOST is a path (a named volume is not a host folder). */
function volumeMount(value: string): Mount | undefined {
  const [host = '', container = ''] = value.split(':');
  return hostPath(host) && container.startsWith('/') ? { host, container } : undefined;
}

/** `--mount type=bind,source=HOST,target=DEST`. */
function bindMount(value: string): Mount | undefined {
  const fields = new Map(
    value.split(',').map((field) => {
      const equals = field.indexOf('=');
      return [field.slice(0, equals < 0 ? undefined : equals), equals < 0 ? '' : field.slice(equals + 1)] as const;
    }),
  );
  if ((fields.get('type') ?? 'volume') !== 'bind') return undefined;
  const host = fields.get('source') ?? fields.get('src') ?? '';
  const container = fields.get('target') ?? fields.get('destination') ?? fields.get('dst') ?? '';
  return hostPath(host) && container.startsWith('/') ? { host, container } : undefined;
}

function hostPath(path: string): boolean {
  return /^(?:\/|~|\.|\$\{?(?:HOME|PWD)\b|\$\(pwd\))/.test(path);
}

/** The text with each path under the mount's container folder written as the host's path. */
function onHost(text: string, mount: Mount): string {
  const destination = mount.container.replace(/\/+$/, '');
  if (destination === '') return text;
  const escaped = destination.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const host = mount.host.replace(/\/+$/, '');
  return text
    .replace(new RegExp(`(^|[\\s'"=:;&|(])${escaped}(?=/|$|[\\s'";&|)])`, 'g'), (_, before: string) =>
      host === '' ? `${before}/` : `${before}${host}`,
    )
    .replace(/(^|[\s'"=:;&|(])\/\/+/g, '$1/');
}
