// How a hook names `ssg`: by a path that exists, never by the bare name. A host runs its hook with its own PATH,
// and a hook that cannot start fails open in most hosts (Claude Code treats it as a non-blocking error), also under
// Sleep at Night's fail-closed layer. So init writes `ssg`'s absolute path as found on PATH, or, when it is not on
// PATH, the Node binary and the CLI script that is running init; `ssg doctor` checks that the program is still there.
import { statSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import { findOnPath } from './command-on-path';

/** The command prefix that starts ssg, quoted for a POSIX shell where needed; undefined when none can be named. */
export function ssgProgram(env: NodeJS.ProcessEnv, runningScript: string | undefined): string | undefined {
  const onPath = findOnPath('ssg', env.PATH ?? '');
  if (onPath) return shellQuote(onPath);
  if (
    runningScript &&
    isAbsolute(runningScript) &&
    /^ssg(\.c?js)?$/.test(basename(runningScript)) &&
    isFile(runningScript)
  ) {
    return `${shellQuote(process.execPath)} ${shellQuote(runningScript)}`;
  }
  return undefined;
}

/** A hook command split at ssg: the words that start it (ssg, or node and ssg's script) and its arguments. */
function splitAtSsg(command: string): { program: string[]; args: string } | undefined {
  const words = shellWords(command);
  const at = words.findIndex((word, i) => i < 2 && /^ssg(\.c?js|\.cmd|\.exe)?$/.test(basename(word)));
  return at < 0 ? undefined : { program: words.slice(0, at + 1), args: words.slice(at + 1).join(' ') };
}

/** Whether a hook command starts ssg with `args` (`hook eval`, …), however ssg is named in it. */
export const runsSsg = (command: unknown, args: string): boolean =>
  typeof command === 'string' && splitAtSsg(command)?.args === args;

/** The program a hook command starts (ssg, or node and its script), for checking that it still exists and runs. */
export const programOf = (command: string): string[] => splitAtSsg(command)?.program ?? [];

/** A path as one POSIX shell word. */
export const shellQuote = (text: string): string =>
  /^[A-Za-z0-9_./:@%+=-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;

/** Splits a command into words, honouring single and double quotes (enough for the commands init writes). */
function shellWords(command: string): string[] {
  return [...command.trim().matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
