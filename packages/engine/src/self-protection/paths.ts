// POSIX path arithmetic for the guard, without node:path (the engine is pure): `.` and `..` resolved, repeated
// and trailing slashes dropped. Never above the root: `/..` is `/`.
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** `path` as an absolute path: itself when absolute, else below `cwd`. */
export const resolvePath = (cwd: string, path: string): string =>
  normalizePath(path.startsWith('/') ? path : `${cwd}/${path}`);
