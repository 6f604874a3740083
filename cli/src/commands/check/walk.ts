// Collects what `ssg check` looks at under the given paths: the `*.rules` files to lint and the project files
// to check as if an agent were writing them. Skips dependency and build output (node_modules, .git, dist,
// build), hidden folders except `.ssg`, plain names listed in the `.gitignore` of each folder given, and symbolic links (no
// loops, no escaping the project). Files inside `.ssg/` are ssg's own configuration and `*.rules` files are
// rules: both are linted, not checked.
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

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
    const ignored = gitignoredNames(root);
    const walk = (dir: string, insideSsg: boolean, atRoot: boolean): void => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return; // An unreadable folder has nothing we could check.
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (ignored.anywhere.has(entry.name) || (atRoot && ignored.atRoot.has(entry.name))) continue;
        if (entry.isDirectory()) {
          if (SKIPPED_DIRS.has(entry.name)) continue;
          if (entry.name.startsWith('.') && entry.name !== '.ssg') continue;
          walk(path, insideSsg || entry.name === '.ssg', false);
        } else if (entry.isFile()) {
          const size = statSync(path, { throwIfNoEntry: false })?.size;
          if (size !== undefined) addFile(path, size, insideSsg);
        }
      }
    };
    walk(root, basename(root) === '.ssg', true);
  }
  return { ruleFiles: [...ruleFiles].sort(), files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

interface IgnoredNames {
  /** `name` or `name/`: ignored at any depth. */
  anywhere: Set<string>;
  /** `/name`: ignored only directly under the root. */
  atRoot: Set<string>;
}

/**
 * The plain names of a `.gitignore` (no wildcards, negations or inner slashes): the common `coverage/`,
 * `/out`, `.env` entries. Patterns beyond that are ignored here; skipping too little only costs time.
 */
export function gitignoredNames(root: string): IgnoredNames {
  const names: IgnoredNames = { anywhere: new Set(), atRoot: new Set() };
  let text: string;
  try {
    text = readFileSync(join(root, '.gitignore'), 'utf8');
  } catch {
    return names;
  }
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!') || /[*?[\]\\]/.test(line)) continue;
    const rooted = line.startsWith('/');
    const name = line.replace(/^\//, '').replace(/\/$/, '');
    if (name === '' || name.includes('/')) continue;
    (rooted ? names.atRoot : names.anywhere).add(name);
  }
  return names;
}
