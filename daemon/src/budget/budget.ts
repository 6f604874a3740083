// The spending limits as one service: the configuration in force (from budget.json, or the last good one while
// that file is broken), the ledger and the in-memory window totals. It is the evaluation pipeline's SpendingGate
// (every tool call is checked against the caps and counted here, before any rule runs) and cost ingestion's
// CostSink (dollars read from the agents' logs are counted here).
import { join } from 'node:path';
import {
  BUDGET_HISTORY_BUCKET_MS,
  BUDGET_WINDOWS,
  type BudgetConfig,
  type BudgetHistoryBucket,
  type BudgetHistoryResponse,
  type BudgetResponse,
  type BudgetWindow,
  type Caps,
  type CapSpend,
  type ScopeSpend,
  type SpendSnapshot,
  type WindowSpend,
} from '@ssg/contracts/budget';
import type { ToolCall } from '@ssg/engine';
import type { Clock } from '../clock';
import type { CostEntry, CostSink } from '../costs/cost-entry';
import type { SpendingGate } from '../evaluation/ports';
import type { DaemonEvents } from '../events';
import { type ActiveCap, ActiveCaps, type CapStanding, capStanding, usedFraction } from './active-caps';
import { BudgetConfigError, DEFAULT_BUDGET_CONFIG, parseBudgetConfig } from './budget-config';
import { budgetFilePath, readBudgetFile, writeBudgetFile } from './budget-file';
import { blockedMessage, warningMessage } from './cap-messages';
import { LEDGER_FILE, Ledger } from './ledger';
import { SpendAggregates } from './spend-aggregates';
import { HOUR_MS, nextReset, windowStart } from './windows';

export interface BudgetOptions {
  home: string;
  clock: Clock;
  events: DaemonEvents;
  /** When the daemon started: the session window begins here. */
  sessionStartedAt: number;
}

/** A POST carried an `updatedAt` that is no longer the current one: someone else changed the budget meanwhile. */
export class StaleBudgetError extends Error {
  override readonly name = 'StaleBudgetError';
}

type Admission = ReturnType<SpendingGate['admit']>;

export class Budget implements SpendingGate, CostSink {
  private config: BudgetConfig;
  private caps: ActiveCaps;
  private problem: string | null;
  private readonly aggregates: SpendAggregates;

  private constructor(
    private readonly options: BudgetOptions,
    private readonly ledger: Ledger,
  ) {
    this.aggregates = new SpendAggregates(ledger, options.sessionStartedAt, options.clock.now());
    const { config, problem } = this.startupConfig();
    this.config = config;
    this.caps = new ActiveCaps(config);
    this.problem = problem;
  }

  /** Opens `<home>/ledger.sqlite`, rebuilds the window totals from it and applies budget.json. */
  static open(options: BudgetOptions): Budget {
    const ledger = Ledger.open(join(options.home, LEDGER_FILE));
    try {
      return new Budget(options, ledger);
    } catch (error) {
      ledger.close();
      throw error;
    }
  }

  /**
   * Checks the call against every cap that applies to its client and, unless enforce mode blocks it, counts it —
   * synchronously, so no other call can slip in between the check and the count. A blocked call is not counted.
   */
  admit(call: ToolCall): Admission {
    const now = this.options.clock.now();
    const { mode } = this.config;
    const caps = this.caps.applyingTo(call.client);
    if (mode === 'enforce' && caps.length > 0) {
      const blocking = this.blockingCap(caps, now);
      if (blocking) return { blocked: { capId: blocking.cap.id, message: blockedMessage(blocking, now) } };
    }
    this.ledger.recordCall(now, call.client, call.tool);
    this.aggregates.addCall(call.client, now, now);
    if (mode === 'warn' && caps.length > 0) {
      const nearest = this.nearestCap(caps, now);
      if (nearest) return { warning: warningMessage(nearest, now) };
    }
    return {};
  }

