// A shell glob matched against one path: `*` and `?` within a segment, `[…]` classes, `{a,b}` alternatives (brace
// expansion, which the shell does first). A glob with no wildcard is no glob. Built on the GLOB operator's compiler,
// anchored at the root because the guard's globs are absolute.
import { compileGlob } from '../glob';

export const isGlob = (word: string): boolean => /[*?[{]/.test(word);

export function globMatches(glob: string, path: string): boolean {
  // `**` is two stars to a shell without globstar: within one segment, like `*`.
  return compileGlob(glob.replace(/\*{2,}/g, '*'))(path);
}
