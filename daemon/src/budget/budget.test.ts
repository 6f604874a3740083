// The spending limits end to end below HTTP, on a real ledger in a temp home with a hand-moved clock: each mode,
// calls and dollar caps (unpriced estimates included), rolling and calendar windows across restarts and DST,
// concurrent callers racing for the last call of a cap, and what a broken budget.json does.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { BudgetResponse, BudgetUpdate } from '@ssg/contracts/budget';
import type { ToolCall } from '@ssg/engine';
import type { CostEntry } from '../costs/cost-entry';
import { testCostEntry } from '../costs/testing/cost-entry';
import { DaemonEvents } from '../events';
import { Budget, StaleBudgetError } from './budget';
import { BudgetConfigError } from './budget-config';
import { budgetFilePath } from './budget-file';
import { HOUR_MS } from './windows';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;

class ManualClock {
  constructor(public at: number) {}
  now(): number {
    return this.at;
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

const call = (client = 'claude-code'): ToolCall => ({
  tool: 'Bash',
  input: { command: 'ls' },
  capability: 'execute',
  client,
});

const cost = (at: number, usd: number, priced = true, client = 'claude-code'): CostEntry =>
  testCostEntry(at, usd, client, priced);

/** A Budget on a temp home; reopen() is a daemon restart (new session) on the same home and ledger. */
class Harness {
  readonly home = mkdtempSync(join(tmpdir(), 'ssg-budget-test-'));
  readonly events = new DaemonEvents();
  budget: Budget;

  constructor(readonly clock: ManualClock) {
    this.budget = this.open();
  }

  open(): Budget {
    return Budget.open({ home: this.home, clock: this.clock, events: this.events, sessionStartedAt: this.clock.now() });
  }

  reopen(): Budget {
    this.budget.close();
    return (this.budget = this.open());
  }

  configure(document: BudgetUpdate): BudgetResponse {
    return this.budget.update(document);
  }

  snapshot(): BudgetResponse['snapshot'] {
    return this.budget.current().snapshot;
  }

  cleanup(): void {
    this.budget.close();
    rmSync(this.home, { recursive: true, force: true });
  }
}

const originalTz = process.env.TZ;
let harness: Harness;
beforeEach(() => {
  process.env.TZ = 'UTC';
  // 20:48 UTC: the daily window resets at 00:00, in 3h 12m.
  harness = new Harness(new ManualClock(Date.parse('2026-03-10T20:48:00Z')));
});
afterEach(() => {
  harness.cleanup();
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('modes', () => {
  for (const mode of ['off', 'monitor'] as const) {
    test(`${mode}: caps are kept, nothing is blocked or warned, and spend is still counted`, () => {
      harness.configure({ mode, global: { dailyCalls: 2, dailyUsd: 0 } });
      harness.budget.recordCost(cost(harness.clock.now(), 3));
      for (let i = 0; i < 5; i++) assert.deepEqual(harness.budget.admit(call()), {});
      const daily = harness.snapshot().global.daily;
      assert.equal(daily.calls.spent, 5);
      assert.equal(daily.calls.percent, 250);
      assert.equal(daily.usd.spent, 3);
      assert.equal(daily.usd.percent, 100);
    });
  }

  test('warn: a warning from warnAtPct of a cap on, and the call always proceeds', () => {
    harness.configure({ mode: 'warn', warnAtPct: 0.5, global: { dailyCalls: 4 } });
    assert.deepEqual(harness.budget.admit(call()), {});
    assert.deepEqual(harness.budget.admit(call()), {
      warning:
        'ssg spending limit: 50% of the daily calls cap used for all clients (2/4 calls today); ' +
        'resets at 00:00 (in 3h 12m). This call proceeds (warn mode).',
    });
    for (let i = 0; i < 2; i++) harness.budget.admit(call());
    const over = harness.budget.admit(call());
    assert.equal(over.blocked, undefined);
    assert.match(over.warning ?? '', /125% of the daily calls cap used for all clients \(5\/4 calls today\)/);
    assert.equal(harness.snapshot().global.daily.calls.spent, 5);
  });

  test('warn: names the cap most used when several are past the threshold', () => {
    harness.configure({ mode: 'warn', global: { hourlyCalls: 10 }, perClient: { codex: { dailyCalls: 2 } } });
    for (let i = 0; i < 8; i++) harness.budget.admit(call('codex'));
    assert.match(harness.budget.admit(call('codex')).warning ?? '', /450% of the daily calls cap used for codex/);
  });

  test('enforce: a calls cap admits exactly its number; the next is blocked, named, and not counted', () => {
    harness.configure({ mode: 'enforce', perClient: { 'claude-code': { dailyCalls: 3 } } });
    for (let i = 0; i < 3; i++) assert.deepEqual(harness.budget.admit(call()), {});
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(harness.budget.admit(call()), {
        blocked: {
          capId: 'ssg_budget_claude-code_daily_calls',
          message:
            'ssg spending limit: daily calls cap reached for claude-code (3/3 calls today); resets at 00:00 (in 3h 12m)',
        },
      });
    }
    // Another client is not limited by claude-code's cap.
    assert.deepEqual(harness.budget.admit(call('codex')), {});
    const snapshot = harness.snapshot();
    assert.equal(snapshot.perClient['claude-code']!.daily.calls.spent, 3);
    assert.equal(snapshot.global.daily.calls.spent, 4);
  });

  test('enforce: a global cap counts every client together', () => {
    harness.configure({ mode: 'enforce', global: { sessionCalls: 2 } });
    assert.deepEqual(harness.budget.admit(call('codex')), {});
    assert.deepEqual(harness.budget.admit(call('cursor')), {});
    const blocked = harness.budget.admit(call('claude-code')).blocked;
    assert.equal(blocked?.capId, 'ssg_budget_session_calls');
    assert.equal(
      blocked?.message,
      'ssg spending limit: session calls cap reached for all clients (2/2 calls this session); resets when the ssg daemon restarts',
    );
  });

  test('enforce: a dollar cap blocks once spent reaches it, unpriced estimates included', () => {
    harness.configure({ mode: 'enforce', global: { dailyUsd: 1 } });
    const now = harness.clock.now();
    assert.equal(harness.budget.recordCost(cost(now - MINUTE_MS, 0.6)), true);
    assert.deepEqual(harness.budget.admit(call()), {});
    assert.equal(harness.budget.recordCost(cost(now, 0.5, false)), true);
    assert.deepEqual(harness.budget.admit(call()), {
      blocked: {
        capId: 'ssg_budget_daily_usd',
        message:
          'ssg spending limit: daily USD cap reached for all clients ($1.10/$1.00 today, $0.50 of it estimated for ' +
          'unpriced models); resets at 00:00 (in 3h 12m)',
      },
    });
    const usd = harness.snapshot().global.daily.usd;
    assert.equal(usd.spent, 1.1);
    assert.equal(usd.unpricedUsd, 0.5);
    assert.equal(usd.percent, 110);
  });

  test('enforce: spend exactly at a dollar cap blocks; a cap of 0 blocks from the start', () => {
    harness.configure({ mode: 'enforce', perClient: { codex: { weeklyUsd: 2 }, cursor: { dailyUsd: 0 } } });
    harness.budget.recordCost(cost(harness.clock.now(), 2, true, 'codex'));
    assert.equal(harness.budget.admit(call('codex')).blocked?.capId, 'ssg_budget_codex_weekly_usd');
    assert.equal(harness.budget.admit(call('cursor')).blocked?.capId, 'ssg_budget_cursor_daily_usd');
  });

  test('enforce: when several caps are reached, the one that holds longest is named', () => {
    harness.configure({ mode: 'enforce', global: { hourlyCalls: 1, dailyCalls: 1 } });
    harness.budget.admit(call());
    assert.equal(harness.budget.admit(call()).blocked?.capId, 'ssg_budget_daily_calls');
  });

  test('enforce: a rolling cap of 0 says waiting will not help', () => {
    harness.configure({ mode: 'enforce', perClient: { codex: { hourlyCalls: 0 } } });
    assert.match(
      harness.budget.admit(call('codex')).blocked?.message ?? '',
      /hourly calls cap reached for codex \(0\/0 calls in the last 60 minutes\); the cap is 0; raise it with `ssg budget set hourlyCalls <value> --client codex`$/,
    );
  });

  test('changing the mode applies to the very next call', () => {
    harness.configure({ mode: 'monitor', global: { dailyCalls: 1 } });
    harness.budget.admit(call());
    assert.deepEqual(harness.budget.admit(call()), {});
    harness.configure({ mode: 'enforce', global: { dailyCalls: 1 } });
    assert.notEqual(harness.budget.admit(call()).blocked, undefined, 'blocked');
    harness.configure({ mode: 'enforce', global: { dailyCalls: null } });
    assert.deepEqual(harness.budget.admit(call()), {});
  });
});

describe('windows', () => {
  test('rolling 60 minutes: blocked until the oldest call leaves the window, then admitted', () => {
    harness.configure({ mode: 'enforce', global: { hourlyCalls: 2 } });
    harness.budget.admit(call());
    harness.clock.advance(20 * MINUTE_MS);
    harness.budget.admit(call());
    harness.clock.advance(10 * MINUTE_MS);
    assert.match(
      harness.budget.admit(call()).blocked?.message ?? '',
      /\(2\/2 calls in the last 60 minutes\); resets at 21:48 \(in 30m\)$/,
    );
    assert.equal(harness.snapshot().global.hourly.calls.resetsAt, Date.parse('2026-03-10T21:48:00Z'));
    harness.clock.advance(30 * MINUTE_MS);
    assert.deepEqual(harness.budget.admit(call()), {});
    assert.equal(harness.snapshot().global.hourly.calls.spent, 2);
  });

  test('a restart starts a new session but keeps the rolling and calendar windows (rebuilt from the ledger)', () => {
    harness.configure({ mode: 'enforce', global: { sessionCalls: 1, weeklyCalls: 10 } });
    harness.budget.admit(call());
    harness.budget.recordCost(cost(harness.clock.now(), 0.25, false));
    assert.notEqual(harness.budget.admit(call()).blocked, undefined, 'blocked');
    harness.clock.advance(HOUR_MS);
    harness.reopen();
    assert.deepEqual(harness.budget.admit(call()), {});
    const snapshot = harness.snapshot();
    assert.equal(snapshot.sessionStartedAt, harness.clock.now());
    assert.equal(snapshot.global.session.calls.spent, 1);
    assert.equal(snapshot.global.session.usd.spent, 0);
    assert.equal(snapshot.global.weekly.calls.spent, 2);
    assert.equal(snapshot.global.daily.calls.spent, 2);
    assert.equal(snapshot.global.weekly.usd.unpricedUsd, 0.25);
    assert.equal(snapshot.global.hourly.calls.spent, 1, 'the call an hour ago has left the rolling hour');
    assert.equal(snapshot.perClient['claude-code']!.weekly.usd.spent, 0.25);
    assert.equal(harness.budget.current().config.global.sessionCalls, 1);
  });

  test('a response read late from an old log counts in the windows its time belongs to', () => {
    harness.clock.at = Date.parse('2026-03-20T12:00:00Z');
    harness.reopen();
    harness.budget.recordCost(cost(Date.parse('2026-03-11T12:00:00Z'), 4));
    harness.budget.recordCost(cost(Date.parse('2026-02-27T12:00:00Z'), 8));
    const spend = harness.snapshot().global;
    assert.deepEqual(
      [spend.session.usd.spent, spend.hourly.usd.spent, spend.daily.usd.spent, spend.weekly.usd.spent],
      [0, 0, 0, 0],
    );
    assert.equal(spend.monthly.usd.spent, 4);
  });

  test('a response is counted once however often its log is re-read', () => {
    const entry = cost(harness.clock.now(), 1.5);
    assert.equal(harness.budget.recordCost(entry), true);
    assert.equal(harness.budget.recordCost({ ...entry }), false);
    harness.reopen();
    assert.equal(harness.budget.recordCost({ ...entry }), false);
    assert.equal(harness.snapshot().global.daily.usd.spent, 1.5);
  });

  test('a cost entry that is not a finite amount is refused loudly', () => {
    assert.throws(() => harness.budget.recordCost(cost(harness.clock.now(), Number.NaN)), RangeError);
    assert.throws(() => harness.budget.recordCost(cost(harness.clock.now(), -1)), RangeError);
  });

  test('New York: the daily cap lets up at local midnight, and the next day is 23 hours long (DST)', () => {
    process.env.TZ = 'America/New_York';
    harness.clock.at = Date.parse('2025-03-09T04:30:00Z'); // 23:30 on March 8, EST
    harness.reopen();
    harness.configure({ mode: 'enforce', global: { dailyCalls: 2 } });
    harness.budget.admit(call());
    harness.budget.admit(call());
    assert.match(harness.budget.admit(call()).blocked?.message ?? '', /resets at 00:00 \(in 30m\)$/);
    harness.clock.at = Date.parse('2025-03-09T05:00:00Z'); // midnight
    assert.deepEqual(harness.budget.admit(call()), {});
    const daily = harness.snapshot().global.daily;
    assert.equal(daily.calls.spent, 1);
    assert.equal(daily.startsAt, Date.parse('2025-03-09T05:00:00Z'));
    assert.equal(daily.calls.resetsAt, Date.parse('2025-03-10T04:00:00Z'));
  });

  test('Kolkata: the monthly cap lets up at local midnight on the first, 18:30 UTC', () => {
    process.env.TZ = 'Asia/Kolkata';
    harness.clock.at = Date.parse('2026-02-28T18:00:00Z'); // 23:30 on February 28, IST
    harness.reopen();
    harness.configure({ mode: 'enforce', perClient: { codex: { monthlyCalls: 1 } } });
    harness.budget.admit(call('codex'));
    assert.match(
      harness.budget.admit(call('codex')).blocked?.message ?? '',
      /\(1\/1 calls this month\); resets at 00:00 \(in 30m\)$/,
    );
    harness.clock.at = Date.parse('2026-02-28T18:30:00Z');
    assert.deepEqual(harness.budget.admit(call('codex')), {});
    assert.equal(harness.snapshot().perClient.codex!.monthly.calls.resetsAt, Date.parse('2026-03-31T18:30:00Z'));
  });
});

describe('concurrency', () => {
  test('500 callers racing for a cap of 50: exactly 50 are admitted and counted', async () => {
    harness.configure({ mode: 'enforce', global: { dailyCalls: 50 } });
    const outcomes = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        for (let hop = 0; hop < i % 5; hop++) await new Promise((resolve) => setImmediate(resolve));
        return harness.budget.admit(call(i % 2 === 0 ? 'claude-code' : 'codex'));
      }),
    );
    assert.equal(outcomes.filter((outcome) => !outcome.blocked).length, 50);
    assert.equal(harness.snapshot().global.daily.calls.spent, 50);
    harness.reopen();
    assert.equal(harness.snapshot().global.daily.calls.spent, 50, 'the ledger holds exactly the admitted calls');
  });
});

