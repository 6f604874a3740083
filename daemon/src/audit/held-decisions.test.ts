// A call held for an approval is decided long after it arrived, while other calls are decided in between. Its
// audit record is dated when it was decided — so the log, newest first, reads in time order, and a time filter
// finds it where it sits — and keeps when it was asked as `requestedAt`.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ApprovalList } from '@ssg/contracts/approvals';
import type { AuditPage } from '@ssg/contracts/audit';
import type { EvalResponse } from '@ssg/contracts/eval';
import { eventually } from '@ssg/testing/eventually';
import { TestDaemon } from '../testing/test-daemon';

const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const HOUR = 3_600_000;

const endings: Array<{ name: string; end: (daemon: TestDaemon, id: string) => Promise<unknown> }> = [
  { name: 'expires', end: () => Promise.resolve() },
  {
    name: 'is answered',
    end: (daemon, id) => daemon.request('POST', `/api/json/approvals/${id}`, { body: { decision: 'allow' } }),
  },
];

describe('the audit record of a call held for an approval', () => {
  let now = START;
  let daemon: TestDaemon;
  const evaluate = (command: string) =>
    daemon.request<EvalResponse>('POST', '/api/json/eval', {
      token: daemon.hookToken,
      body: { call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command } }, askSupported: false },
    });

  before(async () => {
    daemon = await TestDaemon.start({ clock: { now: () => now }, approvalTimeoutMs: 1_000 });
    mkdirSync(join(daemon.home, 'rules'), { recursive: true });
    writeFileSync(
      join(daemon.home, 'rules', 'ask.rules'),
      'rule ask_push {\n  ASK execution\n  IF command STARTS_WITH "git push"\n}\n',
    );
  });
  after(() => daemon.stop());

  endings.forEach((ending, index) => {
    test(`is dated when it was decided, and sorts by it, when the ask ${ending.name}`, async () => {
      // Each test an hour later than the one before, so the time filter sees only its own records.
      const ASKED_AT = START + index * HOUR;
      /** The call decided while the ask waits. */
      const OTHER_AT = ASKED_AT + 20_000;
      /** When the ask is answered or expires. */
      const DECIDED_AT = ASKED_AT + 60_000;
      now = ASKED_AT;
      const held = evaluate('git push');
      let id = '';
      await eventually(async () => {
        id = (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body.pending[0]?.id ?? '';
        return id !== '';
      }, 'the ask to be waiting');
      now = OTHER_AT;
      const other = await evaluate('ls');
      now = DECIDED_AT;
      await ending.end(daemon, id);
      const push = await held;

      const page = await daemon.request<AuditPage>('GET', '/api/json/audit?limit=2');
      const [newest, older] = page.body.records;
      assert.equal(newest?.id, push.body.auditId);
      assert.equal(newest?.at, DECIDED_AT);
      assert.equal(newest?.requestedAt, ASKED_AT);
      assert.equal(older?.id, other.body.auditId);
      assert.equal(older?.at, OTHER_AT);
      assert.equal(older?.requestedAt, undefined, 'a call decided at once has no separate request time');
      const since = await daemon.request<AuditPage>('GET', `/api/json/audit?since=${OTHER_AT + 1}`);
      assert.deepEqual(
        since.body.records.map((record) => record.id),
        [push.body.auditId],
      );
    });
  });
});
