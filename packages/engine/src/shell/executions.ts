// What a simple command runs besides itself: a wrapped command, a string of shell code, interpreter code,
// and whether it executes what it reads on stdin.
import { interpreterInvocation, interpreterLanguage, type Language } from './interpreters';
import { environmentCommands, optionCommands } from './option-commands';
import { readOptions } from './options';
import { commandName } from './render';
import { isShell, isStdinPath, shellInvocation } from './shells';
import type { Word } from './word';
import { wrappedExecutions } from './wrappers';

export type Execution =
  | { kind: 'command'; words: Word[] }
  /**
   * `sameShell`: the code runs in the calling shell (`eval`), so the variables it sets outlive it; `arguments`:
   * its `$0`, `$1`, … (`bash -c CODE a b`).
   */
  | { kind: 'shell'; script: string; sameShell?: boolean; arguments?: Word[] }
  | { kind: 'code'; language: Language; code: string };

/** Code that runs what arrives on stdin: a shell, or an interpreter in the given language. */
export type StdinReader = 'shell' | Language;

interface CommandEffects {
  executions: Execution[];
  stdin?: StdinReader;
}

const NOTHING: CommandEffects = { executions: [] };

/**
 * `assignments`: the command's prefix assignments (`GIT_SSH_COMMAND='cmd' git fetch`); the command a variable
 * such as GIT_SSH_COMMAND or EDITOR holds runs too (option-commands.ts).
 */
export function commandEffects(words: readonly Word[], assignments?: readonly Word[]): CommandEffects {
  const effects = ownEffects(words);
  const assigned = assignments && words.length > 0 ? environmentCommands(assignments) : [];
  return assigned.length > 0 ? { ...effects, executions: [...assigned, ...effects.executions] } : effects;
}

function ownEffects(words: readonly Word[]): CommandEffects {
  const [first] = words;
  if (!first) return NOTHING;
  const name = commandName(first);
  if (isShell(name)) {
    const { script, arguments: args, readsStdin } = shellInvocation(words);
    const execution: Execution | undefined =
      script === undefined
        ? undefined
        : args && args.length > 0
          ? { kind: 'shell', script, arguments: args }
          : { kind: 'shell', script };
    const effects: CommandEffects = { executions: execution ? [execution] : [] };
    if (readsStdin) effects.stdin = 'shell';
    return effects;
  }
  // `source /dev/stdin <<< 'code'`, `. /dev/stdin`: the calling shell reads its stdin as code.
  if ((name === 'source' || name === '.') && isStdinPath(words[1]?.text ?? ''))
    return { executions: [], stdin: 'shell' };
  if (name === 'trap') return trapped(words);
  if (name === 'at' || name === 'batch') return scheduled(words);
  if (name === 'script') return typescript(words);
  // `history -s CMD` puts CMD where `fc -s` runs it again; `fc -e CMD` runs CMD as its editor.
  if (name === 'history' && words[1]?.text === '-s' && words.length > 2) {
    return {
      executions: [
        {
          kind: 'shell',
          script: words
            .slice(2)
            .map((word) => word.text)
            .join(' '),
        },
      ],
    };
  }
  if (name === 'fc' && words[1]?.text === '-e' && words[2] !== undefined) {
    return { executions: [{ kind: 'shell', script: words[2].text }] };
  }
  if (name === 'eval') {
    const args = words[1]?.text === '--' ? words.slice(2) : words.slice(1);
    const script = args.map((word) => word.text).join(' ');
    return { executions: args.length > 0 ? [{ kind: 'shell', script, sameShell: true }] : [] };
  }
  if (name === 'runuser') {
    // `runuser -u USER [--] CMD…` runs the command itself; with -c (or without -u) it is su's command line.
    const read = readOptions(words, 1, RUNUSER_OPTIONS);
    const options = read.seen.map(([option]) => option);
    const command = options.some((option) => /^(?:-c|--command|--session-command)$/.test(option));
    if (!command && options.some((option) => option === '-u' || option === '--user')) {
      return { executions: read.next < words.length ? [{ kind: 'command', words: words.slice(read.next) }] : [] };
    }
  }
  if (name === 'su' || name === 'runuser') {
    const script = suCommand(words);
    return { executions: script === undefined ? [] : [{ kind: 'shell', script }] };
  }
  const language = interpreterLanguage(name);
  if (language) {
    const { code, readsStdin } = interpreterInvocation(language, words);
    // make's `--eval`, expect's `spawn`: commands their options run besides the code.
    const effects: CommandEffects = {
      executions: [
        ...(code === undefined ? [] : [{ kind: 'code', language, code } as const]),
        ...(optionCommands(name, words) ?? []),
      ],
    };
    if (readsStdin) effects.stdin = language;
    return effects;
  }
  const wrapped = wrappedExecutions(name, words);
  return wrapped ? { executions: wrapped } : NOTHING;
}

