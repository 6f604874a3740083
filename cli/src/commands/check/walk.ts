// Collects what `ssg check` looks at under the given paths: the `*.rules` files to lint and the project files
// to check as if an agent were writing them. Skips dependency and build output (node_modules, .git, dist,
// build), hidden folders except `.ssg`, what the `.gitignore` of each folder given ignores (git's own rules, through
// the `ignore` package), and symbolic links (no loops, no escaping the project). Files inside `.ssg/` are ssg's own configuration and `*.rules` files are
// rules: both are linted, not checked.
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build']);

export interface ProjectFile {
  path: string;
  size: number;
}

export interface WalkResult {
  ruleFiles: string[];
  files: ProjectFile[];
}

export function walkProject(paths: readonly string[]): WalkResult {
  const ruleFiles = new Set<string>();
  const files = new Map<string, ProjectFile>();
  const addFile = (path: string, size: number, insideSsg: boolean): void => {
    // Rule files quote the very patterns they guard against: they are linted, never checked as writes.
    if (path.endsWith('.rules')) ruleFiles.add(path);
    else if (!insideSsg) files.set(path, { path, size });
  };
  for (const given of paths) {
    const root = resolve(given);
    const stat = statSync(root);
    if (!stat.isDirectory()) {
      addFile(root, stat.size, root.split(/[\\/]/).includes('.ssg'));
      continue;
    }
    const ignored = gitignoreOf(root);
    /** Whether the root's .gitignore ignores a path under it (git matches folders with a trailing slash). */
    const isIgnored = (path: string, isDirectory: boolean): boolean =>
      ignored.ignores(`${relative(root, path).split(sep).join('/')}${isDirectory ? '/' : ''}`);
    const walk = (dir: string, insideSsg: boolean): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return; // An unreadable folder has nothing we could check.
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (isIgnored(path, entry.isDirectory())) continue;
        if (entry.isDirectory()) {
          if (SKIPPED_DIRS.has(entry.name)) continue;
          if (entry.name.startsWith('.') && entry.name !== '.ssg') continue;
          walk(path, insideSsg || entry.name === '.ssg');
        } else if (entry.isFile()) {
          const size = statSync(path, { throwIfNoEntry: false })?.size;
          if (size !== undefined) addFile(path, size, insideSsg);
        }
      }
    };
    walk(root, basename(root) === '.ssg');
  }
  return { ruleFiles: [...ruleFiles].sort(), files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

/** The rules of the folder's `.gitignore`, or none when it has no readable one. */
export function gitignoreOf(root: string): Ignore {
  const rules = ignore();
  try {
    rules.add(readFileSync(join(root, '.gitignore'), 'utf8'));
  } catch {
    // No .gitignore (or an unreadable one): nothing is ignored by it.
  }
  return rules;
}
