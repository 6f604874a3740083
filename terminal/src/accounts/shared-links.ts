// An account's folder shares everything but the login with the main `~/.claude` through links, so every account
// runs with the same settings, instructions, skills, agents, commands, plugins and hooks, and sees the same
// conversations (`claude --resume` on another account needs one shared `projects/`).
//
// Never linked: `.credentials.json` and `.claude.json`, which carry the account's identity (a shared credentials
// file merges two accounts into one). A link points at the final file (the realpath of the target): Claude Code's
// atomic settings write follows one link hop and otherwise replaces the link with a regular file of its own.
// What Claude Code (or the user) replaced by a real file or folder is reported, never overwritten: it may hold
// edits made in that account. Items the main folder lacks are not linked (a dangling link breaks Claude Code's own
// mkdir/rename); they are linked by the next repair once they exist, so repair before every launch.
//
// Windows: folders are linked as directory junctions (no privilege needed); file links need Developer Mode or an
// administrator, and when they cannot be made the item is reported instead.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

export const SHARED_ITEMS: readonly string[] = Object.freeze([
  'settings.json',
  'CLAUDE.md',
  'skills',
  'agents',
  'commands',
  'plugins',
  'hooks',
  'projects',
]);

/** The account's identity: never linked, and a link found there is reported. */
export const NEVER_SHARED: readonly string[] = Object.freeze(['.credentials.json', '.claude.json']);

export type SharedLinkProblemKind =
  /** A real file or folder where the link should be (Claude Code replaced the link, or the user made it). */
  | 'not-a-link'
  /** The link could not be made (Windows file links without the privilege, a read-only folder…). */
  | 'cannot-link'
  /** `.credentials.json` or `.claude.json` is a link: this account shares another's identity. */
  | 'identity-shared';

export interface SharedLinkProblem {
  item: string;
  /** The path in the account's folder. */
  path: string;
  kind: SharedLinkProblemKind;
  /** For a health view: what is wrong and what the user can do. */
  message: string;
}

export interface SharedLinksOptions {
  /** The account's config folder. */
  configDir: string;
  /** The main Claude Code folder (`~/.claude`). */
  mainDir: string;
  platform?: NodeJS.Platform;
}

/** Makes the account folder's missing links, corrects stale ones, and lists what it could not fix. */
export function repairSharedLinks(options: SharedLinksOptions): SharedLinkProblem[] {
  const platform = options.platform ?? process.platform;
  try {
    mkdirSync(options.configDir, { recursive: true, mode: 0o700 });
  } catch {
    // Reported below, as each link failing with the reason.
  }
  const problems: SharedLinkProblem[] = [];
  for (const item of SHARED_ITEMS) {
    let problem: SharedLinkProblem | undefined;
    try {
      problem = repairLink(item, options, platform);
    } catch (error) {
      const path = join(options.configDir, item);
      problem = {
        item,
        path,
        kind: 'cannot-link',
        message: `Cannot check or link ${path}: ${(error as Error).message}`,
      };
    }
    if (problem) problems.push(problem);
  }
  for (const name of NEVER_SHARED) {
    const path = join(options.configDir, name);
    if (isLink(path))
      problems.push({
        item: name,
        path,
        kind: 'identity-shared',
        message: `${path} is a link, so this account shares another account's login; remove the link and log in again in this account.`,
      });
  }
  return problems;
}

function repairLink(
  item: string,
  options: SharedLinksOptions,
  platform: NodeJS.Platform,
): SharedLinkProblem | undefined {
  const path = join(options.configDir, item);
  const source = join(options.mainDir, item);
  // Resume across accounts needs one projects folder: made in ~/.claude before any account makes its own.
  if (item === 'projects') mkdirSync(source, { recursive: true, mode: 0o700 });
  if (!existsSync(source)) return undefined;
  const target = realpathSync(source);
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(path);
  } catch {
    existing = undefined;
  }
  if (existing && !existing.isSymbolicLink()) {
    const what = existing.isDirectory() ? 'a folder of its own' : 'a file of its own';
    return {
      item,
      path,
      kind: 'not-a-link',
      message: `${path} is ${what}, not a link to ${target}, so this account does not share it (Claude Code may have replaced the link). It may hold changes made in this account: merge them into ${target}, then delete ${path}.`,
    };
  }
  if (existing) {
    if (pointsAt(path, target)) return undefined;
    // A link holds no data: one to the wrong place (the user moved their dotfiles, a link to a link) is replaced.
    unlinkSync(path);
  }
  const folder = statSync(target).isDirectory();
  try {
    symlinkSync(target, path, folder ? (platform === 'win32' ? 'junction' : 'dir') : 'file');
    return undefined;
  } catch (error) {
    return {
      item,
      path,
      kind: 'cannot-link',
      message: `Cannot link ${path} to ${target} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), so this account does not share it.${platform === 'win32' && !folder ? ' Windows needs Developer Mode (or an administrator) for file links.' : ''}`,
    };
  }
}

function pointsAt(link: string, target: string): boolean {
  try {
    // Only a direct link to the final file counts: a chain is what Claude Code's write cannot follow.
    return resolve(join(link, '..'), readlinkSync(link)) === target && realpathSync(link) === target;
  } catch {
    return false;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
