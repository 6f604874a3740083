// GET /api/json/budget/history over real HTTP against a real daemon with a hand-moved clock: calls recorded through
// POST /api/json/eval and dollars through the Budget land in the right hour and client, the window follows `hours`,
// racing calls are all counted (the group commit is flushed first), and every bad `hours` or token is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BUDGET_HISTORY_MAX_HOURS, BUDGET_HISTORY_PATH, type BudgetHistoryResponse } from '@ssg/contracts/budget';
import { EVAL_PATH } from '@ssg/contracts/eval';
import type { ToolCall } from '@ssg/engine';
import type { CostEntry } from '../costs/cost-entry';
import { testCostEntry } from '../costs/testing/cost-entry';
import { TestDaemon } from '../testing/test-daemon';

interface ErrorBody {
  statusCode: number;
  message: string;
}

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-10T20:48:00Z');
const THIS_HOUR = Date.parse('2026-03-10T20:00:00Z');

const call = (client: string): ToolCall => ({ tool: 'Bash', input: { command: 'ls' }, capability: 'execute', client });

const cost = (at: number, usd: number, client: string, priced = true): CostEntry =>
  testCostEntry(at, usd, client, priced);

describe('budget history route', () => {
  const clock = { at: NOW, now: () => clock.at };
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start({ clock })));
  after(() => daemon.stop());

  const history = async (query = ''): Promise<BudgetHistoryResponse> => {
    const response = await daemon.request<BudgetHistoryResponse>('GET', `${BUDGET_HISTORY_PATH}${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body;
  };
  const evaluateAt = async (at: number, client: string): Promise<void> => {
    clock.at = at;
    const response = await daemon.request('POST', EVAL_PATH, { body: { call: call(client), askSupported: true } });
    assert.equal(response.status, 200);
    clock.at = NOW;
  };

  test('without a token, or with a wrong one, is 401', async () => {
    for (const token of [false, 'f'.repeat(64)] as const) {
      const response = await daemon.request<ErrorBody>('GET', BUDGET_HISTORY_PATH, { token });
      assert.equal(response.status, 401);
    }
  });

  test('an empty ledger: 24 empty hourly buckets ending with the current hour', async () => {
    const body = await history();
    assert.equal(body.from, THIS_HOUR - 23 * HOUR);
    assert.equal(body.to, NOW);
    assert.equal(body.bucketMs, HOUR);
    assert.deepEqual(body.clients, []);
    assert.deepEqual(
      body.buckets,
      Array.from({ length: 24 }, (_, i) => ({ start: body.from + i * HOUR, perClient: {} })),
    );
  });

  test('calls and dollars land in their hour and client; outside the window they do not count', async () => {
    await evaluateAt(NOW, 'claude-code');
    await evaluateAt(THIS_HOUR, 'claude-code'); // the first millisecond of the hour belongs to it
    await evaluateAt(THIS_HOUR - 1, 'codex');
    await evaluateAt(THIS_HOUR - 23 * HOUR, 'codex'); // the oldest bucket's first millisecond
    await evaluateAt(THIS_HOUR - 23 * HOUR - 1, 'codex'); // just before the window
    const { budget } = daemon.daemon;
    budget.recordCost(cost(NOW - 60_000, 1.25, 'claude-code'));
    budget.recordCost(cost(NOW - 120_000, 0.5, 'claude-code', false));
    budget.recordCost(cost(THIS_HOUR - 2 * HOUR, 2, 'gemini-cli'));
    budget.recordCost(cost(THIS_HOUR - 100 * HOUR, 7, 'codex'));

    const body = await history();
    assert.deepEqual(body.clients, ['claude-code', 'codex', 'gemini-cli']);
    const byStart = new Map(body.buckets.map((bucket) => [bucket.start, bucket.perClient]));
    assert.deepEqual(byStart.get(THIS_HOUR), { 'claude-code': { calls: 2, usd: 1.75, unpricedUsd: 0.5 } });
    assert.deepEqual(byStart.get(THIS_HOUR - HOUR), { codex: { calls: 1, usd: 0, unpricedUsd: 0 } });
    assert.deepEqual(byStart.get(THIS_HOUR - 2 * HOUR), { 'gemini-cli': { calls: 0, usd: 2, unpricedUsd: 0 } });
    assert.deepEqual(byStart.get(THIS_HOUR - 23 * HOUR), { codex: { calls: 1, usd: 0, unpricedUsd: 0 } });
    const filled = body.buckets.filter((bucket) => Object.keys(bucket.perClient).length > 0);
    assert.equal(filled.length, 4, 'no other hour has anything');

    const week = await history(`?hours=${BUDGET_HISTORY_MAX_HOURS}`);
    assert.equal(week.buckets.length, BUDGET_HISTORY_MAX_HOURS);
    assert.equal(week.from, THIS_HOUR - (BUDGET_HISTORY_MAX_HOURS - 1) * HOUR);
    assert.deepEqual(week.buckets.find((bucket) => bucket.start === THIS_HOUR - 100 * HOUR)?.perClient, {
      codex: { calls: 0, usd: 7, unpricedUsd: 0 },
    });
    assert.deepEqual(week.buckets.find((bucket) => bucket.start === THIS_HOUR - 24 * HOUR)?.perClient, {
      codex: { calls: 1, usd: 0, unpricedUsd: 0 },
    });

    const hour = await history('?hours=1');
    assert.equal(hour.from, THIS_HOUR);
    assert.deepEqual(hour.clients, ['claude-code']);
    assert.equal(hour.buckets.length, 1);
  });

  test('racing calls are all counted: the answer includes calls not yet committed', async () => {
    const before = (await history('?hours=1')).buckets[0]!.perClient['racer']?.calls ?? 0;
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        daemon.request('POST', EVAL_PATH, { body: { call: call('racer'), askSupported: true } }),
      ),
    );
    assert.deepEqual(new Set(responses.map((response) => response.status)), new Set([200]));
    const [bucket] = (await history('?hours=1')).buckets;
    assert.equal(bucket!.perClient['racer']!.calls, before + 40);
  });

  test('a clock set back: rows from the "future" are left out, not misplaced', async () => {
    clock.at = NOW - 5 * HOUR;
    try {
      const body = await history('?hours=2');
      assert.equal(body.to, NOW - 5 * HOUR);
      assert.equal(body.buckets.length, 2);
      assert.deepEqual(body.clients, []);
      assert.deepEqual(body.buckets.at(-1)!.start, THIS_HOUR - 5 * HOUR);
    } finally {
      clock.at = NOW;
    }
  });

  describe('a bad query is a 400 saying what is allowed', () => {
    const cases = [
      { query: '?hours=0', message: /^hours must be a whole number from 1 to 168, not 0$/ },
      { query: '?hours=169', message: /^hours must be a whole number from 1 to 168, not 169$/ },
      { query: '?hours=999', message: /from 1 to 168, not 999$/ },
      { query: '?hours=99999999999999999999', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=-1', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=1.5', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=1e2', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=abc', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=%3Cscript%3E', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?hours=1&hours=2', message: /^hours must be a whole number from 1 to 168$/ },
      { query: '?days=1', message: /^the budget history route takes only the query parameter hours$/ },
    ];
    for (const { query, message } of cases) {
      test(query, async () => {
        const response = await daemon.request<ErrorBody>('GET', `${BUDGET_HISTORY_PATH}${query}`);
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.match(response.body.message, message);
      });
    }
  });
});
