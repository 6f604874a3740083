// The poller's schedule with a fake clock: when each account is asked, how the waits grow on refusals and shrink
// back, and that accounts never go out together. No real waiting: the fake clock runs the timers in order and lets
// each poll's promises settle before the next one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UsageApiOutcome } from './oauth-usage-client';
import { UsagePoller, type PollerTimers, type UsagePollerOptions } from './usage-poller';
import { UsageReadings } from './usage-readings';

const S = 1000;
const OK: UsageApiOutcome = { kind: 'ok', buckets: { fiveHour: { usedPercent: 61, resetsAt: 5 * 3600 * S } } };
const RATE_LIMITED: UsageApiOutcome = {
  kind: 'rate-limited',
  message: 'the usage API is rate-limiting requests (429)',
};

class FakeClock implements PollerTimers {
  private time = 0;
  private nextId = 0;
  private pending: { id: number; at: number; callback: () => void }[] = [];

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    this.pending.push({ id: ++this.nextId, at: this.time + ms, callback });
    return this.nextId;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((timer) => timer.id !== handle);
  }

  /** Runs every timer due up to `ms` from the start, in order, letting the promises each one starts settle. */
  async runUntil(ms: number): Promise<void> {
    for (;;) {
      const next = [...this.pending].sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > ms) break;
      this.pending = this.pending.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    }
    this.time = ms;
  }
}

/** A seeded generator (mulberry32), so jittered schedules are the same on every run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Harness {
  poller: UsagePoller;
  clock: FakeClock;
  readings: UsageReadings;
  /** Requests sent, as [token, seconds since start]. */
  requests: [string, number][];
}

function harness(
  answer: (token: string, index: number) => UsageApiOutcome,
  options: Partial<UsagePollerOptions> = {},
): Harness {
  const clock = new FakeClock();
  const readings = new UsageReadings();
  const requests: [string, number][] = [];
  const poller = new UsagePoller({
    enabled: true,
    tokenFor: async (accountId) => `token-${accountId}`,
    client: {
      read: async (token) => {
        requests.push([token, clock.now() / S]);
        return answer(token, requests.filter(([t]) => t === token).length - 1);
      },
    },
    readings,
    intervalMs: 60 * S,
    jitterMs: 20 * S,
    minGapMs: 10 * S,
    timers: clock,
    random: () => 0,
    ...options,
  });
  return { poller, clock, readings, requests };
}

const timesOf = (requests: [string, number][], token: string) =>
  requests.filter(([t]) => t === token).map(([, at]) => at);
const gaps = (times: number[]) => times.slice(1).map((at, i) => at - times[i]!);