/** runuser's options that take a value (`-u` names the user the command after the options runs as). */
const RUNUSER_OPTIONS = {
  short: 'ugGcsw',
  long: ['--user', '--group', '--supp-group', '--command', '--session-command', '--shell', '--whitelist-environment'],
};

/** `su [options] [user] -c 'command line'` (also `--command`, `--command=…`, `-lc …`), in any position. */
function suCommand(words: readonly Word[]): string | undefined {
  for (let i = 1; i < words.length; i += 1) {
    const arg = words[i]!.text;
    if (arg === '--command') return words[i + 1]?.text;
    if (arg.startsWith('--command=')) return arg.slice('--command='.length);
    if (/^-[a-zA-Z]*c/.test(arg) && !arg.startsWith('--')) {
      const attached = arg.slice(arg.indexOf('c') + 1);
      return attached !== '' ? attached : words[i + 1]?.text;
    }
  }
  return undefined;
}

/** at's and batch's options that take a value. */
const AT_OPTIONS_WITH_VALUE = /^-[A-Za-z]*[qft]$/;

/**
 * `at TIME`, `batch`: the job is shell code read on stdin, unless listed, removed or shown (`-l`, `-r`, `-d`,
 * `-c`), or read from a file (`-f FILE`: see scheduledFile).
 */
function scheduled(words: readonly Word[]): CommandEffects {
  const options = words.slice(1).filter((word) => /^-[A-Za-z]/.test(word.text));
  if (options.some((word) => /^-[A-Za-z]*[lrdcfV]/.test(word.text))) return NOTHING;
  return { executions: [], stdin: 'shell' };
}

/** The file `at -f FILE` or `batch -f FILE` runs as shell code. */
export function scheduledFile(words: readonly Word[]): Word | undefined {
  const name = words[0] && commandName(words[0]);
  if (name !== 'at' && name !== 'batch') return undefined;
  for (let i = 1; i < words.length; i += 1) {
    const arg = words[i]!.text;
    if (/^-[A-Za-z]*f$/.test(arg)) return words[i + 1];
    if (/^-[A-Za-z]*f./.test(arg)) return { ...words[i]!, text: arg.slice(arg.indexOf('f') + 1), parts: undefined };
    if (AT_OPTIONS_WITH_VALUE.test(arg)) i += 1;
  }
  return undefined;
}

/** script's options that take a value (`-c` is the command). */
const SCRIPT_FLAGS_WITH_VALUE = 'EIOBTm';
const SCRIPT_LONG_WITH_VALUE = new Set([
  '--echo',
  '--log-in',
  '--log-out',
  '--log-io',
  '--log-timing',
  '--logging-format',
  '--output-limit',
]);

/**
 * `script -c CMD [file]` (util-linux; also `-qc CMD`, `-qec CMD`, `--command CMD`, `--command=CMD`) runs CMD
 * in a shell; BSD's `script [-q] file command …` runs the command after the file.
 */
function typescript(words: readonly Word[]): CommandEffects {
  const operands: Word[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const arg = words[i]!.text;
    if (arg === '--') {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (arg === '--command') return shellOf(words[i + 1]?.text);
    if (arg.startsWith('--command=')) return shellOf(arg.slice('--command='.length));
    if (arg.startsWith('--')) {
      if (SCRIPT_LONG_WITH_VALUE.has(arg)) i += 1;
      continue;
    }
    if (arg.length < 2 || arg[0] !== '-') {
      // BSD: the file, then the command and its own options.
      operands.push(...words.slice(i));
      break;
    }
    for (let j = 1; j < arg.length; j += 1) {
      if (arg[j] === 'c') return shellOf(j + 1 < arg.length ? arg.slice(j + 1) : words[i + 1]?.text);
      if (SCRIPT_FLAGS_WITH_VALUE.includes(arg[j]!)) {
        if (j + 1 === arg.length) i += 1;
        break;
      }
    }
  }
  return operands.length > 1 ? { executions: [{ kind: 'command', words: operands.slice(1) }] } : NOTHING;
}

function shellOf(script: string | undefined): CommandEffects {
  return script === undefined ? NOTHING : { executions: [{ kind: 'shell', script }] };
}

/**
 * `trap 'code' EXIT ERR …`: the code runs later, when one of the signals comes (`trap - INT` and `trap '' INT`
 * reset or ignore them; `trap -p`, `trap -l` list).
 */
function trapped(words: readonly Word[]): CommandEffects {
  const args = words[1]?.text === '--' ? words.slice(2) : words.slice(1);
  const [code] = args;
  if (!code || args.length < 2 || code.text === '-' || code.text.trim() === '' || /^-[lp]$/.test(code.text)) {
    return NOTHING;
  }
  return { executions: [{ kind: 'shell', script: code.text }] };
}
