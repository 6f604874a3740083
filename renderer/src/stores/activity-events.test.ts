// The Activity area's live-event steps without a browser: filters, duplicates, the page's limit, and the ASK
// queue's created/answered/expired events, also replayed in an order a read in flight can produce.
// Node runs these (scripts/test.mjs); the renderer program has no Node types otherwise (tsconfig "types": []).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ApprovalEvent, PendingApproval } from '@ssg/contracts/approvals';
import type { AuditRecord } from '@ssg/contracts/audit';
import { type ActivityFilters, KEEP, withApprovalEvent, withDecision } from './activity-events';

const ALL: ActivityFilters = { decision: '', client: '', tool: '', text: '' };

function record(id: number, change: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id,
    at: 1_700_000_000_000 + id,
    tool: 'Bash',
    capability: 'execute',
    client: 'claude-code',
    summary: `echo ${id}`,
    decision: 'allow',
    decidedBy: 'rules',
    durationMs: 1,
    matched: [{ field: 'command', op: 'REGEX', negated: false, value: 'echo' }],
    ...change,
  };
}

function approval(id: string): PendingApproval {
  return {
    id,
    tool: 'Bash',
    capability: 'execute',
    client: 'codex',
    summary: `deploy ${id}`,
    createdAt: 1,
    expiresAt: 2,
  };
}

const resolution = { decision: 'allow', answeredBy: 'dashboard', message: 'Approved' } as const;

describe('withDecision', () => {
  const cases: Array<{ name: string; filters: ActivityFilters; change: Partial<AuditRecord>; kept: boolean }> = [
    { name: 'no filter', filters: ALL, change: {}, kept: true },
    { name: 'decision matches', filters: { ...ALL, decision: 'block' }, change: { decision: 'block' }, kept: true },
    { name: 'decision differs', filters: { ...ALL, decision: 'block' }, change: {}, kept: false },
    { name: 'client differs', filters: { ...ALL, client: 'codex' }, change: {}, kept: false },
    { name: 'tool matches', filters: { ...ALL, tool: 'Bash' }, change: {}, kept: true },
    { name: 'text in the summary, any case', filters: { ...ALL, text: '  ECHO 9 ' }, change: {}, kept: true },
    { name: 'text in the rule id', filters: { ...ALL, text: 'no_rm' }, change: { ruleId: 'no_rm_rf' }, kept: true },
    { name: 'text in the message', filters: { ...ALL, text: 'cap' }, change: { message: 'Over the cap' }, kept: true },
    { name: 'text nowhere', filters: { ...ALL, text: 'deploy' }, change: {}, kept: false },
  ];
  for (const { name, filters, change, kept } of cases) {
    test(name, () => {
      const records = withDecision([record(1)], filters, record(9, change));
      assert.deepEqual(
        records.map((r) => r.id),
        kept ? [9, 1] : [1],
      );
    });
  }

  test('keeps the summary only: the matched conditions stay in the detail', () => {
    const [first] = withDecision([], ALL, record(3));
    assert.ok(first);
    assert.equal('matched' in first, false);
    assert.equal(first.summary, 'echo 3');
  });

  test('a record already listed (read and live both had it) is not listed twice', () => {
    const once = withDecision([], ALL, record(5));
    assert.equal(withDecision(once, ALL, record(5)), once);
  });

  test('the page keeps the newest KEEP records', () => {
    let records = withDecision([], ALL, record(0));
    for (let id = 1; id <= KEEP; id++) records = withDecision(records, ALL, record(id));
    assert.equal(records.length, KEEP);
    assert.equal(records[0]?.id, KEEP);
    assert.equal(records.at(-1)?.id, 1);
  });
});

describe('withApprovalEvent', () => {
  test('created joins the queue once, in arrival order', () => {
    const created = (id: string): ApprovalEvent => ({ type: 'created', approval: approval(id) });
    const queue = [created('aaaaaaaa'), created('bbbbbbbb'), created('aaaaaaaa')].reduce(withApprovalEvent, []);
    assert.deepEqual(
      queue.map((p) => p.id),
      ['aaaaaaaa', 'bbbbbbbb'],
    );
  });

  for (const type of ['answered', 'expired'] as const) {
    test(`${type} leaves the queue; again, or for an unknown id, changes nothing`, () => {
      const queue = [approval('aaaaaaaa'), approval('bbbbbbbb')];
      const event: ApprovalEvent = { type, approval: approval('aaaaaaaa'), resolution };
      const after = withApprovalEvent(queue, event);
      assert.deepEqual(
        after.map((p) => p.id),
        ['bbbbbbbb'],
      );
      assert.deepEqual(withApprovalEvent(after, event), after);
    });
  }

  test('replayed over a read that predates them, the events give the queue as it is now', () => {
    // The read was answered before request c was created and before a was answered; both events arrived first.
    const read = [approval('aaaaaaaa')];
    const since: ApprovalEvent[] = [
      { type: 'created', approval: approval('cccccccc') },
      { type: 'answered', approval: approval('aaaaaaaa'), resolution },
    ];
    assert.deepEqual(
      since.reduce(withApprovalEvent, read).map((p) => p.id),
      ['cccccccc'],
    );
  });
});
