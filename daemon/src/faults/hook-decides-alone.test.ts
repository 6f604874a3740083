// What a hook decides when the daemon cannot decide for it (issue 12, items 5 and 9): a call over the daemon's
// limits is blocked with its reason before it is sent — 100,000 levels of nesting included, which used to
// overflow the hook's stack and fail open — a refusal of the daemon is its answer, never a reason to judge the
// call again without spending limits and the audit, and what the hook blocks on its own (fail-closed with no
// daemon, an over-limit call) reaches the audit log once a daemon runs.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuditPage } from '@ssg/contracts/audit';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { auditSpoolPath } from '@ssg/node/audit-spool';
import { TestDaemon } from '../testing/test-daemon';

describe('the hook deciding alone (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  let sequence = 0;
  /** `toolInput` as JSON text: a JSON.stringify of 100,000 levels would overflow this test's own stack. */
  const hook = async (toolInput: string, extra: Record<string, unknown> = {}) => {
    const envelope = JSON.stringify({
      session_id: `alone-${++sequence}`,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: null,
      cwd: ws.project,
      ...extra,
    });
    const input = envelope.replace('"tool_input":null', `"tool_input":${toolInput}`);
    const run = await ws.runAsync(['hook', 'eval'], { input, env: { SSG_DAEMON_URL: '' } });
    assert.equal(run.status, 0, run.stderr);
    const output = run.stdout.trim() === '' ? undefined : JSON.parse(run.stdout).hookSpecificOutput;
    return {
      decision: (output?.permissionDecision ?? 'allow') as string,
      reason: (output?.permissionDecisionReason ?? '') as string,
    };
  };
  const nested = (depth: number): string => `{"command":"ls","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  const overLimit: Array<{ name: string; input: string; extra?: Record<string, unknown>; reason: RegExp }> = [
    { name: 'input nested 70 levels', input: nested(70), reason: /nested deeper than 62/ },
    { name: 'input nested 100,000 levels', input: nested(100_000), reason: /nested deeper than 62/ },
    {
      name: 'a session id of 300 characters',
      input: '{"command":"ls"}',
      extra: { session_id: 's'.repeat(300) },
      reason: /session id is longer than 256/,
    },
  ];

  describe('with a daemon running', () => {
    let daemon: TestDaemon;
    before(async () => {
      daemon = await TestDaemon.start({ home: ws.home });
    });
    after(() => daemon.stop({ keepHome: true }));

    for (const { name, input, extra, reason } of overLimit) {
      test(`over the limits, blocked with the reason: ${name}`, async () => {
        const run = await hook(input, extra);
        assert.equal(run.decision, 'deny');
        assert.match(run.reason, /ssg_input_over_limit/);
        assert.match(run.reason, reason);
      });
    }

    test('a refusal of the daemon is its answer: the call is blocked, not judged again here', async () => {
      const token = join(ws.home, 'daemon.token');
      const saved = readFileSync(token, 'utf8');
      writeFileSync(token, 'a-token-the-daemon-does-not-know\n');
      try {
        const run = await hook('{"command":"ls"}');
        assert.equal(run.decision, 'deny');
        assert.match(run.reason, /ssg_daemon_refused/);
      } finally {
        writeFileSync(token, saved);
      }
    });

    test('what the hook blocked alone was recorded in the audit log', async () => {
      // The daemon takes the spool over every few seconds.
      const page = await eventuallyAudit(daemon, (records) =>
        records.some((record) => record.ruleId === 'ssg_input_over_limit'),
      );
      const blocked = page.records.filter((record) => record.ruleId === 'ssg_input_over_limit');
      assert.equal(blocked.length, overLimit.length);
      assert.ok(blocked.every((record) => record.decidedBy === 'hook' && record.decision === 'block'));
      assert.equal(existsSync(auditSpoolPath(ws.home)), false, 'the spool is taken over');
    });
  });

  test('fail-closed blocks with no daemon reach the audit log when the daemon is back', async () => {
    writeFileSync(join(ws.home, 'fail-closed'), '');
    try {
      const run = await hook('{"command":"echo while-nobody-watched"}');
      assert.equal(run.decision, 'deny');
      assert.match(run.reason, /ssg_fail_closed/);
    } finally {
      rmSync(join(ws.home, 'fail-closed'));
    }
    assert.ok(existsSync(auditSpoolPath(ws.home)));
    const daemon = await TestDaemon.start({ home: ws.home });
    try {
      const page = await eventuallyAudit(daemon, (records) => records.some((r) => r.ruleId === 'ssg_fail_closed'));
      const record = page.records.find((r) => r.ruleId === 'ssg_fail_closed')!;
      assert.equal(record.decidedBy, 'hook');
      assert.match(JSON.stringify(record), /while-nobody-watched/);
    } finally {
      await daemon.stop({ keepHome: true });
    }
  });
});

async function eventuallyAudit(
  daemon: TestDaemon,
  done: (records: AuditPage['records']) => boolean,
): Promise<AuditPage> {
  for (let attempt = 0; ; attempt++) {
    const page = await daemon.request<AuditPage>('GET', '/api/json/audit?limit=100');
    if (page.status === 200 && done(page.body.records)) return page.body;
    if (attempt > 100) assert.fail(`the audit log never showed it: ${JSON.stringify(page.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
