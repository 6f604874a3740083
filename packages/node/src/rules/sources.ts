// Which `.rules` files apply, in evaluation order. Defaults: the project's rules — the copy a person accepted of
// the nearest ancestor's `.ssg/rules/` (accepted-project-rules.ts), never the live folder — then the user's
// `<home>/rules/`. `--rules` paths replace both.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isDirectory, realPathOrSelf } from '../fs-probe';
import { findAcceptedProjectRules } from './accepted-project-rules';
import { RulesUnusableError } from './rules-unusable';

export interface RuleSourceOptions {
  /** Where the project search starts (a tool call's cwd). */
  cwd: string;
  /** The ssg home (see home.ts). */
  home: string;
  /** `--rules` arguments, files or folders, relative to the process's working directory; replace the defaults. */
  explicit?: readonly string[];
}

/** Absolute paths of every rule file, project before user, each folder's files sorted by path, no duplicates. */
export function ruleFiles(options: RuleSourceOptions): string[] {
  const files =
    options.explicit && options.explicit.length > 0
      ? options.explicit.flatMap((path) => filesOfExplicitPath(resolve(path)))
      : defaultRuleDirs(options.cwd, options.home).flatMap((dir) => rulesFilesIn(dir));
  return [...new Set(files)];
}

export function defaultRuleDirs(cwd: string, home: string): string[] {
  const dirs: string[] = [];
  const project = findAcceptedProjectRules(cwd, home);
  if (project) dirs.push(project.rulesDir);
  const user = join(home, 'rules');
  if (isDirectory(user)) dirs.push(user);
  return dirs;
}

/**
 * The nearest `<ancestor>/.ssg/rules` folder. The ssg home itself is skipped: with the default home `~/.ssg`,
 * `~/.ssg/rules` holds the user's rules, and treating `~` as a project would load them twice.
 */
export function findProjectRulesDir(start: string, home: string): string | undefined {
  let homeReal: string | undefined;
  let dir = resolve(start);
  for (;;) {
    const candidate = join(dir, '.ssg', 'rules');
    if (isDirectory(candidate)) {
      homeReal ??= realPathOrSelf(resolve(home));
      if (realPathOrSelf(join(dir, '.ssg')) !== homeReal) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function filesOfExplicitPath(path: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (error) {
    throw new RulesUnusableError(`rules path ${path} ${describeFsError(error)}`);
  }
  return isDir ? rulesFilesIn(path) : [path];
}

/** `*.rules` files in a folder and its sub-folders (hidden entries skipped), sorted by path. */
export function rulesFilesIn(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (error) {
      throw new RulesUnusableError(`rules folder ${current} ${describeFsError(error)}`);
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.rules') && (entry.isFile() || entry.isSymbolicLink())) found.push(path);
    }
  };
  walk(dir);
  return found.sort();
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'does not exist';
  if (code === 'EACCES' || code === 'EPERM') return 'is not readable (permission denied)';
  if (code === 'ENOTDIR') return 'is not a folder';
  if (code === 'EISDIR') return 'is a folder, not a file';
  return `cannot be read (${code ?? (error as Error).message})`;
}
