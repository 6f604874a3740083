// Claude Code: a PreToolUse hook running `ssg hook eval` for every tool. User scope (the default) puts it in the
// user settings ($CLAUDE_CONFIG_DIR/settings.json, else ~/.claude/settings.json), which Claude Code reads for a
// session started in any folder; project scope in <project>/.claude/settings.json, which it reads only for a
// session started in that very folder — not in a subfolder (verified with the real CLI: e2e/hosts/).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editJsonFile, parseJsonObject } from '../config-edit/json-config';
import { claudeConfigDir } from '../host-homes';
import {
  addPreToolUseHook,
  findPreToolUseHook,
  HOOK_TIMEOUT_SECONDS,
  removePreToolUseHook,
} from '../install/pre-tool-use-hook';
import { hookProgramProblem, requireSsgProgram } from '../install/hook-program';

export const CLAUDE_CODE_HOOK_ARGS = 'hook eval';

const projectSettings = (target: InstallTarget): string => join(target.projectDir, '.claude', 'settings.json');
const userSettings = (target: InstallTarget): string => join(claudeConfigDir(target.env, target.home), 'settings.json');
const settingsFor = (target: InstallTarget): string =>
  target.scope === 'project' ? projectSettings(target) : userSettings(target);

const note = `PreToolUse hook \`ssg ${CLAUDE_CODE_HOOK_ARGS}\``;

/** Our hook's command in a settings file, or why there is none. */
function hookIn(path: string): { command: string } | { problem: string } {
  if (!existsSync(path)) return { problem: `${path} does not exist` };
  try {
    const found = findPreToolUseHook(parseJsonObject(path, readFileSync(path, 'utf8')), CLAUDE_CODE_HOOK_ARGS);
    return found ? { command: String(found.hook.command) } : { problem: `${path} has no ${note}` };
  } catch (error) {
    return { problem: error instanceof ConfigFileError ? error.message : `${path}: ${(error as Error).message}` };
  }
}

export const claudeCodeInstaller: AdapterInstaller = {
  install(target, report) {
    const settings = settingsFor(target);
    const program = requireSsgProgram(target, settings);
    editJsonFile(
      settings,
      (config) => addPreToolUseHook(config, program, CLAUDE_CODE_HOOK_ARGS, HOOK_TIMEOUT_SECONDS.evaluateOnly),
      report,
      note,
    );
    report.addManualStep(
      target.scope === 'project'
        ? `Restart Claude Code sessions started in ${target.projectDir} (hooks load at start-up). Sessions started in its subfolders do not read this file: use --scope user for those.`
        : 'Restart running Claude Code sessions (hooks load at start-up).',
    );
  },
  uninstall(target, report) {
    // Both scopes: an uninstall leaves no hook of ours behind, whichever scope put it there.
    for (const path of [userSettings(target), projectSettings(target)]) {
      editJsonFile(path, (config) => removePreToolUseHook(config, CLAUDE_CODE_HOOK_ARGS), report, note);
    }
  },
  problems(target) {
    const found = [hookIn(userSettings(target)), hookIn(projectSettings(target))];
    const installed = found.find((state) => 'command' in state);
    if (!installed) {
      return [
        `no ${note} in the user or project settings (${found.map((state) => 'problem' in state && state.problem).join('; ')})`,
      ];
    }
    const problem = hookProgramProblem(installed.command);
    return problem ? [problem] : [];
  },
  coverage(target) {
    if ('command' in hookIn(userSettings(target))) return `every folder (${userSettings(target)})`;
    if ('command' in hookIn(projectSettings(target))) {
      return `sessions started in ${target.projectDir} only, not its subfolders (${projectSettings(target)})`;
    }
    return undefined;
  },
};
