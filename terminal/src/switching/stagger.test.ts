import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AccountStanding, isLimited } from './account-standing';
import { pickNextAccount } from './pick-order';
import {
  INITIAL_STAGGER_STATE,
  planStagger,
  recordStaggerMessage,
  type StaggerState,
  staggerSpacingMs,
} from './stagger';
import { checkStaggerSettings, DEFAULT_STAGGER_SETTINGS } from './stagger-settings';

const MIN = 60_000;
const HOUR = 60 * MIN;
const start = Date.UTC(2026, 6, 30, 8);
const on = { enabled: true, gapMinutes: 15 };

const acct = (id: string, five?: [number, number], isDefault = false): AccountStanding => ({
  id,
  isDefault,
  usage: five && { fiveHour: { usedPercent: five[0], resetsAt: start + five[1] * MIN } },
});

describe('checkStaggerSettings', () => {
  it('accepts whole minutes from 15 to 300', () => {
    for (const gapMinutes of [15, 90, 300]) {
      assert.deepEqual(checkStaggerSettings({ enabled: true, gapMinutes }), {
        ok: true,
        settings: { enabled: true, gapMinutes },
      });
    }
    assert.deepEqual(checkStaggerSettings(DEFAULT_STAGGER_SETTINGS), {
      ok: true,
      settings: { enabled: false, gapMinutes: 15 },
    });
  });

  const refused: [unknown, string][] = [
    [{ enabled: true, gapMinutes: 14 }, 'stagger.gapMinutes must be from 15 to 300 minutes, got 14'],
    [{ enabled: true, gapMinutes: 301 }, 'stagger.gapMinutes must be from 15 to 300 minutes, got 301'],
    [
      { enabled: true, gapMinutes: 20.5 },
      'stagger.gapMinutes must be a whole number of minutes from 15 to 300, got 20.5',
    ],
    [
      { enabled: true, gapMinutes: Number.NaN },
      'stagger.gapMinutes must be a whole number of minutes from 15 to 300, got NaN',
    ],
    [
      { enabled: true, gapMinutes: '60' },
      'stagger.gapMinutes must be a whole number of minutes from 15 to 300, got a string',
    ],
    [{ enabled: true }, 'stagger.gapMinutes must be a whole number of minutes from 15 to 300, got no value'],
    [{ enabled: 'true', gapMinutes: 60 }, 'stagger.enabled must be true or false, got a string'],
    ['on', 'stagger must be an object, got a string'],
  ];
  for (const [input, message] of refused) {
    it(`refuses ${JSON.stringify(input)}`, () => assert.deepEqual(checkStaggerSettings(input), { ok: false, message }));
  }
});

describe('staggerSpacingMs', () => {
  it('is 5 h / N, or the gap when that is larger', () => {
    assert.equal(staggerSpacingMs(2, 15), 150 * MIN);
    assert.equal(staggerSpacingMs(4, 15), 75 * MIN);
    assert.equal(staggerSpacingMs(4, 120), 120 * MIN);
  });
});

describe('planStagger', () => {
  const plan = (accounts: AccountStanding[], now = start, state: StaggerState = INITIAL_STAGGER_STATE, settings = on) =>
    planStagger({ now, accounts, settings, state });

  it('does nothing when disabled or with fewer than two accounts', () => {
    assert.deepEqual(
      plan([acct('a', [50, 10]), acct('b')], start, INITIAL_STAGGER_STATE, { ...on, enabled: false }),
      {},
    );
    assert.deepEqual(plan([acct('a', [50, 10])]), {});
  });

  it('does nothing while no window is in real use', () => {
    assert.deepEqual(plan([acct('a'), acct('b')]), {});
    // b's window is the one a start message opened, and it has seen no work.
    const state = recordStaggerMessage(INITIAL_STAGGER_STATE, 'b', start - HOUR);
    assert.deepEqual(plan([acct('a'), acct('b', [1, 4 * 60])], start, state), {});
  });

  it('starts an idle account once its reset would land the spacing after the latest one', () => {
    // a's window started 100 minutes ago; b's reset, if started now, would be 100 minutes after a's: too close.
    const accounts = [acct('a', [30, 200]), acct('b')];
    assert.deepEqual(plan(accounts), { nextCheckAt: start + 50 * MIN });
    assert.deepEqual(plan(accounts, start + 50 * MIN), { messageTo: 'b', nextCheckAt: start + 200 * MIN });
  });

  it('starts one account at a time, the default first', () => {
    const accounts = [acct('a', [30, 100]), acct('b'), acct('c', undefined, true), acct('d')];
    assert.deepEqual(plan(accounts, start + 25 * MIN), { messageTo: 'c', nextCheckAt: start + 100 * MIN });
  });

  it('never messages an account whose window is running or that is limited', () => {
    assert.deepEqual(plan([acct('a', [30, 10]), acct('b', [0, 290])]), { nextCheckAt: start + 10 * MIN });
    const weekFull: AccountStanding = {
      id: 'b',
      isDefault: false,
      usage: { sevenDay: { usedPercent: 100, resetsAt: start + 50 * HOUR } },
    };
    assert.deepEqual(plan([acct('a', [30, 10]), weekFull]), { nextCheckAt: start + 10 * MIN });
  });

  it('sends no second message for a window a reading does not show yet', () => {
    const state = recordStaggerMessage(INITIAL_STAGGER_STATE, 'b', start - 10 * MIN);
    assert.deepEqual(plan([acct('a', [30, 10]), acct('b')], start, state), { nextCheckAt: start + 10 * MIN });
  });
});

