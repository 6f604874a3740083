import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AccountStanding } from './account-standing';
import {
  allLimited,
  type AutoSwitchContext,
  type AutoSwitchState,
  earliestReset,
  INITIAL_AUTO_SWITCH_STATE,
  type PaneConversation,
  reduceAutoSwitch,
} from './auto-switch';
import { DEFAULT_AUTO_SWITCH_SETTINGS } from './auto-switch-settings';

const MIN = 60_000;
const HOUR = 60 * MIN;
const now = Date.UTC(2026, 6, 30, 12);
const prompt = DEFAULT_AUTO_SWITCH_SETTINGS.continuePrompt;

const main: AccountStanding = {
  id: 'main',
  isDefault: true,
  usage: { fiveHour: { usedPercent: 40, resetsAt: now + 3 * HOUR } },
};
const second: AccountStanding = { id: 'second', isDefault: false };
const third: AccountStanding = {
  id: 'third',
  isDefault: false,
  usage: { fiveHour: { usedPercent: 20, resetsAt: now + HOUR } },
};

const pane = (accountId = 'main', paneId = 'p1'): PaneConversation => ({
  paneId,
  accountId,
  sessionId: '7d1e3c7a-0c7e-4b8e-9a51-2f0e6c1d9b44',
  cwd: '/home/dev/project',
});
const context = (over: Partial<AutoSwitchContext> = {}): AutoSwitchContext => ({
  now,
  accounts: [main, second],
  settings: DEFAULT_AUTO_SWITCH_SETTINGS,
  ...over,
});

