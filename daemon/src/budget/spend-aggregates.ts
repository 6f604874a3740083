// The running totals of every window, for all clients together and per client, kept in memory so a cap check
// costs a few additions rather than a query. Session and calendar windows are plain tallies (rebuilt from the
// ledger at start and whenever a calendar day or month rolls over); rolling windows are RollingSums that shed
// entries as they age out. Every entry counts where its `at` falls: a response read late from an old log line
// lands in the windows its time belongs to, or in none.
import type { BudgetWindow } from '@ssg/contracts/budget';
import type { ClientTotals, Ledger } from './ledger';
import { RollingSum } from './rolling-sum';
import { type CalendarWindow, calendarBounds, isRolling, type RollingWindow, rollingCutoff } from './windows';

export interface WindowTotals {
  calls: number;
  /** Dollars, priced and estimated. */
  usd: number;
  /** The estimated part of `usd`. */
  unpricedUsd: number;
  /** Rolling windows: the oldest call and the oldest response counted (when each total next goes down). */
  oldestCallAt: number | null;
  oldestUsdAt: number | null;
}

interface Tally {
  calls: number;
  usd: number;
  unpricedUsd: number;
}

interface RollingTally {
  calls: RollingSum;
  usd: RollingSum;
  unpricedUsd: RollingSum;
}

const ROLLING_WINDOWS: readonly RollingWindow[] = ['hourly', 'weekly'];
const CALENDAR_WINDOWS: readonly CalendarWindow[] = ['daily', 'monthly'];

const emptyTally = (): Tally => ({ calls: 0, usd: 0, unpricedUsd: 0 });
const emptyRolling = (): RollingTally => ({
  calls: new RollingSum(),
  usd: new RollingSum(),
  unpricedUsd: new RollingSum(),
});

/** The totals of one scope: all clients, or one client. */
class ScopeTotals {
  readonly tallies: Record<'session' | CalendarWindow, Tally> = {
    session: emptyTally(),
    daily: emptyTally(),
    monthly: emptyTally(),
  };
  readonly rolling: Record<RollingWindow, RollingTally> = { hourly: emptyRolling(), weekly: emptyRolling() };

  isEmpty(): boolean {
    const tallies = Object.values(this.tallies).every((tally) => tally.calls === 0 && tally.usd === 0);
    return tallies && Object.values(this.rolling).every((rolling) => rolling.calls.size + rolling.usd.size === 0);
  }
}

export class SpendAggregates {
  private readonly global = new ScopeTotals();
  private readonly clients = new Map<string, ScopeTotals>();
  private readonly bounds: Record<CalendarWindow, { start: number; end: number }>;

  constructor(
    private readonly ledger: Ledger,
    private readonly sessionStartedAt: number,
    now: number,
  ) {
    this.bounds = { daily: calendarBounds('daily', now), monthly: calendarBounds('monthly', now) };
    this.refillTallies('session', sessionStartedAt);
    for (const window of CALENDAR_WINDOWS) this.refillTallies(window, this.bounds[window].start);
    // The weekly window contains the hourly one: one pass over a week of rows fills both.
    const hourlyCutoff = rollingCutoff('hourly', now);
    for (const call of ledger.callsSince(rollingCutoff('weekly', now))) {
      for (const scope of this.scopesOf(call.client)) {
        scope.rolling.weekly.calls.add(call.at, 1);
        if (call.at > hourlyCutoff) scope.rolling.hourly.calls.add(call.at, 1);
      }
    }
    for (const cost of ledger.costsSince(rollingCutoff('weekly', now))) {
      for (const scope of this.scopesOf(cost.client)) {
        addRollingCost(scope.rolling.weekly, cost.at, cost.usd, cost.priced);
        if (cost.at > hourlyCutoff) addRollingCost(scope.rolling.hourly, cost.at, cost.usd, cost.priced);
      }
    }
  }

  /** Counts an admitted call (already written to the ledger). */
  addCall(client: string, at: number, now: number): void {
    this.advance(now);
    for (const scope of this.scopesOf(client)) {
      for (const tally of this.talliesCounting(scope, at)) tally.calls += 1;
      for (const window of ROLLING_WINDOWS) {
        if (at > rollingCutoff(window, now)) scope.rolling[window].calls.add(at, 1);
      }
    }
  }

