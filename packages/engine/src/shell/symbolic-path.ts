// Paths as the file system will see them, worked out from the text alone: `.` segments and repeated slashes
// dropped, `..` folded away (or kept for later, see `fold`), and the start of the path named by what it is
// rather than how it was spelled.
// The analysis knows neither the working folder nor the home folder, so a path starts from one of:
//   `/`          the root;
//   `~`, `~name` the user's home, another user's home (`$HOME`, `${HOME}`, `${HOME%/}` are `~` too; `~$USER`
//                is `~$UNKNOWN`, some user's home);
//   `.`          the folder the command line starts in (`$PWD` before any `cd`, `~+`);
//   an unknown   a value nobody can know here (`$X`, `$(…)`, backquotes, `~-`), written UNKNOWN_TARGET.
// A `..` that climbs above a start that is not the root, or past a segment holding an unknown value (which may
// hold slashes of its own), cannot be folded and stays: `~/..`, `../x`, `$UNKNOWN/..`.
// Folding `x/..` away is what bash's `cd` does (it reads PWD's text), but not what `rm x/..` does: the system
// climbs from where the link x really leads. So a command's operands keep their `..` (`fold` false) until the
// evaluator can fold them through the file system's links (target-place.ts).
// Rendering: `/a/b`, `~/a`, `.`, `./a`, `..`, `../a`, `$UNKNOWN/a`. The evaluator places relative paths against
// the call's working folder once it knows it (target-place.ts).
import { UNKNOWN_TARGET } from './code-paths';

export interface SymbolicPath {
  /** `/`, `~`, `~name`, `.`, or the first segment of a path that starts with an unknown value. */
  start: string;
  segments: string[];
}

/**
 * `$NAME`, `${…}`, `$(…)`, `$((…))`, a special parameter or a backquoted command, as a word's text keeps them; the
 * marker `$UNKNOWN` first, since text glued to it (`$UNKNOWNhome`) is no longer name.
 */
const EXPANSION = /\$UNKNOWN|\$\{[^}]*\}|\$\(\([^)]*\)\)|\$\([^)]*\)|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9@*#?$!-]|`[^`]*`/g;
/**
 * The home folder however the variable is spelled: `$HOME`, `${HOME}`, `${HOME%/}`, `${HOME:-…}`, `${HOME,,}`.
 * A trim of more than a trailing slash (`${HOME%/dev}`, `${HOME%/*}`) leaves a folder above the home: group 1.
 */
const HOME_VARIABLE = /^(?:\$HOME|\$\{HOME(?:(%%?(?!\/\}|\}))[^}]*|[:%#?+=,^-][^}]*)?\})(?=\/|$|\$|`)/;
/** `${HOME#…}`, `${HOME/…/…}`, `${HOME:1}`: what is left of the home cannot be told. */
const HOME_REWRITTEN = /^\$\{HOME(?:##?[^/}]|\/|:[0-9 ])[^}]*\}/;
const PWD_VARIABLE = /^(?:\$PWD|\$\{PWD\})(?=\/|$)/;
const TILDE = /^~([A-Za-z0-9_.+-]*)(?=\/|$)/;
/** `~$USER`: the home of a user named by a value nobody knows here. */
const TILDE_UNKNOWN = /^~[^/]*[$`][^/]*/;

/** Reads a shell word's text as a path, relative ones from `.`. */
export function parseSymbolicPath(text: string, fold = true): SymbolicPath {
  let start: string;
  let rest = text;
  const tilde = TILDE.exec(text);
  const home = HOME_VARIABLE.exec(text);
  const pwd = PWD_VARIABLE.exec(text);
  if (text.startsWith('/')) {
    start = '/';
  } else if (TILDE_UNKNOWN.test(text)) {
    start = `~${UNKNOWN_TARGET}`;
    rest = text.slice(TILDE_UNKNOWN.exec(text)![0].length);
  } else if (tilde) {
    const user = tilde[1]!;
    start = user === '' ? '~' : user === '+' ? '.' : user === '-' ? UNKNOWN_TARGET : `~${user}`;
    rest = text.slice(tilde[0].length);
  } else if (HOME_REWRITTEN.test(text)) {
    start = '.';
  } else if (home) {
    start = '~';
    // `${HOME}${SUB}`: what follows the home is a name below it (or nothing).
    rest = text.slice(home[0].length);
    if (rest !== '' && !rest.startsWith('/')) rest = `/${rest}`;
    if (home[1] !== undefined) rest = `/..${rest}`;
  } else if (pwd) {
    start = '.';
    rest = text.slice(pwd[0].length);
  } else {
    start = '.';
  }
  const path: SymbolicPath = { start, segments: [] };
  // Expansions first: `${X:-/}` holds a slash of its own.
  const pieces = (rest.includes('$') || rest.includes('`') ? rest.replace(EXPANSION, UNKNOWN_TARGET) : rest).split('/');
  if (start === '.' && !text.startsWith('.') && !pwd && !tilde && pieces[0]!.startsWith(UNKNOWN_TARGET)) {
    // `$X/a`: the value may be absolute, so the path starts there, not inside the working folder.
    path.start = pieces.shift()!;
  }
  for (const piece of pieces) step(path, piece, fold);
  return path;
}

/** `path` followed by the relative `more`. */
export function joinSymbolicPath(path: SymbolicPath, more: SymbolicPath, fold = true): SymbolicPath {
  const joined: SymbolicPath = { start: path.start, segments: [...path.segments] };
  for (const segment of more.segments) step(joined, segment, fold);
  return joined;
}

/** One more segment of `path`: `..` climbs where it can (when folding), `.` and empty ones are nothing. */
export function step(path: SymbolicPath, segment: string, fold = true): void {
  if (segment === '' || segment === '.') return;
  if (segment !== '..') {
    path.segments.push(segment);
    return;
  }
  const last = path.segments.at(-1);
  if (fold && last !== undefined && last !== '..' && !holdsUnknown(last)) path.segments.pop();
  else if (last !== undefined || path.start !== '/') path.segments.push('..');
  // `/..` is `/`.
}

export function renderSymbolicPath({ start, segments }: SymbolicPath): string {
  if (segments.length === 0) return start;
  const tail = segments.join('/');
  if (start === '/') return `/${tail}`;
  if (start === '.') return segments[0] === '..' ? tail : `./${tail}`;
  return `${start}/${tail}`;
}

export function isRelativePath(path: SymbolicPath): boolean {
  return path.start === '.';
}

/** Whether the segment or start stands for a value nobody knows here. */
export function holdsUnknown(segment: string): boolean {
  return segment.includes(UNKNOWN_TARGET);
}
