// The real GitHub Copilot CLI (`copilot -p`, pinned in e2e/package.json) loads the hook file
// `ssg init --client=copilot` writes (~/.copilot/hooks/ssg-governance.json) and runs its preToolUse hook: a
// scripted `rm -rf precious.txt` bash call is denied by `ssg hook copilot` with our rule's reason before it runs,
// and a harmless call runs. No login is needed: Copilot's own BYOK mode (COPILOT_PROVIDER_TYPE=anthropic,
// COPILOT_PROVIDER_BASE_URL) talks to a fake Anthropic Messages API on loopback, and COPILOT_OFFLINE=true turns
// off GitHub auth, telemetry and updates. The hook file is read from COPILOT_HOME (pinned to the workspace).
// The hook command is also run directly, as the `bash` string in the file, with payloads in the shapes Copilot
// sends: the documented one (`toolArgs` a JSON string) and the one Copilot 1.0.102 was seen to send (`toolArgs`
// an object, plus `sessionId`); preToolUse denies answer `{"permissionDecision","permissionDecisionReason"}`,
// allows and postToolUse (which adds `toolResult`) answer nothing.
// Not covered: the project's .vscode/mcp.json and .github/copilot-instructions.md are for VS Code's chat, which
// the Copilot CLI does not read.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FakeMessagesApi, type ScriptedTurn } from '@ssg/testing/fake-messages-api';
import { hostBin, HostWorkspace } from '../support/host-workspace';
import { xdgDirs } from '../support/xdg-dirs';

const PROJECT_RULES = `rule e2e_no_recursive_delete {
  priority 100
  DENY execution
  IF command REGEX "^rm\\s+-[a-zA-Z]*r"
  MESSAGE "e2e: recursive deletes are blocked in this project"
}
`;

const DENY_REASON =
  'ssg blocked this (rule e2e_no_recursive_delete): e2e: recursive deletes are blocked in this project';

interface HookFile {
  version: number;
  hooks: Record<string, { type: string; bash: string; timeoutSec: number }[]>;
}

interface CopilotEvent {
  type: string;
  data?: { success?: boolean; error?: { code?: string; message?: string } };
}

function copilotEnv(workspace: HostWorkspace, apiUrl: string): Record<string, string> {
  return {
    PWD: workspace.project,
    ...xdgDirs(workspace.root),
    COPILOT_HOME: join(workspace.root, '.copilot'),
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_TYPE: 'anthropic',
    COPILOT_PROVIDER_BASE_URL: apiUrl,
    COPILOT_PROVIDER_API_KEY: 'sk-ant-e2e-fake',
    COPILOT_MODEL: 'claude-sonnet-4.5',
  };
}

describe('Copilot CLI with ssg init --client=copilot', () => {
  const workspace = new HostWorkspace();
  const hookFilePath = join(workspace.root, '.copilot', 'hooks', 'ssg-governance.json');

  before(() => {
    workspace.write('project/precious.txt', 'keep me\n');
    workspace.write('project/.ssg/rules/project.rules', PROJECT_RULES);
    workspace.trust();
    const init = workspace.run(['init', '--client=copilot']);
    assert.equal(init.status, 0, init.stderr);
  });
  after(() => workspace.cleanup());

  async function runCopilot(script: readonly ScriptedTurn[]) {
    const api = await FakeMessagesApi.start(script);
    try {
      const run = await workspace.runHost(
        hostBin('copilot'),
        ['-p', 'tidy up the project', '--allow-all-tools', '--output-format', 'json', '--no-auto-update'],
        { env: copilotEnv(workspace, api.url), timeoutMs: 60_000 },
      );
      const events = run.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as CopilotEvent);
      const completions = events.filter((event) => event.type === 'tool.execution_complete');
      return { run, api, completions };
    } finally {
      await api.close();
    }
  }

  /** Runs one hook entry's command as Copilot does (`bash` runs it with bash), with `payload` on stdin. */
  function runHookCommand(event: 'preToolUse' | 'postToolUse', payload: object) {
    const hookFile = JSON.parse(readFileSync(hookFilePath, 'utf8')) as HookFile;
    const [entry] = hookFile.hooks[event] ?? [];
    assert.ok(entry, `no ${event} entry in ${hookFilePath}`);
    return workspace.runHost('bash', ['-c', entry.bash], { input: JSON.stringify(payload), timeoutMs: 30_000 });
  }

  test('copilot -p runs our preToolUse hook: a destructive bash call is denied before it runs', async () => {
    const { run, api, completions } = await runCopilot([
      { toolUse: { name: 'bash', input: { command: 'rm -rf precious.txt', description: 'Remove the file' } } },
      { text: 'I could not delete it.' },
    ]);
    assert.equal(run.status, 0, `copilot failed:\n${run.stderr}\n${run.stdout}`);
    assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the targeted file must still exist');
    assert.equal(completions.length, 1, `expected one tool call:\n${run.stdout}`);
    assert.equal(completions[0]!.data?.success, false);
    assert.equal(completions[0]!.data?.error?.code, 'denied');
    const [result] = api.toolResults();
    assert.ok(result, `no tool_result was sent back; requests: ${api.requests.length}`);
    assert.equal(result.text, `Denied by preToolUse hook: ${DENY_REASON}`);
  });

  test('a harmless bash call runs', async () => {
    const { run, api, completions } = await runCopilot([
      { toolUse: { name: 'bash', input: { command: 'cat precious.txt', description: 'Show the file' } } },
      { text: 'It says keep me.' },
    ]);
    assert.equal(run.status, 0, `copilot failed:\n${run.stderr}\n${run.stdout}`);
    assert.equal(completions[0]?.data?.success, true, run.stdout);
    const [result] = api.toolResults();
    assert.ok(result, 'no tool_result was sent back');
    assert.match(result.text, /keep me/);
  });

  test('the hook command answers preToolUse payloads in the documented and the observed shape', async () => {
    const base = { timestamp: Date.now(), cwd: workspace.project, toolName: 'bash' };
    const payloads = [
      { ...base, toolArgs: JSON.stringify({ command: 'rm -rf precious.txt', description: 'Remove' }) },
      { ...base, sessionId: 'e2e-session', toolArgs: { command: 'rm -rf precious.txt', description: 'Remove' } },
    ];
    for (const payload of payloads) {
      const run = await runHookCommand('preToolUse', payload);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(JSON.parse(run.stdout), { permissionDecision: 'deny', permissionDecisionReason: DENY_REASON });
    }
    const allowed = await runHookCommand('preToolUse', { ...base, toolArgs: JSON.stringify({ command: 'ls' }) });
    assert.deepEqual(allowed, { status: 0, stdout: '', stderr: '' }, 'an allowed call gets no output');
  });

  test('the hook command answers nothing to postToolUse', async () => {
    const run = await runHookCommand('postToolUse', {
      timestamp: Date.now(),
      cwd: workspace.project,
      toolName: 'bash',
      toolArgs: { command: 'rm -rf precious.txt' },
      toolResult: { resultType: 'success', textResultForLlm: '' },
    });
    assert.deepEqual(run, { status: 0, stdout: '', stderr: '' });
  });
});