describe('configuration', () => {
  test('update writes budget.json (0600) atomically, stamps updatedAt, and tells the dashboard', () => {
    const seen: unknown[] = [];
    harness.events.on('budget', (response) => seen.push(response));
    const response = harness.configure({ mode: 'warn', global: { dailyUsd: 20 } });
    assert.equal(response.config.updatedAt, harness.clock.now());
    const path = budgetFilePath(harness.home);
    assert.deepEqual(JSON.parse(readFileSync(path, 'utf8')), response.config);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(seen, [response]);
    // Two writes in the same millisecond still get different stamps.
    const second = harness.configure({ ...response.config, mode: 'enforce' });
    assert.equal(second.config.updatedAt, response.config.updatedAt + 1);
  });

  test('a stale copy (updatedAt not the current one) is refused and changes nothing', () => {
    const first = harness.configure({ mode: 'warn' });
    harness.configure({ ...first.config, mode: 'enforce' });
    const before = readFileSync(budgetFilePath(harness.home), 'utf8');
    assert.throws(() => harness.configure({ ...first.config, mode: 'off' }), StaleBudgetError);
    assert.equal(harness.budget.current().config.mode, 'enforce');
    assert.equal(readFileSync(budgetFilePath(harness.home), 'utf8'), before);
  });

  test('an invalid document changes nothing', () => {
    assert.throws(() => harness.configure({ mode: 'enforce', global: { dailyUsd: -5 } }), BudgetConfigError);
    assert.equal(harness.budget.current().config.mode, 'off');
    assert.throws(() => statSync(budgetFilePath(harness.home)), { code: 'ENOENT' });
  });

  test('a budget.json edited by hand applies at the next start, updatedAt taken from the file time', () => {
    writeFileSync(budgetFilePath(harness.home), JSON.stringify({ mode: 'enforce', global: { hourlyCalls: 1 } }));
    harness.reopen();
    const { config, problem } = harness.budget.current();
    assert.equal(problem, null);
    assert.equal(config.mode, 'enforce');
    assert.equal(config.updatedAt, Math.floor(statSync(budgetFilePath(harness.home)).mtimeMs));
    harness.budget.admit(call());
    assert.notEqual(harness.budget.admit(call()).blocked, undefined, 'blocked');
  });
});

