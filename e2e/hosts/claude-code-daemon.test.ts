// The real Claude Code CLI with ssg's daemon running: after `ssg init --client=claude-code` every tool call goes
// through the hook to the daemon, which blocks over an enforced spending cap before any rule runs, blocks by the
// Sleep at Night bundle while it is on, records each decision in the audit log — and prices the transcript Claude
// Code writes, so the spend shows up in the budget snapshot. Under Sleep at Night, retrying a destructive call
// never gets it past the circuit breaker.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuditPage } from '@ssg/contracts/audit';
import type { BudgetResponse } from '@ssg/contracts/budget';
import { TestDaemon } from '@ssg/daemon/testing';
import type { ScriptedTurn } from '@ssg/testing/fake-messages-api';
import { runClaude } from '../support/claude-run';
import { HostWorkspace } from '../support/host-workspace';

describe('Claude Code through the ssg daemon', () => {
  const workspace = new HostWorkspace();
  const claudeConfigDir = join(workspace.root, '.claude');
  let daemon: TestDaemon;

  async function runClaudeThroughDaemon(script: readonly ScriptedTurn[]) {
    const { run, api } = await runClaude(workspace, script, {
      prompt: 'do the chores',
      env: { SSG_DAEMON_URL: daemon.url },
    });
    assert.equal(run.status, 0, `claude failed:\n${run.stderr}\n${run.stdout}`);
    return api.toolResults();
  }

  before(async () => {
    daemon = await TestDaemon.start({
      home: workspace.home,
      env: { HOME: workspace.root, CLAUDE_CONFIG_DIR: claudeConfigDir, CODEX_HOME: join(workspace.root, '.codex') },
    });
    workspace.write('project/precious.txt', 'keep me\n');
    const init = workspace.run(['init', '--client=claude-code']);
    assert.equal(init.status, 0, init.stderr);
  });
  after(async () => {
    await daemon.stop({ keepHome: true });
    workspace.cleanup();
  });

  test('an enforced calls cap blocks the call over it, naming the cap', async () => {
    const set = await daemon.request('POST', '/api/json/budget', {
      body: { mode: 'enforce', perClient: { 'claude-code': { sessionCalls: 1 } } },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const results = await runClaudeThroughDaemon([
      { toolUse: { name: 'Bash', input: { command: 'echo first', description: 'First' } } },
      { toolUse: { name: 'Bash', input: { command: 'echo second', description: 'Second' } } },
      { text: 'Stopped by the budget.' },
    ]);
    assert.equal(results.length, 2, JSON.stringify(results));
    assert.match(results[0]!.text, /first/);
    assert.match(results[1]!.text, /spending limit/i);
    assert.match(results[1]!.text, /session calls cap reached for claude-code \(1\/1/);
    const audit = await daemon.request<AuditPage>('GET', '/api/json/audit?client=claude-code&limit=5');
    assert.deepEqual(
      audit.body.records.map((record) => [record.decision, record.decidedBy]),
      [
        ['block', 'budget'],
        ['allow', 'rules'],
      ],
    );
    await daemon.request('POST', '/api/json/budget', { body: { mode: 'off' } });
  });

  test('Sleep at Night blocks a force-push by its bundle, and a harmless call still runs', async () => {
    const on = await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: true, forMs: 3_600_000 } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    try {
      const results = await runClaudeThroughDaemon([
        { toolUse: { name: 'Bash', input: { command: 'git push --force origin main', description: 'Push' } } },
        { toolUse: { name: 'Bash', input: { command: 'cat precious.txt', description: 'Show' } } },
        { text: 'Done.' },
      ]);
      assert.match(results[0]!.text, /ssg_sleep_vcs_integrity/);
      assert.match(results[1]!.text, /keep me/);
      assert.ok(existsSync(join(workspace.project, 'precious.txt')));
    } finally {
      await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: false } });
    }
  });

  test('under Sleep at Night the circuit breaker never lets the sixth destructive call through', async () => {
    workspace.write('home-notes.txt', 'something to lose\n');
    const on = await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: true, forMs: 3_600_000 } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    try {
      const attempts = Array.from({ length: 7 }, (_, i) => ({
        toolUse: {
          name: 'Bash',
          input: { command: 'find ~ -mindepth 1 -delete', description: `Clean up, try ${i + 1}` },
        },
      }));
      const results = await runClaudeThroughDaemon([...attempts, { text: 'Gave up.' }]);
      assert.equal(results.length, 7, JSON.stringify(results));
      for (const [i, result] of results.entries()) {
        assert.match(result.text, /ssg_sleep_destructive_fs/, `attempt ${i + 1}: ${result.text}`);
      }
      assert.ok(existsSync(join(workspace.root, 'home-notes.txt')), 'HOME survived');
      assert.ok(existsSync(join(workspace.project, 'precious.txt')), 'the project survived');
      const audit = await daemon.request<AuditPage>('GET', '/api/json/audit?client=claude-code&limit=7');
      assert.deepEqual(
        audit.body.records.map((record) => [record.decision, record.decidedBy]),
        Array.from({ length: 7 }, () => ['block', 'rules']),
      );
    } finally {
      await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: false } });
    }
  });

  test('the transcripts Claude Code wrote are priced into the ledger', async () => {
    let spend: BudgetResponse['snapshot']['perClient'][string] | undefined;
    for (let attempt = 0; attempt < 100; attempt++) {
      spend = (await daemon.request<BudgetResponse>('GET', '/api/json/budget')).body.snapshot.perClient['claude-code'];
      if ((spend?.session.usd.spent ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.ok(spend && spend.session.usd.spent > 0, 'no dollars were ingested from the transcripts');
    assert.equal(spend.session.usd.unpricedUsd, 0, 'the model Claude Code used is in the price table');
  });
});
