// Where each host keeps its user-wide configuration: its own variable when the user set one (each host honours it,
// verified with the real CLIs: e2e/hosts/), else the default folder in the user's home.
import { join } from 'node:path';

export const claudeConfigDir = (env: NodeJS.ProcessEnv, home: string): string =>
  env.CLAUDE_CONFIG_DIR || join(home, '.claude');

export const codexHome = (env: NodeJS.ProcessEnv, home: string): string => env.CODEX_HOME || join(home, '.codex');

export const copilotHome = (env: NodeJS.ProcessEnv, home: string): string => env.COPILOT_HOME || join(home, '.copilot');