  /** Counts a response's dollars (already written to the ledger). */
  addCost(client: string, at: number, usd: number, priced: boolean, now: number): void {
    this.advance(now);
    for (const scope of this.scopesOf(client)) {
      for (const tally of this.talliesCounting(scope, at)) {
        tally.usd += usd;
        if (!priced) tally.unpricedUsd += usd;
      }
      for (const window of ROLLING_WINDOWS) {
        if (at > rollingCutoff(window, now)) addRollingCost(scope.rolling[window], at, usd, priced);
      }
    }
  }

  /** The totals of `window` at `now`, for one client or (client null) for all. */
  totals(client: string | null, window: BudgetWindow, now: number): WindowTotals {
    this.advance(now);
    const scope = client === null ? this.global : this.clients.get(client);
    if (!scope) return { calls: 0, usd: 0, unpricedUsd: 0, oldestCallAt: null, oldestUsdAt: null };
    if (!isRolling(window)) return { ...scope.tallies[window], oldestCallAt: null, oldestUsdAt: null };
    const rolling = scope.rolling[window];
    const cutoff = rollingCutoff(window, now);
    rolling.calls.evict(cutoff);
    rolling.usd.evict(cutoff);
    rolling.unpricedUsd.evict(cutoff);
    return {
      calls: rolling.calls.total,
      usd: rolling.usd.total,
      // The estimate is part of the total, so rounding must never make it the larger.
      unpricedUsd: Math.min(rolling.unpricedUsd.total, rolling.usd.total),
      oldestCallAt: rolling.calls.oldestAt,
      oldestUsdAt: rolling.usd.oldestAt,
    };
  }

  /** The clients with anything counted in any window. */
  activeClients(now: number): string[] {
    this.advance(now);
    const active: string[] = [];
    for (const [client, scope] of this.clients) {
      for (const window of ROLLING_WINDOWS) {
        const cutoff = rollingCutoff(window, now);
        for (const sum of Object.values(scope.rolling[window])) sum.evict(cutoff);
      }
      if (!scope.isEmpty()) active.push(client);
    }
    return active;
  }

  /** Rebuilds a calendar window from the ledger when `now` has left it (or the clock was set back before it). */
  private advance(now: number): void {
    for (const window of CALENDAR_WINDOWS) {
      const bounds = this.bounds[window];
      if (now >= bounds.start && now < bounds.end) continue;
      this.bounds[window] = calendarBounds(window, now);
      this.refillTallies(window, this.bounds[window].start);
    }
  }

  private refillTallies(window: 'session' | CalendarWindow, start: number): void {
    this.global.tallies[window] = emptyTally();
    for (const scope of this.clients.values()) scope.tallies[window] = emptyTally();
    for (const totals of this.ledger.totalsFrom(start)) {
      for (const scope of this.scopesOf(totals.client)) addTotals(scope.tallies[window], totals);
    }
  }

  /** The tallies an entry made at `at` belongs to (a window counts what happened since its start). */
  private talliesCounting(scope: ScopeTotals, at: number): Tally[] {
    const tallies: Tally[] = [];
    if (at >= this.sessionStartedAt) tallies.push(scope.tallies.session);
    for (const window of CALENDAR_WINDOWS) if (at >= this.bounds[window].start) tallies.push(scope.tallies[window]);
    return tallies;
  }

  /** All clients together, and the client itself. */
  private scopesOf(client: string): [ScopeTotals, ScopeTotals] {
    let scope = this.clients.get(client);
    if (!scope) this.clients.set(client, (scope = new ScopeTotals()));
    return [this.global, scope];
  }
}

function addRollingCost(rolling: RollingTally, at: number, usd: number, priced: boolean): void {
  rolling.usd.add(at, usd);
  if (!priced) rolling.unpricedUsd.add(at, usd);
}

function addTotals(tally: Tally, totals: ClientTotals): void {
  tally.calls += totals.calls;
  tally.usd += totals.usd;
  tally.unpricedUsd += totals.unpricedUsd;
}
