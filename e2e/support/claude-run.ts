// One run of the real Claude Code in print mode against a fake Messages API that plays `script`: the run's exit and
// output, and the API with what Claude Code sent back (tool results, requests), closed once the run is over.
import { join } from 'node:path';
import { FakeMessagesApi, type ScriptedTurn } from '@ssg/testing/fake-messages-api';
import type { CliRun } from '@ssg/testing/cli-harness';
import { claudeEnv } from './claude-env';
import { hostBin, type HostWorkspace } from './host-workspace';

export interface ClaudeRunOptions {
  /** The user's prompt. */
  prompt?: string;
  /** `--allowedTools`. */
  allowedTools?: string;
  /** More arguments before `--output-format json` (`--mcp-config …`). */
  args?: readonly string[];
  /** More environment (SSG_DAEMON_URL, …). */
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
}

export async function runClaude(
  workspace: HostWorkspace,
  script: readonly ScriptedTurn[],
  options: ClaudeRunOptions = {},
): Promise<{ run: CliRun; api: FakeMessagesApi }> {
  const {
    prompt = 'tidy up the project',
    allowedTools = 'Bash',
    args = [],
    env = {},
    cwd,
    timeoutMs = 120_000,
  } = options;
  const api = await FakeMessagesApi.start(script);
  try {
    const run = await workspace.runHost(
      hostBin('claude'),
      ['-p', prompt, '--allowedTools', allowedTools, ...args, '--output-format', 'json'],
      {
        ...(cwd !== undefined ? { cwd } : {}),
        env: claudeEnv(api.url, join(workspace.root, '.claude'), env),
        timeoutMs,
      },
    );
    return { run, api };
  } finally {
    await api.close();
  }
}
