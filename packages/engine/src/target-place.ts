// A command's target (shell/targets.ts) placed against what the evaluator knows of the call: its working folder
// and, when the caller says, the user's home. The shell analysis never sees either (it is cached by command
// text), so it leaves `./x` and `~/x`; here they become what rules can rely on:
//   - a path inside the working folder reads `.` or `./x`, however it was spelled (`build`, `$PWD/build`,
//     `/home/dev/project/build`), so a rule can tell the project's own files from everything else;
//   - any other path reads `~` or `~/x` inside the home folder, else absolute (`../other` from
//     /home/dev/project is `~/other`, `/tmp/../etc` is `/etc`);
//   - a working folder that is no project (the root, a top-level folder such as /tmp or /etc, a home folder)
//     gives no `./` form: `rm -rf .ssh` run in the home folder deletes `~/.ssh`.
// Without a known working folder, relative targets stay relative (`./x`, `..`, `../x`).
// Links: given `realPath` (the hooks and the daemon give the file system's), an absolute target is read through
// the links of its existing folders up to its first glob or unknown part, so `ln -s ~ h` earlier does not make
// `rm -rf h/*` a project path. The link itself counts as its target: removing a link to the home folder is
// denied like removing the home folder (a trailing slash or a glob would have followed it).
import {
  joinSymbolicPath,
  parseSymbolicPath,
  renderSymbolicPath,
  step,
  type SymbolicPath,
} from './shell/symbolic-path';

export interface CallFolders {
  /** The call's working folder, absolute. */
  cwd?: string | undefined;
  /** The user's home, absolute. */
  home?: string | undefined;
  /** The path with its links resolved, or the path itself when it does not exist. */
  realPath?: ((path: string) => string) | undefined;
}

/** Home folders by their usual places, for when the home is not given. */
const HOME_FOLDER = /^\/(?:(?:home|Users)\/[^/]+|root)$/;

export function placeTarget(target: string, folders: CallFolders): string {
  return targetPlacer(folders)(target);
}

/**
 * Places the targets of one call: the working folder and the home are read through their links once, not once a
 * target (each is a few realpath calls).
 */
export function targetPlacer({ cwd, home, realPath }: CallFolders): (target: string) => string {
  const homePath = home?.startsWith('/') ? throughLinks(parseSymbolicPath(home), realPath) : undefined;
  const cwdPath = cwd?.startsWith('/') ? throughLinks(parseSymbolicPath(cwd), realPath) : undefined;
  const project = cwdPath && isProject(cwdPath, homePath) ? cwdPath : undefined;
  return (target) => {
    let path = absolute(parseSymbolicPath(target, false), homePath);
    if (path.start === '.' && cwdPath) path = joinSymbolicPath(cwdPath, path, false);
    path = throughLinks(folded(path, realPath), realPath);
    const inside = project && relativeTo(path, project);
    if (inside) return renderSymbolicPath(inside);
    return renderSymbolicPath(homePath ? (relativeTo(path, homePath, '~') ?? path) : path);
  };
}

/** Glob characters, or the marker of an unknown value: the path is not one file past here. */
const NOT_ONE_FILE = /[*?[]|\$UNKNOWN/;

/** An absolute path with the links of its leading plain segments resolved. */
function throughLinks(path: SymbolicPath, realPath: CallFolders['realPath']): SymbolicPath {
  if (!realPath || path.start !== '/') return path;
  const plain = path.segments.findIndex((segment) => NOT_ONE_FILE.test(segment));
  const end = plain < 0 ? path.segments.length : plain;
  if (end === 0) return path;
  const resolved = realPath(`/${path.segments.slice(0, end).join('/')}`);
  if (!resolved.startsWith('/')) return path;
  return joinSymbolicPath(parseSymbolicPath(resolved), { start: '.', segments: path.segments.slice(end) });
}

/** `~/…` as an absolute path when the home is known (so that `~/..` folds). */
function absolute(path: SymbolicPath, home: SymbolicPath | undefined): SymbolicPath {
  return path.start === '~' && home ? joinSymbolicPath(home, { start: '.', segments: path.segments }, false) : path;
}

/** The path with its `..` folded, each climbing from where the links before it really lead. */
function folded(path: SymbolicPath, realPath: CallFolders['realPath']): SymbolicPath {
  let out: SymbolicPath = { start: path.start, segments: [] };
  for (const segment of path.segments) {
    if (segment === '..') out = throughLinks(out, realPath);
    step(out, segment);
  }
  return out;
}

/** `path` from `base` (`start` naming base), when it is base itself or inside it. */
function relativeTo(path: SymbolicPath, base: SymbolicPath, start = '.'): SymbolicPath | undefined {
  if (path.start !== base.start || path.segments.length < base.segments.length) return undefined;
  if (!base.segments.every((segment, i) => path.segments[i] === segment)) return undefined;
  return { start, segments: path.segments.slice(base.segments.length) };
}

function isProject(cwd: SymbolicPath, home: SymbolicPath | undefined): boolean {
  if (cwd.segments.length <= 1 || cwd.segments.includes('..')) return false;
  if (home && relativeTo(home, cwd)) return false;
  return !HOME_FOLDER.test(renderSymbolicPath(cwd));
}