  /** Counts a response's dollars once; false when its key was already counted. */
  recordCost(entry: CostEntry): boolean {
    if (!(Number.isFinite(entry.usd) && entry.usd >= 0) || !Number.isSafeInteger(entry.at)) {
      throw new RangeError(`cost entry ${entry.key}: usd must be a finite amount ≥ 0 and at an integer time`);
    }
    if (!this.ledger.recordCost(entry)) return false;
    this.aggregates.addCost(entry.client, entry.at, entry.usd, entry.priced, this.options.clock.now());
    return true;
  }

  /** The configuration in force, any problem (with budget.json, or recording calls), and the spend in every window. */
  current(): BudgetResponse {
    const problem = this.problem ?? this.ledger.writeProblem() ?? null;
    return { config: this.config, problem, snapshot: this.snapshot(this.options.clock.now()) };
  }

  /** Calls and dollars per hour and client over the last `hours` hours, the current one included (the chart). */
  history(hours: number): BudgetHistoryResponse {
    const to = this.options.clock.now();
    const from = Math.floor(to / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;
    const buckets = Array.from({ length: hours }, (_, i) => ({
      start: from + i * HOUR_MS,
      perClient: {} as BudgetHistoryBucket['perClient'],
    }));
    const clients = new Set<string>();
    for (const { hour, client, calls, usd, unpricedUsd } of this.ledger.hourlyTotalsFrom(from)) {
      const bucket = buckets[(hour - from) / HOUR_MS];
      // A row from the future (a clock set back since it was recorded) has no bar to go in.
      if (!bucket) continue;
      bucket.perClient[client] = { calls, usd, unpricedUsd };
      clients.add(client);
    }
    return { from, to, bucketMs: BUDGET_HISTORY_BUCKET_MS, clients: [...clients].sort(), buckets };
  }

  /**
   * Replaces the configuration with a whole new document: checked (BudgetConfigError naming the field), written
   * to budget.json atomically, kept in the ledger as the last good one, applied at once. On any error nothing
   * has changed. Throws StaleBudgetError when the document's `updatedAt` is not the current one.
   */
  update(document: unknown): BudgetResponse {
    const parsed = parseBudgetConfig(document);
    if (parsed.updatedAt !== undefined && parsed.updatedAt !== this.config.updatedAt) {
      throw new StaleBudgetError(
        `the budget changed since this copy was read (its updatedAt is ${parsed.updatedAt}, the current one ` +
          `${this.config.updatedAt}); read it again and re-apply the change`,
      );
    }
    // Strictly increasing, so two writes within one millisecond still tell a stale copy from a fresh one.
    const updatedAt = Math.max(this.options.clock.now(), this.config.updatedAt + 1);
    const config: BudgetConfig = { ...parsed, updatedAt };
    writeBudgetFile(this.options.home, config);
    this.ledger.saveAppliedConfig(JSON.stringify(config), updatedAt);
    this.config = config;
    this.caps = new ActiveCaps(config);
    this.problem = null;
    const response = this.current();
    this.options.events.emit('budget', response);
    return response;
  }

  close(): void {
    this.ledger.close();
  }

  /**
   * budget.json when it is valid (remembered as the last good configuration); otherwise the last good one, with
   * the problem said out loud. A broken or deleted file never silently weakens the limits.
   */
  private startupConfig(): { config: BudgetConfig; problem: string | null } {
    const file = readBudgetFile(this.options.home);
    if (file.kind === 'valid') {
      this.ledger.saveAppliedConfig(JSON.stringify(file.config), this.options.clock.now());
      return { config: file.config, problem: null };
    }
    const lastGood = this.lastGoodConfig();
    if (file.kind === 'absent' && !lastGood) return { config: DEFAULT_BUDGET_CONFIG, problem: null };
    const what = file.kind === 'absent' ? `${budgetFilePath(this.options.home)} is missing` : file.problem;
    if (lastGood) {
      return {
        config: lastGood.config,
        problem: `${what}; still applying the last good configuration (applied ${new Date(lastGood.appliedAt).toISOString()}) until the file is fixed or a new budget is saved`,
      };
    }
    return {
      config: DEFAULT_BUDGET_CONFIG,
      problem: `${what}; no budget was ever applied, so spending limits are OFF until the file is fixed or a new budget is saved`,
    };
  }

  private lastGoodConfig(): { config: BudgetConfig; appliedAt: number } | undefined {
    const saved = this.ledger.lastAppliedConfig();
    if (!saved) return undefined;
    try {
      const parsed = parseBudgetConfig(JSON.parse(saved.config));
      return { config: { ...parsed, updatedAt: parsed.updatedAt ?? saved.appliedAt }, appliedAt: saved.appliedAt };
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof BudgetConfigError) return undefined;
      throw error;
    }
  }

