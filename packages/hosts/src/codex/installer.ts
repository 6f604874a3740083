// Codex CLI: ssg's MCP server in $CODEX_HOME/config.toml (else ~/.codex; shared with codex-desktop, see config.ts),
// the native PreToolUse hook `<ssg> hook codex --source=native` in $CODEX_HOME/hooks.json, and Codex's trust in
// that hook (hook-trust.ts: an untrusted hook never runs). Older ssg versions wired Codex through a project
// hooks.json and project-mcp.json; install retires those. The shell wrapper `.ssg/bin/bash` is left alone: other
// hosts (antigravity, pi, aider) use it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { editCodexConfig } from './config';
import { retireFile } from '../config-edit/edit-file';
import { editJsonFile } from '../config-edit/json-config';
import { codexHome } from '../host-homes';
import { hookProgramProblem, requireSsgProgram } from '../install/hook-program';
import { isSsgHooksFile, isSsgProjectMcpFile } from '../install/legacy-artifacts';
import {
  addPreToolUseHook,
  findPreToolUseHook,
  type FoundHook,
  HOOK_TIMEOUT_SECONDS,
  removePreToolUseHook,
} from '../install/pre-tool-use-hook';
import { codexConfigProblems, codexConfigPath } from './config-problems';
import { editHookTrust, hookTrust, isHookTrusted } from './hook-trust';

export const CODEX_HOOK_ARGS = 'hook codex --source=native';

const hooksPath = (target: InstallTarget): string => join(codexHome(target.env, target.home), 'hooks.json');
const note = `PreToolUse hook \`ssg ${CODEX_HOOK_ARGS}\``;

function nativeHook(target: InstallTarget): FoundHook | undefined {
  try {
    return findPreToolUseHook(JSON.parse(readFileSync(hooksPath(target), 'utf8')), CODEX_HOOK_ARGS);
  } catch {
    return undefined;
  }
}

export const codexInstaller: AdapterInstaller = {
  install(target, report) {
    const program = requireSsgProgram(target, hooksPath(target));
    editCodexConfig(codexConfigPath(target), 'codex', 'install', report);
    editJsonFile(
      hooksPath(target),
      (config) => addPreToolUseHook(config, program, CODEX_HOOK_ARGS, HOOK_TIMEOUT_SECONDS.mayAwaitApproval),
      report,
      note,
    );
    const hook = nativeHook(target);
    if (hook) editHookTrust(codexConfigPath(target), hookTrust(hooksPath(target), hook), 'trust', report);
    retireFile(join(target.projectDir, 'hooks.json'), isSsgHooksFile, report);
    retireFile(join(target.projectDir, 'project-mcp.json'), isSsgProjectMcpFile, report);
    report.addManualStep(
      "ssg trusted its own hook in Codex for you, as Codex's /hooks screen would: review it there if you like.",
    );
    report.addManualStep('Restart Codex so it loads the MCP server and the hook.');
  },
  uninstall(target, report) {
    const hook = nativeHook(target);
    if (hook) editHookTrust(codexConfigPath(target), hookTrust(hooksPath(target), hook), 'forget', report);
    editCodexConfig(codexConfigPath(target), 'codex', 'uninstall', report);
    editJsonFile(hooksPath(target), (config) => removePreToolUseHook(config, CODEX_HOOK_ARGS), report, note);
    report.addManualStep('Restart Codex.');
  },
  problems(target) {
    const problems = codexConfigProblems(target, 'codex');
    const hook = nativeHook(target);
    if (!hook) {
      problems.push(`no ${note} in ${hooksPath(target)}`);
      return problems;
    }
    const configPath = codexConfigPath(target);
    const config = existsSync(configPath) ? readFileSync(configPath, 'utf8') : '';
    if (!isHookTrusted(config, hookTrust(hooksPath(target), hook))) {
      problems.push(
        'Codex has not trusted the hook (or it changed since), so Codex skips it and nothing is governed: run `ssg init --client=codex` again, or trust it in /hooks',
      );
    }
    const programProblem = hookProgramProblem(String(hook.hook.command));
    if (programProblem) problems.push(programProblem);
    return problems;
  },
};
