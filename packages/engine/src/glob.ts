// Path globs (the GLOB operator), compiled to a RegExp once. `*` is any run of characters except `/`, `**` any
// run including `/` (`**/` is zero or more whole directories), `?` one character except `/`, `{a,b}`
// alternatives (nestable), `[abc]` / `[a-z]` / `[!abc]` classes. Globs have no escape character: a backslash
// is a Windows path separator, in the pattern as in the path, and both become `/` before matching.
//
// Where the pattern may match: a pattern without `/` matches the last path segment (the basename); any other
// pattern matches the whole path or a suffix of it that starts right after a `/`, so `.github/workflows/*.yml`
// matches `/repo/.github/workflows/ci.yml` and a pattern that starts with `/` only matches from the root.
// Shorthands: a leading `~/` means `**/` (the engine does not know the user's home), a leading `./` is
// dropped, and a trailing `/` means that directory and everything below it (`node_modules/` = `node_modules/**`,
// which matches `node_modules` too).
import { matchingBrace, splitTopLevel } from './brace-syntax';

/**
 * Longer than any real path (PATH_MAX). Only the last this-many characters of a longer value, from a segment
 * boundary, are matched, which keeps `**` patterns from quadratic work on a hostile megabyte of `/a/a/a…`.
 */
const LONG_PATH = 4096;

export function compileGlob(pattern: string): (path: string) => boolean {
  let glob = pattern.replaceAll('\\', '/');
  if (glob.startsWith('~/')) glob = `**/${glob.slice(2)}`;
  while (glob.startsWith('./')) glob = glob.slice(2);
  if (glob.endsWith('/')) glob = `${glob}**`;
  // `**/**` is `**`: collapsed so that a final `/**` is seen as such (and the regex stays small).
  glob = glob.replace(/(^|\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
  const regex = new RegExp(`(?:^|/)${globToRegexSource(glob)}$`);
  return (path) => regex.test(lastSegments(path.includes('\\') ? path.replaceAll('\\', '/') : path));
}

function lastSegments(path: string): string {
  if (path.length <= LONG_PATH) return path;
  const cut = path.indexOf('/', path.length - LONG_PATH);
  return path.slice(cut < 0 ? path.length - LONG_PATH : cut);
}

function globToRegexSource(glob: string): string {
  let out = '';
  let i = 0;
  while (i < glob.length) {
    const c = glob[i]!;
    if (c === '*') {
      let end = i;
      while (glob[end] === '*') end++;
      if (end - i === 1) out += '[^/]*';
      else if (end === glob.length && out.endsWith('/')) {
        // `dir/**` is everything below `dir` and `dir` itself, as in picomatch and bash's globstar: a rule
        // guarding a folder's contents also meets a Grep or listing of the folder.
        out = `${out.slice(0, -1)}(?:/.*)?`;
      } else if (glob[end] === '/') {
        out += '(?:.*/)?';
        end++;
      } else out += '.*';
      i = end;
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) {
        out += '\\[';
        i++;
        continue;
      }
      const body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      const members = (negated ? body.slice(1) : body).replace(/[\\\]^[]/g, '\\$&');
      out += negated ? `[^/${members}]` : `[${members}]`;
      i = close + 1;
    } else if (c === '{') {
      const close = matchingBrace(glob, i);
      if (close < 0) {
        out += '\\{';
        i++;
        continue;
      }
      const alternatives = splitTopLevel(glob.slice(i + 1, close));
      out += `(?:${alternatives.map(globToRegexSource).join('|')})`;
      i = close + 1;
    } else {
      out += /[.+^${}()|[\]\\]/.test(c) ? `\\${c}` : c;
      i++;
    }
  }
  return out;
}
