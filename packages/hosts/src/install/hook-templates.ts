// The shell-level hooks ssg ships in resources/hooks/ (docs/hooks.md), copied byte for byte where a host runs
// them: the bash wrapper (as SHELL), the Node hook (NODE_OPTIONS=--require) and the Python sitecustomize
// (PYTHONPATH). Hosts without a tool hook of their own (aider, pi, antigravity, nemoclaw) are governed this way.
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ssgHome } from '@ssg/node/home';
import { resourcesDir } from '@ssg/node/resources';
import { commandOnPath } from './command-on-path';
import { editFile } from '../config-edit/edit-file';
import type { InstallReport } from './install-report';

export interface HookTemplate {
  /** Path under resources/hooks/ and under the folder it is installed into. */
  readonly relativePath: string;
  readonly executable: boolean;
}

export const BASH_WRAPPER: HookTemplate = { relativePath: join('bin', 'bash'), executable: true };
export const NODE_HOOK: HookTemplate = { relativePath: join('hooks', 'ssg-node-hook.cjs'), executable: false };
export const PYTHON_HOOK: HookTemplate = {
  relativePath: join('hooks', 'python', 'sitecustomize.py'),
  executable: false,
};
export const ALL_HOOKS: readonly HookTemplate[] = [BASH_WRAPPER, NODE_HOOK, PYTHON_HOOK];

/** Where the hooks shared by every host go: `<SSG_HOME>/hooks`. */
export const sharedHooksDir = (): string => join(ssgHome(), 'hooks');

const templateContent = (template: HookTemplate): string =>
  readFileSync(join(resourcesDir(), 'hooks', template.relativePath), 'utf8');

const noteFor = (template: HookTemplate): string => (template.executable ? 'ssg shell wrapper' : 'ssg hook');

/** Writes the template at `dir/<relativePath>` (only when its bytes differ) and makes a wrapper executable. */
export function installHook(dir: string, template: HookTemplate, report: InstallReport): string {
  const path = join(dir, template.relativePath);
  const content = templateContent(template);
  editFile(path, () => content, report, noteFor(template));
  // chmod changes no bytes and no mtime, so a second run stays a no-op.
  if (template.executable && (statSync(path).mode & 0o777) !== 0o755) chmodSync(path, 0o755);
  return path;
}

/** Removes the file only when it still holds the template's bytes; a file the user changed is kept. */
export function uninstallHook(dir: string, template: HookTemplate, report: InstallReport): void {
  const path = join(dir, template.relativePath);
  if (!existsSync(path)) return;
  if (readFileSync(path, 'utf8') === templateContent(template))
    editFile(path, () => undefined, report, noteFor(template));
  else report.record(path, 'kept', 'changed since ssg wrote it');
}

/** Leaves the hooks in ssg's own folder: other hosts' installs (aider, pi, nemoclaw) run the same files. */
export function keepSharedHooks(report: InstallReport): void {
  for (const template of ALL_HOOKS) {
    const path = join(sharedHooksDir(), template.relativePath);
    if (existsSync(path)) report.record(path, 'kept', 'shared by the aider, pi and nemoclaw installs');
  }
}

/** Why the hook is missing or stale at `dir`, or undefined when it is the shipped one. */
export function hookProblem(dir: string, template: HookTemplate): string | undefined {
  const path = join(dir, template.relativePath);
  let current: string;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    return `${path} does not exist`;
  }
  if (current !== templateContent(template)) return `${path} differs from the hook this ssg ships (run ssg init again)`;
  if (template.executable && (statSync(path).mode & 0o111) === 0) return `${path} is not executable`;
  return undefined;
}

/** Installs the three shared hooks and returns the environment a host must run with to load them. */
export function installSharedHooks(client: string, report: InstallReport): string[] {
  const dir = sharedHooksDir();
  for (const template of ALL_HOOKS) installHook(dir, template, report);
  return [
    `SSG_CLIENT=${client}`,
    `NODE_OPTIONS="--require ${join(dir, NODE_HOOK.relativePath)}"`,
    `PYTHONPATH=${dirname(join(dir, PYTHON_HOOK.relativePath))}`,
    `SHELL=${join(dir, BASH_WRAPPER.relativePath)}`,
  ];
}

/** The shared hooks' problems plus ssg missing from PATH. */
export function sharedHookProblems(): string[] {
  const problems = ALL_HOOKS.flatMap((template) => hookProblem(sharedHooksDir(), template) ?? []);
  if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so the hooks cannot judge calls');
  return problems;
}
