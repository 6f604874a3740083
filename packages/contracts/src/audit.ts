// The wire format of the daemon's audit routes (GET /api/json/audit, /audit/:id, /audit/stats), shared by the
// daemon, which serves it, and `ssg audit`, which reads it. Every text in a record was redacted before it was
// stored: secrets appear as `[redacted:<kind>]`.
import type { Capability, Decision, MatchedCondition } from '@ssg/engine';
import type { DecidedBy } from './eval';
import type { SummarizedCall } from './summarized-call';

export const AUDIT_PATH = '/api/json/audit';
export const AUDIT_STATS_PATH = '/api/json/audit/stats';

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

/** One evaluated tool call, as listed (the matched conditions only come with the full record). */
export interface AuditRecordSummary extends SummarizedCall {
  /** Increases with every record and is never reused, also after retention removed older ones. */
  id: number;
  /** When the call arrived, ms since the epoch. */
  at: number;
  decision: Decision;
  decidedBy: DecidedBy;
  ruleId?: string;
  message?: string;
  /** A spending warning the agent was given with this call. */
  warning?: string;
  durationMs: number;
}

export interface AuditRecord extends AuditRecordSummary {
  /** The conditions that held when the rule fired; shell views redacted like the summary. */
  matched: MatchedCondition[];
}

/** Filters of GET /api/json/audit; every one is optional and they combine with AND. */
export interface AuditQuery {
  decision?: Decision;
  client?: string;
  tool?: string;
  capability?: Capability;
  /** Text in the summary, the rule id or the message (case-insensitive for ASCII). */
  q?: string;
  /** ms since the epoch, inclusive. */
  since?: number;
  until?: number;
  /** At most AUDIT_MAX_LIMIT; AUDIT_DEFAULT_LIMIT when absent. */
  limit?: number;
  /** Paging: only records with a smaller id (pass the previous page's `nextBefore`). */
  before?: number;
}

/** Newest first. `nextBefore` is the cursor of the next page, null when this page is the last. */
export interface AuditPage {
  records: AuditRecordSummary[];
  nextBefore: number | null;
}

export interface AuditWindowStats {
  /** Start of the window, ms since the epoch. */
  since: number;
  total: number;
  byDecision: Record<string, number>;
  byClient: Record<string, number>;
  /** Rules that blocked most (decisions block and force), most first. */
  topBlockedRules: Array<{ ruleId: string; count: number }>;
}

export interface AuditStats {
  windows: { lastHour: AuditWindowStats; today: AuditWindowStats; last7Days: AuditWindowStats };
  /** Records kept, and when the oldest of them was made (null when there are none). */
  rows: number;
  oldestAt: number | null;
  /** Decisions that could not be recorded since the daemon started (the calls were not held up). */
  failedWrites: number;
  lastFailure?: string;
}
