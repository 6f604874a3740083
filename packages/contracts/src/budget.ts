// Paths, names and limits of the spending limits (GET and POST /api/json/budget), shared by the daemon's route and
// `ssg budget`, the desktop app and the dashboard. The configuration is the spec's budget.json shape;
// docs/daemon-api.md describes every field. The types come from schemas/budget.ts; this module loads no schema
// library.

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

export const DEFAULT_WARN_AT_PCT = 0.8;

/** Client names as adapters name themselves (and as the eval route accepts them). */
export const CLIENT_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
/** More clients than any machine has; the bound only stops a flood of names. */
export const MAX_BUDGET_CLIENTS = 256;

/** GET `?hours=<1..168>`: calls and dollars per hour and client, for the dashboard's Spending chart. */
export const BUDGET_HISTORY_PATH = '/api/json/budget/history';
export const BUDGET_HISTORY_DEFAULT_HOURS = 24;
/** A week: the ledger holds more, but a chart of more hourly bars than this is unreadable. */
export const BUDGET_HISTORY_MAX_HOURS = 168;
export const BUDGET_HISTORY_BUCKET_MS = 3_600_000;

export type {
  BudgetConfig,
  BudgetHistoryBucket,
  BudgetHistoryResponse,
  BudgetResponse,
  BudgetUpdate,
  Caps,
  CapSpend,
  ClientHourSpend,
  ScopeSpend,
  SpendSnapshot,
  UsdSpend,
  WindowSpend,
} from './schemas/budget';
