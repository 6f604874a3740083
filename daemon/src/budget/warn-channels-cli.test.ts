// A spending warning (warn mode) reaches the model through each host's own channel, the shapes verified against
// the real CLIs (docs/hooks.md): Codex and Claude Code read `hookSpecificOutput.additionalContext` (Codex fails a
// hook that also answers `allow`), Copilot the flat `additionalContext`, OpenCode's plugin the `note` it appends
// to the tool's output. The built hooks against a real daemon in warn mode.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import type { Workspace } from '@ssg/testing/cli-harness';
import { TestDaemon } from '../testing/test-daemon';

const WARNING = /spending|cap/i;

describe('spending warnings reach the model through each host (built CLI, real daemon)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => {
    ({ ws, daemon } = await TestDaemon.forCli());
    // Warn from the first call on: a cap of 1,000 calls warns at 0.1 %.
    const set = await daemon.request('POST', '/api/json/budget', {
      body: { mode: 'warn', warnAtPct: 0.001, global: { sessionCalls: 1000 } },
    });
    assert.equal(set.status, 200);
    const issuer = newTestIssuer();
    trustTestIssuer(ws.home, issuer);
    ws.write(
      'ssg-home/license.jwt',
      mintLicense(issuer.privateKey, { iss: 'test-issuer', tier: 'pro', exp: 4_102_444_800 }),
    );
  });
  after(() => daemon.stopWithCli(ws));

  const hook = async (args: string[], input: unknown) => {
    const run = await ws.runAsync(['hook', ...args], {
      input: JSON.stringify(input),
      env: { SSG_DAEMON_URL: daemon.url },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, WARNING, 'the user sees it on stderr too');
    return JSON.parse(run.stdout) as Record<string, unknown>;
  };

  test('Codex: additionalContext, and no permissionDecision (Codex rejects `allow`)', async () => {
    const output = await hook(['codex', '--source=native'], {
      session_id: 's',
      cwd: ws.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'shell',
      tool_input: { command: 'ls' },
    });
    const specific = output.hookSpecificOutput as Record<string, unknown>;
    assert.equal(specific.hookEventName, 'PreToolUse');
    assert.match(String(specific.additionalContext), WARNING);
    assert.equal('permissionDecision' in specific, false);
  });

  test('Copilot: the flat additionalContext', async () => {
    const output = await hook(['copilot'], {
      timestamp: 1,
      cwd: ws.project,
      toolName: 'bash',
      toolArgs: '{"command":"ls"}',
    });
    assert.match(String(output.additionalContext), WARNING);
    assert.equal('permissionDecision' in output, false);
  });

  test("OpenCode: an allow with the note the plugin appends to the tool's output", async () => {
    const output = await hook(['opencode'], {
      tool: 'bash',
      args: { command: 'ls' },
      sessionID: 's',
      callID: 'c',
      cwd: ws.project,
    });
    assert.equal(output.decision, 'allow');
    assert.match(String(output.note), WARNING);
  });
});
