// The program a hook command starts, at install (it must be nameable) and in `ssg doctor` (it must still be there).
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { findOnPath } from './command-on-path';
import type { InstallTarget } from './adapter-installer';
import { ConfigFileError } from '../config-edit/config-file-error';
import { programOf } from './ssg-program';

/** The ssg program for a hook in `path`; init refuses, writing nothing, when there is none. */
export function requireSsgProgram(target: InstallTarget, path: string): string {
  if (target.ssg !== undefined) return target.ssg;
  throw new ConfigFileError(
    path,
    'the hook must name ssg by a path that exists, and `ssg` is not on PATH (nor is this the ssg command line): install ssg (npm install -g) or put it on PATH, then run init again',
  );
}

/** Why a hook command would not start ssg: its program (or node's script) is gone. */
export function hookProgramProblem(command: string): string | undefined {
  for (const word of programOf(command)) {
    const exists = isAbsolute(word) ? existsSync(word) : findOnPath(word, process.env.PATH ?? '') !== undefined;
    if (!exists)
      return `the hook runs \`${command}\`, but ${word} does not exist, so the host cannot run it: run \`ssg init\` again`;
  }
  return undefined;
}
