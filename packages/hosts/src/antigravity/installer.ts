// Antigravity: only its terminal is governed, through ssg's bash wrapper at `.ssg/bin/bash` in the project,
// which the user sets as SHELL; its file tools run inside the host and never reach ssg.
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { BASH_WRAPPER, hookProblem, installHook, uninstallHook } from '../install/hook-templates';

const wrapperDir = (target: InstallTarget): string => join(target.projectDir, '.ssg');

export const antigravityInstaller: AdapterInstaller = {
  install(target, report) {
    const wrapper = installHook(wrapperDir(target), BASH_WRAPPER, report);
    report.addManualStep(
      `Set SHELL=${wrapper} (and SSG_CLIENT=antigravity) in the environment Antigravity starts from, then restart it.`,
    );
  },
  uninstall(target, report) {
    uninstallHook(wrapperDir(target), BASH_WRAPPER, report);
  },
  problems(target) {
    const problem = hookProblem(wrapperDir(target), BASH_WRAPPER);
    const problems = problem ? [problem] : [];
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so the wrapper cannot judge commands');
    return problems;
  },
};