describe('a broken budget.json', () => {
  test('with nothing ever applied: limits are off and the problem says so loudly', () => {
    writeFileSync(budgetFilePath(harness.home), '{"mode": "enforce", "global": {"dailyUsd": 5}');
    harness.reopen();
    const { config, problem } = harness.budget.current();
    assert.equal(config.mode, 'off');
    assert.match(
      problem ?? '',
      /budget\.json is not valid JSON: .*; no budget was ever applied, so spending limits are OFF/,
    );
  });

  test('after a good one was applied: the last good configuration stays in force, and the file is left alone', () => {
    harness.configure({ mode: 'enforce', perClient: { codex: { dailyCalls: 1 } } });
    for (const [broken, reason] of [
      ['not json at all', /is not valid JSON/],
      ['{"mode":"block"}', /budget\.json: mode must be one of off, monitor, warn, enforce/],
      ['{"mode":"off","global":{"dailyUsd":-1}}', /budget\.json: global\.dailyUsd must be a number of dollars/],
    ] as const) {
      writeFileSync(budgetFilePath(harness.home), broken);
      harness.reopen();
      const { config, problem } = harness.budget.current();
      assert.equal(config.mode, 'enforce');
      assert.deepEqual(config.perClient, { codex: { dailyCalls: 1 } });
      assert.match(problem ?? '', reason);
      assert.match(problem ?? '', /still applying the last good configuration \(applied .*\) until the file is fixed/);
      assert.equal(readFileSync(budgetFilePath(harness.home), 'utf8'), broken);
    }
    harness.budget.admit(call('codex'));
    assert.notEqual(harness.budget.admit(call('codex')).blocked, undefined, 'the last good caps are enforced');
  });

  test('a deleted budget.json does not silently lift the limits', () => {
    harness.configure({ mode: 'enforce', global: { dailyCalls: 0 } });
    rmSync(budgetFilePath(harness.home));
    harness.reopen();
    assert.match(harness.budget.current().problem ?? '', /budget\.json is missing; still applying the last good/);
    assert.notEqual(harness.budget.admit(call()).blocked, undefined, 'blocked');
  });

  test('saving a new budget fixes the file and clears the problem', () => {
    writeFileSync(budgetFilePath(harness.home), '[');
    harness.reopen();
    harness.configure({ mode: 'monitor' });
    assert.equal(harness.budget.current().problem, null);
    assert.equal(JSON.parse(readFileSync(budgetFilePath(harness.home), 'utf8')).mode, 'monitor');
    harness.reopen();
    assert.equal(harness.budget.current().problem, null);
  });
});

