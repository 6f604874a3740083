// Aider: governed through the shell-level hooks in <SSG_HOME>/hooks (its commands run through the bash wrapper,
// its Python through sitecustomize), plus `ssg check .` as its lint command when the project has no
// .aider.conf.yml yet. Aider has no hook of its own, so the run environment is a manual step.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { editFile } from '../config-edit/edit-file';
import { installSharedHooks, keepSharedHooks, sharedHookProblems } from '../install/hook-templates';

export const AIDER_CONFIG = `# Written by ssg init --client=aider: lint every edit against the project's ssg rules.
lint-cmd:
  - ssg check .
auto-lint: true
`;

const aiderConfig = (target: InstallTarget): string => join(target.projectDir, '.aider.conf.yml');

export const aiderInstaller: AdapterInstaller = {
  install(target, report) {
    const environment = installSharedHooks('aider', report);
    const config = aiderConfig(target);
    // A .aider.conf.yml that is not ours is the user's: never merged into, only pointed at.
    if (existsSync(config) && readFileSync(config, 'utf8') !== AIDER_CONFIG) {
      report.record(config, 'kept', 'user-authored; add `lint-cmd: [ssg check .]` by hand');
    } else editFile(config, () => AIDER_CONFIG, report, 'lint-cmd `ssg check .`, auto-lint');
    report.addManualStep(`Start aider with this environment: ${environment.join(' ')}`);
  },
  uninstall(target, report) {
    keepSharedHooks(report);
    const config = aiderConfig(target);
    if (!existsSync(config)) return;
    // Only the file exactly as init wrote it is ours; an edited one is the user's now.
    if (readFileSync(config, 'utf8') === AIDER_CONFIG) editFile(config, () => undefined, report, 'ssg lint settings');
    else report.record(config, 'kept', 'not as ssg wrote it');
  },
  problems: sharedHookProblems,
};