describe('UsagePoller', () => {
  it('backs off 60 → 120 → 240 → 300 s on 429, stays at 5 minutes, and returns to the interval after a success', async () => {
    const script = ['ok', '429', '429', '429', '429', '429', 'ok', 'ok', '429', 'ok'];
    const { poller, clock, requests } = harness((_, i) => (script[i] === 'ok' ? OK : RATE_LIMITED));
    poller.setAccounts(['a']);
    poller.start();
    await clock.runUntil(3600 * S);
    poller.stop();
    //                                        ok  429  429  429  429  429  ok  ok  429
    assert.deepEqual(gaps(timesOf(requests, 'token-a')).slice(0, 9), [60, 60, 120, 240, 300, 300, 60, 60, 60]);
  });

  it('honours a retry-after longer than the back-off, and not a shorter one', async () => {
    const script: UsageApiOutcome[] = [
      { ...RATE_LIMITED, retryAfterMs: 900 * S },
      { ...RATE_LIMITED, retryAfterMs: 5 * S },
      OK,
    ];
    const { poller, clock, requests } = harness((_, i) => script[i] ?? OK);
    poller.setAccounts(['a']);
    poller.start();
    await clock.runUntil(1200 * S);
    poller.stop();
    assert.deepEqual(timesOf(requests, 'token-a').slice(0, 4), [0, 900, 1020, 1080]);
  });

  it('adds a jitter within [0, jitterMs) to every wait', async () => {
    const { poller, clock, requests } = harness(() => OK, { random: seeded(7) });
    poller.setAccounts(['a']);
    poller.start();
    await clock.runUntil(4 * 3600 * S);
    poller.stop();
    const waits = gaps(timesOf(requests, 'token-a'));
    assert.ok(waits.length > 100);
    for (const wait of waits) assert.ok(wait >= 60 && wait < 80, `wait ${wait} s`);
    assert.ok(new Set(waits.map(Math.round)).size > 10, 'the waits vary');
  });

  it('never sends two requests within minGapMs, even for accounts that fall due together', async () => {
    for (const random of [() => 0, seeded(1), seeded(2)]) {
      const { poller, clock, requests } = harness(() => OK, { random });
      poller.start();
      // Added while running with random() = 0, all three fall due at the same instant.
      poller.setAccounts(['a', 'b', 'c']);
      await clock.runUntil(2 * 3600 * S);
      poller.stop();
      const all = requests.map(([, at]) => at).sort((x, y) => x - y);
      for (const gap of gaps(all)) assert.ok(gap >= 10, `requests ${gap} s apart`);
      for (const id of ['a', 'b', 'c']) {
        const times = timesOf(requests, `token-${id}`);
        assert.ok(times.length > 80, `${id} polled ${times.length} times`);
        for (const wait of gaps(times)) assert.ok(wait >= 60, `${id} waited ${wait} s`);
      }
    }
  });

  it("spreads the accounts' first polls across one interval", async () => {
    const { poller, clock, requests } = harness(() => OK, { intervalMs: 90 * S });
    poller.setAccounts(['a', 'b', 'c']);
    poller.start();
    await clock.runUntil(200 * S);
    poller.stop();
    assert.deepEqual(requests.slice(0, 6), [
      ['token-a', 0],
      ['token-b', 30],
      ['token-c', 60],
      ['token-a', 90],
      ['token-b', 120],
      ['token-c', 150],
    ]);
  });

  it('keeps the last-known values on a failure, marked stale with the reason, until the next good answer', async () => {
    const script = [OK, RATE_LIMITED, OK];
    const { poller, clock, readings } = harness((_, i) => script[i] ?? OK);
    poller.setAccounts(['a']);
    poller.start();
    await clock.runUntil(0);
    assert.deepEqual(readings.get('a'), {
      accountId: 'a',
      fiveHour: { usedPercent: 61, resetsAt: 5 * 3600 * S },
      source: 'usage-api',
      observedAt: 0,
    });
    await clock.runUntil(60 * S);
    assert.equal(readings.get('a')?.fiveHour?.usedPercent, 61);
    assert.deepEqual(readings.get('a')?.stale, { reason: RATE_LIMITED.message });
    assert.equal(poller.state('a')?.problem, RATE_LIMITED.message);
    assert.equal(poller.state('a')?.failures, 1);
    await clock.runUntil(120 * S);
    poller.stop();
    assert.equal(readings.get('a')?.stale, undefined);
    assert.deepEqual(poller.state('a'), { nextPollAt: 180 * S, failures: 0 });
  });

  it('skips an account with no token, says why, and looks for a token again the next interval', async () => {
    const asked: string[] = [];
    const { poller, clock, requests } = harness(() => OK, {
      tokenFor: async (id) => {
        asked.push(id);
        return id === 'b' ? undefined : `token-${id}`;
      },
    });
    poller.setAccounts(['a', 'b']);
    poller.start();
    await clock.runUntil(100 * S);
    poller.stop();
    assert.deepEqual(asked, ['a', 'b', 'a', 'b']);
    assert.deepEqual(requests, [
      ['token-a', 0],
      ['token-a', 60],
    ]);
    assert.match(poller.state('b')?.problem ?? '', /no access token/);
    assert.equal(poller.state('b')?.failures, 0);
  });

  it('sends nothing when reading the usage API is not enabled', async () => {
    const { poller, clock, requests } = harness(() => OK, { enabled: false });
    poller.setAccounts(['a']);
    poller.start();
    await clock.runUntil(3600 * S);
    assert.equal(poller.isRunning, false);
    assert.deepEqual(requests, []);
  });

  it('stops polling on stop, and drops an account that was removed', async () => {
    const { poller, clock, requests } = harness(() => OK);
    poller.setAccounts(['a', 'b']);
    poller.start();
    await clock.runUntil(60 * S);
    poller.setAccounts(['a']);
    assert.equal(poller.state('b'), undefined);
    await clock.runUntil(200 * S);
    poller.stop();
    const stoppedWith = requests.length;
    await clock.runUntil(3600 * S);
    assert.equal(requests.length, stoppedWith);
    assert.deepEqual(timesOf(requests, 'token-b'), [30]);
  });

  it('refuses an interval under 60 s', () => {
    assert.throws(() => harness(() => OK, { intervalMs: 59 * S }), /must be at least 60000 ms/);
  });
});
