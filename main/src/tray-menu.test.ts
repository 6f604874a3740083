import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BudgetResponse, CapSpend, ScopeSpend, UsdSpend } from '@ssg/contracts/budget';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { buildTrayMenu, sleepStatus, todaySpend, type TrayItem, trayTooltip } from './tray-menu';

const now = new Date(2026, 2, 10, 22, 0);

function sleep(partial: Partial<SleepModeResponse>): SleepModeResponse {
  const layer = { active: false, file: 'x' };
  return {
    enabled: false,
    mode: 'off',
    since: null,
    until: null,
    remainingMs: null,
    layers: {
      rules: { ...layer, rules: 10 },
      selfProtection: layer,
      failClosed: layer,
      watch: { active: false },
      instructionFiles: 0,
      memory: false,
    },
    ...partial,
  };
}

function budget(daily: { usd: number; usdCap: number | null; calls: number; callsCap: number | null }): BudgetResponse {
  const calls: CapSpend = { spent: daily.calls, cap: daily.callsCap, percent: null, resetsAt: null };
  const usd: UsdSpend = {
    spent: daily.usd,
    cap: daily.usdCap,
    percent: daily.usdCap === null ? null : (daily.usd / daily.usdCap) * 100,
    resetsAt: null,
    unpricedUsd: 0,
  };
  const window = { startsAt: 0, calls, usd };
  const scope: ScopeSpend = { session: window, hourly: window, daily: window, weekly: window, monthly: window };
  return {
    config: { mode: 'enforce', warnAtPct: 0.8, global: {}, perClient: {}, updatedAt: 0 },
    problem: null,
    snapshot: { at: 0, sessionStartedAt: 0, global: scope, perClient: {} },
  };
}

const labels = (items: TrayItem[]): string[] => items.map((i) => (i.type === 'separator' ? '—' : i.label));

test('Sleep at Night off: a submenu of the five durations, each turning it on', () => {
  const menu = buildTrayMenu({ sleep: sleep({}), budget: undefined, now });
  const control = menu.find((i) => i.type === 'submenu');
  assert.ok(control && control.type === 'submenu');
  assert.equal(control.label, 'Turn Sleep at Night On');
  assert.deepEqual(
    control.items.map((i) => (i.type === 'action' ? i.action : undefined)),
    ['1h', '8h', 'morning', '7d', 'indefinite'].map((preset) => ({ kind: 'sleep-on', preset })),
  );
});

test('Sleep at Night on: one item turns it off', () => {
  const menu = buildTrayMenu({ sleep: sleep({ enabled: true, mode: 'indefinite' }), budget: undefined, now });
  assert.equal(
    menu.some((i) => i.type === 'submenu'),
    false,
  );
  assert.ok(menu.some((i) => i.type === 'action' && i.action.kind === 'sleep-off'));
});

test('the menu always offers the dashboard, the CLI install and quit, in that order', () => {
  const menu = buildTrayMenu({ sleep: undefined, budget: undefined, now });
  const actions = menu.flatMap((i) => (i.type === 'action' ? [i.action.kind] : []));
  assert.deepEqual(actions, ['open-dashboard', 'install-cli', 'quit']);
  assert.deepEqual(labels(menu).slice(0, 4), [
    'Sleep at Night: unknown (daemon not answering)',
    'Turn Sleep at Night On',
    '—',
    "Today's spend: unknown",
  ]);
});

test('a failed action shows its problem', () => {
  const menu = buildTrayMenu({ sleep: sleep({}), budget: undefined, now, problem: 'no daemon is listening' });
  assert.ok(labels(menu).includes('Problem: no daemon is listening'));
});

test('sleep status wording', () => {
  assert.equal(sleepStatus(sleep({}), now), 'Sleep at Night: off');
  assert.equal(sleepStatus(sleep({ enabled: true, mode: 'indefinite' }), now), 'Sleep at Night: on until turned off');
  const tonight = new Date(2026, 2, 10, 23, 0).getTime();
  assert.equal(
    sleepStatus(sleep({ enabled: true, mode: 'timed', until: tonight }), now),
    'Sleep at Night: on until 23:00',
  );
  const tomorrow = new Date(2026, 2, 11, 7, 0).getTime();
  assert.match(
    sleepStatus(sleep({ enabled: true, mode: 'timed', until: tomorrow }), now),
    /^Sleep at Night: on until Wed,? 11 Mar 07:00$/,
  );
});

test("today's spend from the global daily window", () => {
  assert.equal(
    todaySpend(budget({ usd: 3.2, usdCap: 20, calls: 41, callsCap: null })),
    'Today: $3.20 of $20.00 (16%) · 41 calls',
  );
  assert.equal(todaySpend(budget({ usd: 0, usdCap: null, calls: 1, callsCap: 500 })), 'Today: $0.00 · 1 call of 500');
  assert.equal(todaySpend(budget({ usd: 12.345, usdCap: null, calls: 0, callsCap: null })), 'Today: $12.35 · 0 calls');
});

test('the tooltip says both in one line', () => {
  const tooltip = trayTooltip({
    sleep: sleep({}),
    budget: budget({ usd: 1, usdCap: null, calls: 2, callsCap: null }),
    now,
  });
  assert.equal(tooltip, 'ssg — Sleep at Night: off · Today: $1.00 · 2 calls');
});