/**
 * A day with a fake clock, minute by minute: the user works all the time on the account the pick order gives,
 * using `burnPerMinute` percent of a window a minute; each window opens at an account's first message and resets
 * 5 h later (the service rounding its start down to `roundStartMs`). The planner sees the account being worked on
 * as it is (Claude Code's status line reports it with every answer) and the others as last polled, every 5 minutes.
 * It runs every minute.
 */
function simulate(accountCount: number, burnPerMinute: number, roundStartMs = 1, workHours = 24) {
  const ids = Array.from({ length: accountCount }, (_, i) => `acct${i + 1}`);
  const real = new Map(ids.map((id) => [id, { usedPercent: 0, resetsAt: undefined as number | undefined }]));
  let readings: AccountStanding[] = [];
  let state = INITIAL_STAGGER_STATE;
  const opened: { id: string; at: number; resetsAt: number; byMessage: boolean }[] = [];
  const messages: { id: string; at: number }[] = [];
  const openWindow = (id: string, now: number, byMessage: boolean) => {
    const window = real.get(id)!;
    window.usedPercent = 0;
    window.resetsAt = now - (now % roundStartMs) + 5 * HOUR;
    opened.push({ id, at: now, resetsAt: window.resetsAt, byMessage });
  };
  const running = (id: string, now: number) => (real.get(id)!.resetsAt ?? 0) > now;
  let current: string | undefined;

  for (let now = start; now < start + 24 * HOUR; now += MIN) {
    const reading = (id: string): AccountStanding => ({
      id,
      isDefault: id === ids[0],
      usage: { fiveHour: running(id, now) ? { ...real.get(id)! } : { usedPercent: 0 } },
    });
    if ((now - start) % (5 * MIN) === 0) readings = ids.map(reading);
    const live = ids.map(reading);
    if (current === undefined || isLimited(reading(current), now)) current = pickNextAccount(live, now)?.id;
    if (current !== undefined && now < start + workHours * HOUR) {
      if (!running(current, now)) openWindow(current, now, false);
      real.get(current)!.usedPercent += burnPerMinute;
      const worked = current;
      readings = readings.map((r) => (r.id === worked ? reading(worked) : r));
    }

    const plan = planStagger({ now, accounts: readings, settings: on, state });
    if (plan.messageTo) {
      assert.ok(!running(plan.messageTo, now), `a message to ${plan.messageTo}, whose window is running`);
      messages.push({ id: plan.messageTo, at: now });
      openWindow(plan.messageTo, now, true);
      real.get(plan.messageTo)!.usedPercent += 0.5;
      state = recordStaggerMessage(state, plan.messageTo, now);
    }
  }
  return { opened, messages };
}

describe('stagger over a day', () => {
  for (const accountCount of [2, 3, 4]) {
    for (const [burnPerMinute, pace] of [
      [0.25, 'light'],
      [0.6, 'heavy'],
    ] as const) {
      for (const [roundStartMs, rounding] of [
        [1, 'exact'],
        [10 * MIN, 'rounded to 10 minutes'],
      ] as const) {
        it(`spaces the resets of ${accountCount} accounts 5 h / ${accountCount} apart (${pace} work, starts ${rounding})`, () => {
          const { opened, messages } = simulate(accountCount, burnPerMinute, roundStartMs);
          const spacing = (5 * HOUR) / accountCount;
          // Once the chain has gone round (after the first 6 hours), consecutive resets are the spacing apart.
          const resets = opened
            .filter((w) => w.at >= start + 6 * HOUR)
            .map((w) => w.resetsAt)
            .sort((a, b) => a - b);
          assert.ok(resets.length >= accountCount, `only ${resets.length} windows opened`);
          for (let i = 1; i < resets.length; i++) {
            const gap = resets[i]! - resets[i - 1]!;
            assert.ok(
              Math.abs(gap - spacing) <= 15 * MIN,
              `resets ${(gap / MIN).toFixed(0)} min apart, not ${spacing / MIN}`,
            );
          }
          assert.ok(messages.length >= accountCount - 1, `only ${messages.length} messages`);
          for (const window of opened) {
            const inWindow = messages.filter((m) => m.id === window.id && m.at >= window.at && m.at < window.resetsAt);
            assert.ok(inWindow.length <= 1, `${inWindow.length} messages to ${window.id} in one window`);
          }
        });
      }
    }
  }

  it('stops within a window once the user stops working', () => {
    for (const accountCount of [2, 3, 4]) {
      const { messages } = simulate(accountCount, 0.6, 10 * MIN, 6);
      assert.ok(messages.length > 0);
      for (const message of messages)
        assert.ok(message.at <= start + 11 * HOUR, `a message at ${(message.at - start) / HOUR} h`);
    }
  });
});
