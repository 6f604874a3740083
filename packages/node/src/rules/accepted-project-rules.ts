// Where accepted project rules live, and finding the ones that apply to a call's working folder. `ssg trust`
// (project-trust.ts) writes them; rule sources (sources.ts) read them. The copy of a project's `.ssg/rules` lives
// in `<home>/trusted-projects/<id>/rules/`, the id derived from the live folder's real path, so every spelling of
// the project (a symlink, `..`) finds it; walking up from a call's working folder, the nearest accepted project
// applies. A lookup costs one stat per folder level and reads no file contents: hooks do it on every call.
import { dirname, join, resolve, sep } from 'node:path';
import { isDirectory, realPathOrSelf } from '../fs-probe';
import { nameHash } from '../name-hash';

export interface AcceptedProjectRules {
  /** The live folder the copy was accepted from. */
  folder: string;
  /** The accepted copy's rules folder: the files that apply. */
  rulesDir: string;
}

const TRUSTED = 'trusted-projects';

export function trustedProjectsDir(home: string): string {
  return join(resolve(home), TRUSTED);
}

/** Whether a rule file is an accepted project copy (and so belongs to the layer that only tightens). */
export function isAcceptedProjectFile(home: string, path: string): boolean {
  return path.startsWith(trustedProjectsDir(home) + sep);
}

/**
 * How a live `.ssg/rules` folder is named in the trusted copies: under its project folder's real path, whatever
 * spelling reached it (the `.ssg` folder itself may be a link; the rules are copied from wherever it points).
 */
export function projectRulesKey(liveFolder: string): string {
  return join(realPathOrSelf(dirname(dirname(resolve(liveFolder)))), '.ssg', 'rules');
}

/** Where the accepted copy of a live folder (named by its key) is kept. */
export function acceptedEntryDir(home: string, key: string): string {
  return join(trustedProjectsDir(home), nameHash(key));
}

/** The nearest ancestor of `cwd` (itself included) whose project rules a person accepted. */
export function findAcceptedProjectRules(cwd: string, home: string): AcceptedProjectRules | undefined {
  let dir = realPathOrSelf(resolve(cwd));
  for (;;) {
    const folder = join(dir, '.ssg', 'rules');
    const rulesDir = join(acceptedEntryDir(home, folder), 'rules');
    if (isDirectory(rulesDir)) return { folder, rulesDir };
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
