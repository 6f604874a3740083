// Claude Code: a PreToolUse hook running `ssg hook eval` for every tool, in the project's .claude/settings.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterInstaller, InstallTarget } from '../install/adapter-installer';
import { commandOnPath } from '../install/command-on-path';
import { ConfigFileError } from '../config-edit/config-file-error';
import { editJsonFile, parseJsonObject } from '../config-edit/json-config';
import {
  addPreToolUseHook,
  HOOK_TIMEOUT_SECONDS,
  hasPreToolUseHook,
  removePreToolUseHook,
} from '../install/pre-tool-use-hook';

export const CLAUDE_CODE_HOOK_COMMAND = 'ssg hook eval';

const projectSettings = (target: InstallTarget): string => join(target.projectDir, '.claude', 'settings.json');

/** Claude Code's user settings: in CLAUDE_CONFIG_DIR when set, else ~/.claude. */
const userSettings = (target: InstallTarget): string =>
  join(process.env.CLAUDE_CONFIG_DIR || join(target.home, '.claude'), 'settings.json');

const note = `PreToolUse hook \`${CLAUDE_CODE_HOOK_COMMAND}\``;

/** Whether a settings file holds our hook; a file that cannot be read answers with its problem. */
function settingsState(path: string): true | string {
  if (!existsSync(path)) return `${path} does not exist`;
  try {
    return hasPreToolUseHook(parseJsonObject(path, readFileSync(path, 'utf8')), CLAUDE_CODE_HOOK_COMMAND)
      ? true
      : `${path} has no ${note}`;
  } catch (error) {
    return error instanceof ConfigFileError ? error.message : `${path}: ${(error as Error).message}`;
  }
}

export const claudeCodeInstaller: AdapterInstaller = {
  install(target, report) {
    editJsonFile(
      projectSettings(target),
      (config) => addPreToolUseHook(config, CLAUDE_CODE_HOOK_COMMAND, HOOK_TIMEOUT_SECONDS.evaluateOnly),
      report,
      note,
    );
    report.addManualStep('Restart Claude Code sessions running in this project (hooks load at start-up).');
  },
  uninstall(target, report) {
    editJsonFile(
      projectSettings(target),
      (config) => removePreToolUseHook(config, CLAUDE_CODE_HOOK_COMMAND),
      report,
      note,
    );
  },
  problems(target) {
    const states = [settingsState(projectSettings(target)), settingsState(userSettings(target))];
    const problems = states.includes(true) ? [] : [`no ${note} in the project or user settings (${states.join('; ')})`];
    if (!commandOnPath('ssg')) problems.push('`ssg` is not on PATH, so Claude Code cannot run the hook');
    return problems;
  },
};