describe('snapshot', () => {
  test('every window of every scope: spent, cap, percent, reset, unpriced dollars apart', () => {
    harness.configure({ mode: 'monitor', global: { monthlyUsd: 10 }, perClient: { cursor: { weeklyCalls: 4 } } });
    harness.budget.admit(call('codex'));
    harness.budget.recordCost(cost(harness.clock.now(), 2.5, false, 'codex'));
    harness.budget.recordCost(cost(harness.clock.now(), 0.5, true, 'codex'));
    const snapshot = harness.snapshot();
    assert.deepEqual(Object.keys(snapshot.perClient), ['codex', 'cursor']);
    assert.deepEqual(snapshot.global.monthly, {
      startsAt: Date.parse('2026-03-01T00:00:00Z'),
      calls: { spent: 1, cap: null, percent: null, resetsAt: Date.parse('2026-04-01T00:00:00Z') },
      usd: { spent: 3, cap: 10, percent: 30, resetsAt: Date.parse('2026-04-01T00:00:00Z'), unpricedUsd: 2.5 },
    });
    assert.deepEqual(snapshot.perClient.cursor!.weekly.calls, { spent: 0, cap: 4, percent: 0, resetsAt: null });
    assert.equal(snapshot.perClient.codex!.weekly.calls.resetsAt, harness.clock.now() + 7 * DAY_MS);
    assert.equal(snapshot.perClient.codex!.session.calls.resetsAt, null);
  });
});
