// The spending limits on the wire (GET and POST /api/json/budget, GET /api/json/budget/history, the live `budget`
// event): the schemas the daemon validates and serializes with, and the source of the types in ../budget.ts. The
// configuration is the spec's budget.json shape; docs/daemon-api.md describes every field.
import { type Static, type TOptional, type TSchema, type TUnsafe, Type } from 'typebox';
import {
  BUDGET_HISTORY_BUCKET_MS,
  BUDGET_MODES,
  BUDGET_WINDOWS,
  type BudgetWindow,
  CAP_FIELDS,
  type CapField,
  CLIENT_NAME_PATTERN,
  MAX_BUDGET_CLIENTS,
} from '../budget';
import { NullableInteger, NullableNumber, NullableString, StringEnum, StringMap } from './json-schema';

/** A cap: a whole number of calls or a number of dollars, 0 or more; null for no limit. */
const cap = (field: CapField): TOptional<TUnsafe<number | null>> =>
  Type.Optional(
    Type.Unsafe<number | null>(
      field.endsWith('Calls')
        ? { type: ['integer', 'null'], minimum: 0, maximum: Number.MAX_SAFE_INTEGER }
        : { type: ['number', 'null'], minimum: 0 },
    ),
  );

/** Every field optional; null (or absent) means no limit. */
export const Caps = Type.Object(
  Object.fromEntries(CAP_FIELDS.map((field) => [field, cap(field)])) as Record<
    CapField,
    TOptional<TUnsafe<number | null>>
  >,
  { additionalProperties: false },
);

export const BudgetConfig = Type.Object(
  {
    mode: StringEnum(BUDGET_MODES),
    /** The fraction of a cap (above 0, at most 1) at which warn mode starts warning. */
    warnAtPct: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
    /** Caps on all clients together. */
    global: Caps,
    /** Caps per client (adapter name: `claude-code`, `codex`, …). */
    perClient: StringMap(Caps, { maxProperties: MAX_BUDGET_CLIENTS, propertyNames: { pattern: CLIENT_NAME_PATTERN } }),
    /** When the configuration was last changed, ms since the epoch; 0 for the built-in default. */
    updatedAt: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/**
 * The body of POST: the whole document. Absent fields take their defaults (mode off, warnAtPct 0.8, no caps).
 * `updatedAt`, when sent, must equal the current configuration's (else 409): a read-modify-write that raced
 * another writer is refused rather than silently undoing the other change.
 */
export const BudgetUpdate = Type.Partial(BudgetConfig, { additionalProperties: false });

const capSpendProperties = {
  /** Calls counted, or dollars (priced plus unpriced estimates). */
  spent: Type.Number(),
  /** null: no limit. */
  cap: NullableNumber(),
  /** spent / cap × 100 (100 for a cap of 0); null without a cap. */
  percent: NullableNumber(),
  /**
   * When the window's spend next goes down, ms since the epoch: next local midnight (daily), the first of next
   * month (monthly), when the oldest counted entry leaves a rolling window (null if none); session: null.
   */
  resetsAt: NullableInteger(),
};

/** Spend against one cap in one window. */
export const CapSpend = Type.Object(capSpendProperties);

export const UsdSpend = Type.Object({
  ...capSpendProperties,
  /** The part of `spent` that is an estimate for models the price table does not know (counted toward caps). */
  unpricedUsd: Type.Number(),
});

export const WindowSpend = Type.Object({
  /** Where the window begins now, ms since the epoch. */
  startsAt: Type.Integer(),
  calls: CapSpend,
  usd: UsdSpend,
});

const perWindow = <Value extends TSchema>(value: Value) =>
  Type.Object(Object.fromEntries(BUDGET_WINDOWS.map((window) => [window, value])) as Record<BudgetWindow, Value>);

export const ScopeSpend = perWindow(WindowSpend);

export const SpendSnapshot = Type.Object({
  /** When the snapshot was taken. */
  at: Type.Integer(),
  /** The daemon's start: the session window begins here. */
  sessionStartedAt: Type.Integer(),
  global: ScopeSpend,
  /** Every client with a cap or with spend in any window. */
  perClient: StringMap(ScopeSpend),
});

export const BudgetResponse = Type.Object({
  /** The configuration in force (the last good one while budget.json is broken). */
  config: BudgetConfig,
  /** Why the configuration in force is not what budget.json says; null when it is. */
  problem: NullableString(),
  snapshot: SpendSnapshot,
});

/** Query values arrive as strings (ajv does not coerce here): `hours` is checked by pattern, then by range. */
export const BudgetHistoryQuery = Type.Object(
  { hours: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) },
  { additionalProperties: false },
);

/** One client's activity in one hour. */
export const ClientHourSpend = Type.Object({
  calls: Type.Integer(),
  /** Dollars, priced plus unpriced estimates (as the caps count them). */
  usd: Type.Number(),
  /** The part of `usd` that is an estimate for models the price table does not know. */
  unpricedUsd: Type.Number(),
});

export const BudgetHistoryBucket = Type.Object({
  /** Start of the hour, ms since the epoch (a multiple of bucketMs: whole UTC hours). */
  start: Type.Integer(),
  /** Only clients with calls or dollars in this hour. */
  perClient: StringMap(ClientHourSpend),
});

export const BudgetHistoryResponse = Type.Object({
  /** Start of the oldest bucket. */
  from: Type.Integer(),
  /** When the history was read; the newest bucket (the current hour) runs up to here. */
  to: Type.Integer(),
  bucketMs: Type.Unsafe<typeof BUDGET_HISTORY_BUCKET_MS>({ type: 'integer', enum: [BUDGET_HISTORY_BUCKET_MS] }),
  /** Every client in any bucket, sorted. */
  clients: Type.Array(Type.String()),
  /** `hours` buckets, oldest first, empty hours included. */
  buckets: Type.Array(BudgetHistoryBucket),
});

export type Caps = Static<typeof Caps>;
export type BudgetConfig = Static<typeof BudgetConfig>;
export type BudgetUpdate = Static<typeof BudgetUpdate>;
export type CapSpend = Static<typeof CapSpend>;
export type UsdSpend = Static<typeof UsdSpend>;
export type WindowSpend = Static<typeof WindowSpend>;
export type ScopeSpend = Static<typeof ScopeSpend>;
export type SpendSnapshot = Static<typeof SpendSnapshot>;
export type BudgetResponse = Static<typeof BudgetResponse>;
export type ClientHourSpend = Static<typeof ClientHourSpend>;
export type BudgetHistoryBucket = Static<typeof BudgetHistoryBucket>;
export type BudgetHistoryResponse = Static<typeof BudgetHistoryResponse>;
