// How a shell program was asked to run code: a `-c` string, its stdin, or a script file we cannot see.
import type { Word } from './word';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'fish']);

/** Options of a shell that take the next word as their value. */
const SHELL_LONG_WITH_VALUE = new Set(['--rcfile', '--init-file', '--init-command']);

export function isShell(name: string): boolean {
  return SHELLS.has(name);
}

export interface ShellInvocation {
  /** The code of `-c CODE` (undefined for `-c` missing its argument, or no `-c`). */
  script?: string;
  /** The words after `-c CODE`: its `$0`, `$1`, … */
  arguments?: Word[];
  /** The script file it runs (`bash x.sh`), and the words after it (its `$1`, …). */
  file?: Word;
  fileArguments?: Word[];
  /** The shell reads its commands from stdin (no script operand, or `-s`/`-`). */
  readsStdin: boolean;
}

/** Reads `bash -c …`, `sh -lc …`, `bash -x -c …`, `bash -o pipefail -c …`, `bash -s`, `bash script.sh`. */
export function shellInvocation(words: readonly Word[]): ShellInvocation {
  let commandString = false;
  let stdinFlag = false;
  let i = 1;
  while (i < words.length) {
    const arg = words[i]!.text;
    if (arg === '--' || arg === '-') {
      stdinFlag ||= arg === '-';
      i += 1;
      break;
    }
    if (arg.startsWith('--command=')) return { script: arg.slice('--command='.length), readsStdin: false };
    if (arg.startsWith('--')) {
      commandString ||= arg === '--command';
      i += SHELL_LONG_WITH_VALUE.has(arg) ? 2 : 1;
      continue;
    }
    if (arg.length < 2 || (arg[0] !== '-' && arg[0] !== '+')) break;
    i += 1;
    for (const flag of arg.slice(1)) {
      if (flag === 'c') commandString = true;
      else if (flag === 's') stdinFlag = true;
      else if (flag === 'o' || flag === 'O') i += 1;
    }
  }
  if (commandString) {
    const script = words[i]?.text;
    return script === undefined ? { readsStdin: false } : { script, arguments: words.slice(i + 1), readsStdin: false };
  }
  if (stdinFlag || i >= words.length || isStdinPath(words[i]!.text)) return { readsStdin: true };
  return { file: words[i], fileArguments: words.slice(i + 1), readsStdin: false };
}

/** A script path that is the shell's own stdin: `bash /dev/stdin <<< 'code'`, `source /dev/fd/0`. */
export function isStdinPath(path: string): boolean {
  return /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(path);
}
