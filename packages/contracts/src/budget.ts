// The wire format of the spending limits (GET and POST /api/json/budget), shared by the daemon's route and
// `ssg budget`. The configuration is the spec's budget.json shape; docs/daemon-api.md describes every field.

export const BUDGET_PATH = '/api/json/budget';

export const BUDGET_MODES = ['off', 'monitor', 'warn', 'enforce'] as const;
export type BudgetMode = (typeof BUDGET_MODES)[number];

/** session: since the daemon started; hourly: rolling 60 min; daily, monthly: local calendar; weekly: rolling 7 days. */
export const BUDGET_WINDOWS = ['session', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type BudgetWindow = (typeof BUDGET_WINDOWS)[number];

export const CAP_UNITS = ['Usd', 'Calls'] as const;
export type CapUnit = (typeof CAP_UNITS)[number];

/** `dailyUsd`, `hourlyCalls`, …: a window and a unit. */
export type CapField = `${BudgetWindow}${CapUnit}`;
export const CAP_FIELDS: readonly CapField[] = BUDGET_WINDOWS.flatMap((window) =>
  CAP_UNITS.map((unit): CapField => `${window}${unit}`),
);

/** Every field optional; null (or absent) means no limit. */
export type Caps = Partial<Record<CapField, number | null>>;

export interface BudgetConfig {
  mode: BudgetMode;
  /** The fraction of a cap (above 0, at most 1) at which warn mode starts warning. */
  warnAtPct: number;
  /** Caps on all clients together. */
  global: Caps;
  /** Caps per client (adapter name: `claude-code`, `codex`, …). */
  perClient: Record<string, Caps>;
  /** When the configuration was last changed, ms since the epoch; 0 for the built-in default. */
  updatedAt: number;
}

/**
 * The body of POST: the whole document. Absent fields take their defaults (mode off, warnAtPct 0.8, no caps).
 * `updatedAt`, when sent, must equal the current configuration's (else 409): a read-modify-write that raced
 * another writer is refused rather than silently undoing the other change.
 */
export type BudgetUpdate = Partial<BudgetConfig>;

export const DEFAULT_WARN_AT_PCT = 0.8;

/** Client names as adapters name themselves (and as the eval route accepts them). */
export const CLIENT_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
/** More clients than any machine has; the bound only stops a flood of names. */
export const MAX_BUDGET_CLIENTS = 256;

/** Spend against one cap in one window. */
export interface CapSpend {
  /** Calls counted, or dollars (priced plus unpriced estimates). */
  spent: number;
  /** null: no limit. */
  cap: number | null;
  /** spent / cap × 100 (100 for a cap of 0); null without a cap. */
  percent: number | null;
  /**
   * When the window's spend next goes down, ms since the epoch: next local midnight (daily), the first of next
   * month (monthly), when the oldest counted entry leaves a rolling window (null if none); session: null.
   */
  resetsAt: number | null;
}

export interface UsdSpend extends CapSpend {
  /** The part of `spent` that is an estimate for models the price table does not know (counted toward caps). */
  unpricedUsd: number;
}

export interface WindowSpend {
  /** Where the window begins now, ms since the epoch. */
  startsAt: number;
  calls: CapSpend;
  usd: UsdSpend;
}

export type ScopeSpend = Record<BudgetWindow, WindowSpend>;

export interface SpendSnapshot {
  /** When the snapshot was taken. */
  at: number;
  /** The daemon's start: the session window begins here. */
  sessionStartedAt: number;
  global: ScopeSpend;
  /** Every client with a cap or with spend in any window. */
  perClient: Record<string, ScopeSpend>;
}

export interface BudgetResponse {
  /** The configuration in force (the last good one while budget.json is broken). */
  config: BudgetConfig;
  /** Why the configuration in force is not what budget.json says; null when it is. */
  problem: string | null;
  snapshot: SpendSnapshot;
}

/** GET `?hours=<1..168>`: calls and dollars per hour and client, for the dashboard's Spending chart. */
export const BUDGET_HISTORY_PATH = '/api/json/budget/history';
export const BUDGET_HISTORY_DEFAULT_HOURS = 24;
/** A week: the ledger holds more, but a chart of more hourly bars than this is unreadable. */
export const BUDGET_HISTORY_MAX_HOURS = 168;
export const BUDGET_HISTORY_BUCKET_MS = 3_600_000;

/** One client's activity in one hour. */
export interface ClientHourSpend {
  calls: number;
  /** Dollars, priced plus unpriced estimates (as the caps count them). */
  usd: number;
  /** The part of `usd` that is an estimate for models the price table does not know. */
  unpricedUsd: number;
}

export interface BudgetHistoryBucket {
  /** Start of the hour, ms since the epoch (a multiple of bucketMs: whole UTC hours). */
  start: number;
  /** Only clients with calls or dollars in this hour. */
  perClient: Record<string, ClientHourSpend>;
}

export interface BudgetHistoryResponse {
  /** Start of the oldest bucket. */
  from: number;
  /** When the history was read; the newest bucket (the current hour) runs up to here. */
  to: number;
  bucketMs: typeof BUDGET_HISTORY_BUCKET_MS;
  /** Every client in any bucket, sorted. */
  clients: string[];
  /** `hours` buckets, oldest first, empty hours included. */
  buckets: BudgetHistoryBucket[];
}
