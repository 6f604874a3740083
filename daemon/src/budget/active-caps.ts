// The caps of a configuration as a flat list per scope, computed once when a configuration is applied, so the
// hot path looks at only the caps that exist (usually one or two) and never walks the config's objects; and
// where one cap stands at a moment: how much is spent and when that goes down.
import {
  BUDGET_WINDOWS,
  type BudgetConfig,
  type BudgetWindow,
  type Caps,
  CAP_UNITS,
  type CapField,
} from '@ssg/contracts/budget';
import type { SpendAggregates } from './spend-aggregates';
import { nextReset } from './windows';

export type CapKind = 'usd' | 'calls';

export interface ActiveCap {
  /** `ssg_budget_daily_calls`, `ssg_budget_claude-code_daily_usd`: what a blocked call names as its rule. */
  id: string;
  /** The client it limits; null: all clients together. */
  client: string | null;
  window: BudgetWindow;
  kind: CapKind;
  field: CapField;
  limit: number;
}

export interface CapStanding {
  cap: ActiveCap;
  /** Calls, or dollars including estimates. */
  spent: number;
  /** The estimated dollars within `spent` (0 for calls). */
  unpricedUsd: number;
  resetsAt: number | null;
}

export class ActiveCaps {
  private readonly global: readonly ActiveCap[];
  /** Per client with caps of its own: all clients' caps first, then its own. */
  private readonly perClient = new Map<string, readonly ActiveCap[]>();

  constructor(config: BudgetConfig) {
    this.global = capsOf(config.global, null);
    for (const [client, caps] of Object.entries(config.perClient)) {
      this.perClient.set(client, [...this.global, ...capsOf(caps, client)]);
    }
  }

  /** The caps that apply to a call of `client`. */
  applyingTo(client: string): readonly ActiveCap[] {
    return this.perClient.get(client) ?? this.global;
  }
}

function capsOf(caps: Caps, client: string | null): ActiveCap[] {
  const active: ActiveCap[] = [];
  for (const window of BUDGET_WINDOWS) {
    for (const unit of CAP_UNITS) {
      const field: CapField = `${window}${unit}`;
      const limit = Object.hasOwn(caps, field) ? caps[field] : undefined;
      if (limit === null || limit === undefined) continue;
      const kind: CapKind = unit === 'Usd' ? 'usd' : 'calls';
      const id = `ssg_budget_${client === null ? '' : `${client}_`}${window}_${kind}`;
      active.push({ id, client, window, kind, field, limit });
    }
  }
  return active;
}

export function capStanding(cap: ActiveCap, aggregates: SpendAggregates, now: number): CapStanding {
  const totals = aggregates.totals(cap.client, cap.window, now);
  if (cap.kind === 'calls') {
    return { cap, spent: totals.calls, unpricedUsd: 0, resetsAt: nextReset(cap.window, now, totals.oldestCallAt) };
  }
  return {
    cap,
    spent: totals.usd,
    unpricedUsd: totals.unpricedUsd,
    resetsAt: nextReset(cap.window, now, totals.oldestUsdAt),
  };
}

/** The share of the cap used, as a fraction; a cap of 0 is full from the start. */
export const usedFraction = (standing: CapStanding): number =>
  standing.cap.limit === 0 ? 1 : standing.spent / standing.cap.limit;