describe('reduceAutoSwitch', () => {
  it('marks the account limited until the reset and moves the conversation to the next account', () => {
    const { state, actions } = reduceAutoSwitch(
      INITIAL_AUTO_SWITCH_STATE,
      { type: 'usage-limit', pane: pane(), resetsAt: now + 2 * HOUR },
      context(),
    );
    assert.deepEqual(state.limitedUntil, { main: now + 2 * HOUR });
    assert.deepEqual(state.switching, { p1: { toAccountId: 'second', since: now } });
    assert.deepEqual(actions, [
      { type: 'exit-agent', paneId: 'p1' },
      {
        type: 'resume',
        paneId: 'p1',
        accountId: 'second',
        sessionId: pane().sessionId,
        cwd: '/home/dev/project',
        prompt,
      },
    ]);
  });

  it('goes to the account first in the pick order', () => {
    const { actions } = reduceAutoSwitch(
      INITIAL_AUTO_SWITCH_STATE,
      { type: 'usage-limit', pane: pane() },
      context({ accounts: [main, second, third] }),
    );
    assert.equal(actions[1]?.type === 'resume' && actions[1].accountId, 'third');
  });

  it("takes the limit's end from the signal, else the 5-hour window's reset, else five hours on", () => {
    const until = (resetsAt: number | undefined, accounts: AccountStanding[]) =>
      reduceAutoSwitch(
        INITIAL_AUTO_SWITCH_STATE,
        { type: 'usage-limit', pane: pane(), resetsAt },
        context({ accounts }),
      ).state.limitedUntil.main;
    assert.equal(until(now + HOUR, [main, second]), now + HOUR);
    assert.equal(until(undefined, [main, second]), now + 3 * HOUR);
    assert.equal(until(now - MIN, [main, second]), now + 3 * HOUR, 'a reset already past is no reset');
    assert.equal(until(undefined, [{ id: 'main', isDefault: true }, second]), now + 5 * HOUR);
  });

  it('ignores further signals from a pane that is switching, until the switch is done', () => {
    const first = reduceAutoSwitch(INITIAL_AUTO_SWITCH_STATE, { type: 'usage-limit', pane: pane() }, context());
    const again = reduceAutoSwitch(
      first.state,
      { type: 'usage-limit', pane: pane(), resetsAt: now + 4 * HOUR },
      context(),
    );
    assert.equal(again.state, first.state);
    assert.deepEqual(again.actions, []);
    const manual = reduceAutoSwitch(
      first.state,
      { type: 'manual-switch', pane: pane(), toAccountId: 'second' },
      context(),
    );
    assert.deepEqual(manual.actions, []);

    const done = reduceAutoSwitch(first.state, { type: 'switch-done', paneId: 'p1' }, context());
    assert.deepEqual(done.state.switching, {});
    // Now on `second`, which reports its own limit: nothing is left.
    const later = reduceAutoSwitch(
      done.state,
      { type: 'usage-limit', pane: pane('second'), resetsAt: now + HOUR },
      context(),
    );
    assert.deepEqual(later.actions, [{ type: 'all-limited', earliestReset: now + HOUR }]);
    assert.deepEqual(later.state.switching, {}, 'the pane is left as it is');
  });

  it('moves a second pane on an account already limited too, keeping the later end', () => {
    const first = reduceAutoSwitch(
      INITIAL_AUTO_SWITCH_STATE,
      { type: 'usage-limit', pane: pane(), resetsAt: now + 2 * HOUR },
      context(),
    );
    const other = reduceAutoSwitch(
      first.state,
      { type: 'usage-limit', pane: pane('main', 'p2'), resetsAt: now + HOUR },
      context(),
    );
    assert.equal(other.state.limitedUntil.main, now + 2 * HOUR);
    assert.deepEqual(Object.keys(other.state.switching).sort(), ['p1', 'p2']);
    assert.equal(other.actions[1]?.type === 'resume' && other.actions[1].accountId, 'second');
  });

  it('treats a limit after the previous one ended as new', () => {
    const old: AutoSwitchState = { limitedUntil: { main: now - HOUR, second: now - MIN }, switching: {} };
    const { state } = reduceAutoSwitch(old, { type: 'usage-limit', pane: pane(), resetsAt: now + 30 * MIN }, context());
    assert.deepEqual(state.limitedUntil, { main: now + 30 * MIN }, 'ended limits are dropped');
  });

  it('shows the banner with the earliest reset when no account is left, and leaves the pane', () => {
    const state: AutoSwitchState = { limitedUntil: { second: now + 4 * HOUR }, switching: {} };
    const thirdFull: AccountStanding = {
      ...third,
      usage: { fiveHour: { usedPercent: 100, resetsAt: now + 90 * MIN } },
    };
    const result = reduceAutoSwitch(
      state,
      { type: 'usage-limit', pane: pane(), resetsAt: now + 2 * HOUR },
      context({ accounts: [main, second, thirdFull] }),
    );
    assert.deepEqual(result.actions, [{ type: 'all-limited', earliestReset: now + 90 * MIN }]);
    assert.deepEqual(result.state.switching, {});
  });

  it('with auto-switch off, only marks the account and tells the user', () => {
    const off = { ...DEFAULT_AUTO_SWITCH_SETTINGS, enabled: false };
    const { state, actions } = reduceAutoSwitch(
      INITIAL_AUTO_SWITCH_STATE,
      { type: 'usage-limit', pane: pane(), resetsAt: now + HOUR },
      context({ settings: off }),
    );
    assert.deepEqual(state, { limitedUntil: { main: now + HOUR }, switching: {} });
    assert.deepEqual(actions, [{ type: 'account-limited', paneId: 'p1', accountId: 'main', until: now + HOUR }]);

    const last = reduceAutoSwitch(
      state,
      { type: 'usage-limit', pane: pane('second', 'p2'), resetsAt: now + 2 * HOUR },
      context({ settings: off }),
    );
    assert.deepEqual(last.actions, [
      { type: 'account-limited', paneId: 'p2', accountId: 'second', until: now + 2 * HOUR },
      { type: 'all-limited', earliestReset: now + HOUR },
    ]);
  });

  describe('manual switch', () => {
    it('moves an idle conversation without a prompt', () => {
      const { state, actions } = reduceAutoSwitch(
        INITIAL_AUTO_SWITCH_STATE,
        { type: 'manual-switch', pane: pane(), toAccountId: 'second' },
        context(),
      );
      assert.deepEqual(actions, [
        { type: 'exit-agent', paneId: 'p1' },
        { type: 'resume', paneId: 'p1', accountId: 'second', sessionId: pane().sessionId, cwd: '/home/dev/project' },
      ]);
      assert.deepEqual(state.switching, { p1: { toAccountId: 'second', since: now } });
    });

    it('continues a conversation the limit interrupted', () => {
      const off = { ...DEFAULT_AUTO_SWITCH_SETTINGS, enabled: false };
      const limited = reduceAutoSwitch(
        INITIAL_AUTO_SWITCH_STATE,
        { type: 'usage-limit', pane: pane() },
        context({ settings: off }),
      );
      const { actions } = reduceAutoSwitch(
        limited.state,
        { type: 'manual-switch', pane: pane(), toAccountId: 'second' },
        context({ settings: off }),
      );
      assert.equal(actions[1]?.type === 'resume' && actions[1].prompt, prompt);
    });

    it('does nothing for the account the pane is on or an unknown one', () => {
      for (const toAccountId of ['main', 'nobody']) {
        const result = reduceAutoSwitch(
          INITIAL_AUTO_SWITCH_STATE,
          { type: 'manual-switch', pane: pane(), toAccountId },
          context(),
        );
        assert.deepEqual(result, { state: INITIAL_AUTO_SWITCH_STATE, actions: [] });
      }
    });
  });
});

describe('allLimited and earliestReset', () => {
  it('go by the marks and by the usage readings, the 7-day window too', () => {
    const weekFull: AccountStanding = {
      id: 'week',
      isDefault: false,
      usage: { sevenDay: { usedPercent: 100, resetsAt: now + 50 * HOUR } },
    };
    const state: AutoSwitchState = { limitedUntil: { main: now + 2 * HOUR, second: now - MIN }, switching: {} };
    assert.ok(!allLimited(state, [main, second, weekFull], now));
    const marked: AutoSwitchState = { limitedUntil: { main: now + 2 * HOUR, second: now + 3 * HOUR }, switching: {} };
    assert.ok(allLimited(marked, [main, second, weekFull], now));
    assert.equal(earliestReset(marked, [main, second, weekFull], now), now + 2 * HOUR);
    assert.ok(!allLimited(INITIAL_AUTO_SWITCH_STATE, [], now), 'no accounts is not all limited');
    assert.equal(
      earliestReset(marked, [{ id: 'x', isDefault: false, usage: { fiveHour: { usedPercent: 100 } } }], now),
      undefined,
    );
  });
});
