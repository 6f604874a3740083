// What the OpenCode end-to-end tests share: an environment that keeps the real `opencode` inside the workspace, the
// user's global config that points a model at the fake Messages API, and the shape of `opencode run --format json`.
// Isolation: HOME and the XDG dirs point into the temp workspace; OpenCode takes its directory from PWD before
// the process's cwd, so PWD is set too (the runner's PWD would point it at this checkout). At start-up OpenCode
// npm-installs @opencode-ai/plugin into each config dir; our plugin needs none of it, and npm_config_offline
// makes that install fail at once (a logged warning) instead of depending on the registry.
import { join } from 'node:path';
import type { HostWorkspace } from './host-workspace';
import { xdgDirs } from './xdg-dirs';

export const OPENCODE_MODEL = 'anthropic/claude-e2e';

/** One line of `opencode run --format json`. */
export interface OpencodeRunEvent {
  type: string;
  part?: { tool?: string; state?: { status: string; error?: string; output?: string } };
}

export function opencodeEnv(workspace: HostWorkspace): Record<string, string> {
  return {
    PWD: workspace.project,
    ...xdgDirs(workspace.root),
    OPENCODE_TEST_MANAGED_CONFIG_DIR: join(workspace.root, 'managed-opencode'),
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    npm_config_offline: 'true',
  };
}

/** The user's global OpenCode config (`.config/opencode/opencode.json`): a model served by the fake API. */
export function opencodeProviderConfig(apiUrl: string): string {
  const model = { name: 'e2e', tool_call: true, limit: { context: 200_000, output: 8_192 } };
  return JSON.stringify({
    model: OPENCODE_MODEL,
    small_model: OPENCODE_MODEL,
    provider: {
      anthropic: { options: { baseURL: `${apiUrl}/v1`, apiKey: 'sk-ant-e2e-fake' }, models: { 'claude-e2e': model } },
    },
  });
}
