// NemoClaw: a sandbox policy fragment in ~/.nemoclaw/policies/ssg-governance.yaml, which the user applies to a
// sandbox, and the host-side bash wrapper in <SSG_HOME>/hooks. The fragment is ssg's whole file, regenerated on
// every init (the policy schema is still moving), recognised by its first line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editFile } from '../config-edit/edit-file';
import { BASH_WRAPPER, hookProblem, installHook, keepSharedHooks, sharedHooksDir } from '../install/hook-templates';

export const POLICY_HEADER = '# Written by ssg init --client=nemoclaw; regenerated on every init, edits are lost.\n';

/** Endpoints the sandboxed agent needs: model inference and package registries. Everything else is denied. */
const ALLOWED_HOSTS = [
  'api.anthropic.com',
  'api.openai.com',
  'integrate.api.nvidia.com',
  'generativelanguage.googleapis.com',
  'registry.npmjs.org',
  'pypi.org',
  'files.pythonhosted.org',
  'proxy.golang.org',
  'crates.io',
  'static.crates.io',
];

/** Calls that would let the agent escape or reconfigure the sandbox. */
const DENIED_SYSCALLS = [
  'mount',
  'umount2',
  'ptrace',
  'init_module',
  'finit_module',
  'delete_module',
  'kexec_load',
  'kexec_file_load',
  'reboot',
  'swapon',
  'swapoff',
  'pivot_root',
  'chroot',
  'setns',
  'unshare',
  'bpf',
  'perf_event_open',
];

const policyPath = (target: InstallTarget): string => join(target.home, '.nemoclaw', 'policies', 'ssg-governance.yaml');

export function nemoclawPolicy(target: InstallTarget): string {
  const policy = {
    schema: 'nemoclaw.policy/v1',
    name: 'ssg-governance',
    filesystem: {
      writable: [target.projectDir, '/tmp'],
      readonly: ['/usr', '/bin', '/lib', '/etc', '/opt'],
      // Credentials, and ssg's own folder so the agent cannot rewrite its rules or audit log.
      deny: ['.ssh', '.aws', '.gnupg', '.kube', '.docker', '.config/gcloud', '.ssg', '.nemoclaw'].map((dir) =>
        join(target.home, dir),
      ),
    },
    network: { default: 'deny', allow: ALLOWED_HOSTS },
    process: { deny_privileged: true, deny_syscalls: DENIED_SYSCALLS },
  };
  return POLICY_HEADER + stringify(policy);
}

export const nemoclawInstaller: AdapterInstaller = {
  install(target, report) {
    const path = policyPath(target);
    editFile(
      path,
      (current) => {
        if (current !== undefined && !current.startsWith(POLICY_HEADER)) {
          throw new ConfigFileError(path, 'not written by ssg; move it away, then retry');
        }
        return nemoclawPolicy(target);
      },
      report,
      'sandbox policy fragment',
    );
    const wrapper = installHook(sharedHooksDir(), BASH_WRAPPER, report);
    report.addManualStep(`Apply the policy to your sandbox: nemoclaw <sandbox-name> policy-add --file=${path}`);
    report.addManualStep(`Run host-side agent commands with SHELL=${wrapper} SSG_CLIENT=nemoclaw.`);
    report.addManualStep('Optional: `ssg hub pull rules-nemoclaw` for the full NemoClaw ruleset.');
  },
  uninstall(target, report) {
    keepSharedHooks(report);
    const path = policyPath(target);
    if (!existsSync(path)) return;
    if (readFileSync(path, 'utf8').startsWith(POLICY_HEADER)) editFile(path, () => undefined, report, 'policy');
    else report.record(path, 'kept', 'not written by ssg');
  },
  problems(target) {
    const path = policyPath(target);
    const problems: string[] = [];
    if (!existsSync(path)) problems.push(`${path} does not exist`);
    else if (!readFileSync(path, 'utf8').startsWith(POLICY_HEADER)) problems.push(`${path} was not written by ssg`);
    const wrapper = hookProblem(sharedHooksDir(), BASH_WRAPPER);
    if (wrapper) problems.push(wrapper);
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so the wrapper cannot judge commands');
    return problems;
  },
};