  /**
   * The cap that stops the call, if any: a calls cap the call would exceed, a dollar cap already spent. When
   * several do, the one that holds longest, so the message says when the agent can really go on.
   */
  private blockingCap(caps: readonly ActiveCap[], now: number): CapStanding | undefined {
    let blocking: CapStanding | undefined;
    for (const cap of caps) {
      const standing = capStanding(cap, this.aggregates, now);
      const reached = cap.kind === 'calls' ? standing.spent + 1 > cap.limit : standing.spent >= cap.limit;
      if (reached && (!blocking || resetOrder(standing) > resetOrder(blocking))) blocking = standing;
    }
    return blocking;
  }

  /** The cap most used, if it has reached the warning threshold (after counting this call). */
  private nearestCap(caps: readonly ActiveCap[], now: number): CapStanding | undefined {
    let nearest: CapStanding | undefined;
    for (const cap of caps) {
      const standing = capStanding(cap, this.aggregates, now);
      if (usedFraction(standing) < this.config.warnAtPct) continue;
      if (!nearest || usedFraction(standing) > usedFraction(nearest)) nearest = standing;
    }
    return nearest;
  }

  private snapshot(now: number): SpendSnapshot {
    const { sessionStartedAt } = this.options;
    const perClient: Record<string, ScopeSpend> = {};
    const clients = new Set([...this.aggregates.activeClients(now), ...Object.keys(this.config.perClient)]);
    for (const client of [...clients].sort()) {
      const caps = Object.hasOwn(this.config.perClient, client) ? this.config.perClient[client]! : {};
      perClient[client] = this.scopeSpend(client, caps, now);
    }
    return { at: now, sessionStartedAt, global: this.scopeSpend(null, this.config.global, now), perClient };
  }

  private scopeSpend(client: string | null, caps: Caps, now: number): ScopeSpend {
    const spend = {} as ScopeSpend;
    for (const window of BUDGET_WINDOWS) spend[window] = this.windowSpend(client, window, caps, now);
    return spend;
  }

  private windowSpend(client: string | null, window: BudgetWindow, caps: Caps, now: number): WindowSpend {
    const totals = this.aggregates.totals(client, window, now);
    return {
      startsAt: windowStart(window, now, this.options.sessionStartedAt),
      calls: capSpend(totals.calls, caps[`${window}Calls`], nextReset(window, now, totals.oldestCallAt)),
      usd: {
        ...capSpend(totals.usd, caps[`${window}Usd`], nextReset(window, now, totals.oldestUsdAt)),
        unpricedUsd: totals.unpricedUsd,
      },
    };
  }
}

const MAX_PERCENT = Number.MAX_SAFE_INTEGER;

/** Later resets sort higher; no reset at all (session, or a cap of 0 with nothing counted) sorts highest. */
const resetOrder = (standing: CapStanding): number => standing.resetsAt ?? Number.POSITIVE_INFINITY;

function capSpend(spent: number, cap: number | null | undefined, resetsAt: number | null): CapSpend {
  const limit = cap ?? null;
  // Rounded to hundredths of a percent; bounded so an absurdly small cap cannot make it Infinity (not JSON).
  const percent =
    limit === null ? null : limit === 0 ? 100 : Math.min(Math.round((spent / limit) * 10_000) / 100, MAX_PERCENT);
  return { spent, cap: limit, percent, resetsAt };
}
