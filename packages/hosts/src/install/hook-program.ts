// The program a hook command starts, at install (it must be nameable) and in `ssg doctor` (it must still be there
// and still run: `<program> --version` must exit 0, which proves the interpreter and ssg's own files load).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { SSG_INSTALL_COMMAND } from '@ssg/node/npm-package';
import { findOnPath } from './command-on-path';
import type { InstallTarget } from './adapter-installer';
import { ConfigFileError } from '../config-edit/config-file-error';
import { programOf } from './ssg-program';

/** The ssg program for a hook in `path`; init refuses, writing nothing, when there is none. */
export function requireSsgProgram(target: InstallTarget, path: string): string {
  if (target.ssg !== undefined) return target.ssg;
  throw new ConfigFileError(
    path,
    `the hook must name ssg by a path that exists, and \`ssg\` is not on PATH (nor is this the ssg command line): install ssg (${SSG_INSTALL_COMMAND}) or put it on PATH, then run init again`,
  );
}

/** A run of ssg that says nothing but its version takes well under a second; a hung one is a broken one. */
const PROBE_TIMEOUT_MS = 10_000;

/** Why a hook command would not start ssg: its program (or node's script) is gone, or no longer runs. */
export function hookProgramProblem(command: string): string | undefined {
  const program = programOf(command);
  for (const word of program) {
    const exists = isAbsolute(word) ? existsSync(word) : findOnPath(word, process.env.PATH ?? '') !== undefined;
    if (!exists) {
      return `the hook runs \`${command}\`, but ${word} does not exist, so the host cannot run it: run \`ssg init\` again`;
    }
  }
  const [executable, ...args] = program;
  if (executable === undefined) return undefined;
  const probe = spawnSync(executable, [...args, '--version'], { timeout: PROBE_TIMEOUT_MS, encoding: 'utf8' });
  if (probe.status === 0) return undefined;
  const why = probe.error?.message ?? (probe.stderr.trim().split('\n')[0] || `exit ${probe.status ?? probe.signal}`);
  return `the hook runs \`${command}\`, but \`${program.join(' ')} --version\` fails (${why}), so the host cannot run it`;
}
