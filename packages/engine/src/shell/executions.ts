// What a simple command runs besides itself: a wrapped command, a string of shell code, interpreter code,
// and whether it executes what it reads on stdin.
import { interpreterInvocation, interpreterLanguage, type Language } from './interpreters';
import { commandName } from './render';
import { isShell, shellInvocation } from './shells';
import type { Word } from './word';
import { wrappedExecutions } from './wrappers';

export type Execution =
  | { kind: 'command'; words: Word[] }
  /** `sameShell`: the code runs in the calling shell (`eval`), so the variables it sets outlive it. */
  | { kind: 'shell'; script: string; sameShell?: boolean }
  | { kind: 'code'; language: Language; code: string };

/** Code that runs what arrives on stdin: a shell, or an interpreter in the given language. */
export type StdinReader = 'shell' | Language;

interface CommandEffects {
  executions: Execution[];
  stdin?: StdinReader;
}

const NOTHING: CommandEffects = { executions: [] };

export function commandEffects(words: readonly Word[]): CommandEffects {
  const [first] = words;
  if (!first) return NOTHING;
  const name = commandName(first);
  if (isShell(name)) {
    const { script, readsStdin } = shellInvocation(words);
    const effects: CommandEffects = { executions: script === undefined ? [] : [{ kind: 'shell', script }] };
    if (readsStdin) effects.stdin = 'shell';
    return effects;
  }
  if (name === 'eval') {
    const args = words[1]?.text === '--' ? words.slice(2) : words.slice(1);
    const script = args.map((word) => word.text).join(' ');
    return { executions: args.length > 0 ? [{ kind: 'shell', script, sameShell: true }] : [] };
  }
  if (name === 'su' || name === 'runuser') {
    const script = suCommand(words);
    return { executions: script === undefined ? [] : [{ kind: 'shell', script }] };
  }
  const language = interpreterLanguage(name);
  if (language) {
    const { code, readsStdin } = interpreterInvocation(language, words);
    const effects: CommandEffects = { executions: code === undefined ? [] : [{ kind: 'code', language, code }] };
    if (readsStdin) effects.stdin = language;
    return effects;
  }
  const wrapped = wrappedExecutions(name, words);
  return wrapped ? { executions: wrapped } : NOTHING;
}

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
