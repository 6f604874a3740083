// The audit routes on the wire (GET /api/json/audit, /audit/:id, /audit/stats, the live `decision` event): the
// schemas the daemon validates and serializes with, and the source of the types in ../audit.ts. Every text in
// a record was redacted before it was stored: secrets appear as `[redacted:<kind>]`.
import { CAPABILITIES, DECISIONS } from '@ssg/engine';
import { type Static, Type } from 'typebox';
import { DecidedBy, MatchedCondition } from './eval';
import { NullableInteger, StringEnum, StringMap } from './json-schema';
import { SummarizedCallProperties } from './summarized-call';

const recordProperties = {
  /** Increases with every record and is never reused, also after retention removed older ones. */
  id: Type.Integer(),
  /**
   * When the call was decided, ms since the epoch: the order of the log. The same as when it arrived, except for
   * a call held for an approval, which is decided when answered or expired.
   */
  at: Type.Integer(),
  /** When a call held for an approval arrived (absent for the calls decided at once). */
  requestedAt: Type.Optional(Type.Integer()),
  ...SummarizedCallProperties,
  decision: StringEnum(DECISIONS),
  decidedBy: DecidedBy,
  ruleId: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  /** A spending warning the agent was given with this call. */
  warning: Type.Optional(Type.String()),
  durationMs: Type.Number(),
};

/** One evaluated tool call, as listed (the matched conditions only come with the full record). */
export const AuditRecordSummary = Type.Object(recordProperties);

export const AuditRecord = Type.Object({
  ...recordProperties,
  /** The conditions that held when the rule fired; shell views redacted like the summary. */
  matched: Type.Array(MatchedCondition),
});

/** Query values arrive as strings (ajv does not coerce here): numbers are checked by pattern. */
const milliseconds = Type.String({ pattern: '^[0-9]{1,15}$' });

/** The filters of GET /api/json/audit as sent; every one is optional and they combine with AND. */
export const AuditQueryString = Type.Object(
  {
    decision: Type.Optional(StringEnum(DECISIONS)),
    client: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    tool: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    capability: Type.Optional(StringEnum(CAPABILITIES)),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    since: Type.Optional(milliseconds),
    until: Type.Optional(milliseconds),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
    before: Type.Optional(milliseconds),
  },
  { additionalProperties: false },
);

/** Newest first. `nextBefore` is the cursor of the next page, null when this page is the last. */
export const AuditPage = Type.Object({ records: Type.Array(AuditRecordSummary), nextBefore: NullableInteger() });

export const AuditRecordParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });

const counts = StringMap(Type.Integer());

export const AuditWindowStats = Type.Object({
  /** Start of the window, ms since the epoch. */
  since: Type.Integer(),
  total: Type.Integer(),
  byDecision: counts,
  byClient: counts,
  /** Rules that blocked most (decisions block and force), most first. */
  topBlockedRules: Type.Array(Type.Object({ ruleId: Type.String(), count: Type.Integer() })),
});

export const AuditStats = Type.Object({
  windows: Type.Object({ lastHour: AuditWindowStats, today: AuditWindowStats, last7Days: AuditWindowStats }),
  /** Records kept, and when the oldest of them was made (null when there are none). */
  rows: Type.Integer(),
  oldestAt: NullableInteger(),
  /** Decisions that could not be recorded since the daemon started (the calls were not held up). */
  failedWrites: Type.Integer(),
  lastFailure: Type.Optional(Type.String()),
  /** Why retention last failed, if it did. */
  retentionProblem: Type.Optional(Type.String()),
});

export type AuditRecordSummary = Static<typeof AuditRecordSummary>;
export type AuditRecord = Static<typeof AuditRecord>;
export type AuditQueryString = Static<typeof AuditQueryString>;
export type AuditPage = Static<typeof AuditPage>;
export type AuditWindowStats = Static<typeof AuditWindowStats>;
export type AuditStats = Static<typeof AuditStats>;
