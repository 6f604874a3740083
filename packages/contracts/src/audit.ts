// The wire format of the daemon's audit routes (GET /api/json/audit, /audit/:id, /audit/stats), shared by the
// daemon, which serves it, and `ssg audit`, which reads it. Every text in a record was redacted before it was
// stored: secrets appear as `[redacted:<kind>]`. The wire types come from schemas/audit.ts; this module loads no
// schema library. AuditQuery is the parsed form of the filters, as the daemon's store and `ssg audit` use them.
import type { Capability, Decision } from '@ssg/engine';

export const AUDIT_PATH = '/api/json/audit';
export const AUDIT_STATS_PATH = '/api/json/audit/stats';

export const AUDIT_DEFAULT_LIMIT = 100;
export const AUDIT_MAX_LIMIT = 500;

/** The filters of GET /api/json/audit, parsed; every one is optional and they combine with AND. */
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

export type { AuditPage, AuditRecord, AuditRecordSummary, AuditStats, AuditWindowStats } from './schemas/audit';
