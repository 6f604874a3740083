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
import { joinSymbolicPath, parseSymbolicPath, renderSymbolicPath, type SymbolicPath } from './shell/symbolic-path';

export interface CallFolders {
  /** The call's working folder, absolute. */
  cwd?: string | undefined;
  /** The user's home, absolute. */
  home?: string | undefined;
}

/** Home folders by their usual places, for when the home is not given. */
const HOME_FOLDER = /^\/(?:(?:home|Users)\/[^/]+|root)$/;

export function placeTarget(target: string, { cwd, home }: CallFolders): string {
  const homePath = home?.startsWith('/') ? parseSymbolicPath(home) : undefined;
  const cwdPath = cwd?.startsWith('/') ? parseSymbolicPath(cwd) : undefined;
  let path = absolute(parseSymbolicPath(target), homePath);
  if (path.start === '.' && cwdPath) path = joinSymbolicPath(cwdPath, path);
  if (cwdPath && isProject(cwdPath, homePath)) {
    const inside = relativeTo(path, cwdPath);
    if (inside) return renderSymbolicPath(inside);
  }
  return renderSymbolicPath(homePath ? (relativeTo(path, homePath, '~') ?? path) : path);
}

/** `~/…` as an absolute path when the home is known (so that `~/..` folds). */
function absolute(path: SymbolicPath, home: SymbolicPath | undefined): SymbolicPath {
  return path.start === '~' && home ? joinSymbolicPath(home, { start: '.', segments: path.segments }) : path;
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
