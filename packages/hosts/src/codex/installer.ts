// Codex CLI: ssg's MCP server in ~/.codex/config.toml (shared with codex-desktop, see codex-config.ts) and the
// native PreToolUse hook `ssg hook codex --source=native` in ~/.codex/hooks.json. Older ssg versions wired
// Codex through a shell wrapper, a project hooks.json and project-mcp.json; install retires those.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { editCodexConfig } from './config';
import { commandOnPath } from '../install/command-on-path';
import { retireFile } from '../config-edit/edit-file';
import { editJsonFile } from '../config-edit/json-config';
import { isSsgHooksFile, isSsgProjectMcpFile, isSsgShellWrapper } from '../install/legacy-artifacts';
import {
  addPreToolUseHook,
  HOOK_TIMEOUT_SECONDS,
  hasPreToolUseHook,
  removePreToolUseHook,
} from '../install/pre-tool-use-hook';
import { codexConfigProblems, codexConfigPath } from './config-problems';

export const CODEX_HOOK_COMMAND = 'ssg hook codex --source=native';

const hooksPath = (target: InstallTarget): string => join(target.home, '.codex', 'hooks.json');
const note = `PreToolUse hook \`${CODEX_HOOK_COMMAND}\``;

function hasNativeHook(target: InstallTarget): boolean {
  try {
    return hasPreToolUseHook(JSON.parse(readFileSync(hooksPath(target), 'utf8')), CODEX_HOOK_COMMAND);
  } catch {
    return false;
  }
}

export const codexInstaller: AdapterInstaller = {
  install(target, report) {
    editCodexConfig(codexConfigPath(target), 'codex', 'install', report);
    editJsonFile(
      hooksPath(target),
      (config) => addPreToolUseHook(config, CODEX_HOOK_COMMAND, HOOK_TIMEOUT_SECONDS.mayAwaitApproval),
      report,
      note,
    );
    retireFile(join(target.projectDir, '.ssg', 'bin', 'bash'), isSsgShellWrapper, report);
    retireFile(join(target.projectDir, 'hooks.json'), isSsgHooksFile, report);
    retireFile(join(target.projectDir, 'project-mcp.json'), isSsgProjectMcpFile, report);
    report.addManualStep(`Trust the new hook once: start \`codex\`, open /hooks and trust \`${CODEX_HOOK_COMMAND}\`.`);
    report.addManualStep('Restart Codex so it loads the MCP server and the hook.');
  },
  uninstall(target, report) {
    editCodexConfig(codexConfigPath(target), 'codex', 'uninstall', report);
    editJsonFile(hooksPath(target), (config) => removePreToolUseHook(config, CODEX_HOOK_COMMAND), report, note);
    report.addManualStep('Restart Codex.');
  },
  problems(target) {
    const problems = codexConfigProblems(target, 'codex');
    if (!existsSync(hooksPath(target)) || !hasNativeHook(target)) {
      problems.push(`no ${note} in ${hooksPath(target)}`);
    }
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so Codex cannot start it');
    return problems;
  },
};
