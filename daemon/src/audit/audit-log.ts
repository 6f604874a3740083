// The evaluation pipeline's audit sink: turns an evaluated call into a stored record (input summarised and
// redacted) and announces it on the live stream. Recording must never cost the agent its call, so a failed write
// (a full disk, a locked file) is counted and shown in the stats instead of thrown.
import type { AuditRecord } from '@ssg/contracts/audit';
import type { DaemonEvents } from '../events';
import type { AuditEntry, AuditSink } from '../evaluation/ports';
import type { AuditRow, AuditStore } from './audit-store';
import { summarizeCall, summarizeText } from './input-summary';

/** The id returned for a decision that could not be recorded; real ids start at 1. */
export const NOT_RECORDED = 0;

export interface AuditLogHealth {
  failedWrites: number;
  lastFailure?: string;
}

export class AuditLog implements AuditSink {
  private failedWrites = 0;
  private lastFailure: string | undefined;

  constructor(
    private readonly store: AuditStore,
    private readonly events: DaemonEvents,
  ) {
    store.onWriteFailure((message, records) => {
      this.failedWrites += records;
      this.lastFailure = message;
    });
  }

  record(entry: AuditEntry): number {
    let record: AuditRecord;
    try {
      const row = toRow(entry);
      record = { id: this.store.insert(row), ...row };
    } catch (error) {
      this.failedWrites++;
      this.lastFailure = error instanceof Error ? error.message : String(error);
      return NOT_RECORDED;
    }
    try {
      this.events.emit('decision', record);
    } catch {
      // A listener's bug (a dashboard stream) must not reach the agent's call; the record is stored.
    }
    return record.id;
  }

  health(): AuditLogHealth {
    this.store.flush();
    return {
      failedWrites: this.failedWrites,
      ...(this.lastFailure !== undefined && { lastFailure: this.lastFailure }),
    };
  }
}

function toRow({ call, result, decidedBy, warning, at, requestedAt }: AuditEntry): AuditRow {
  return {
    at,
    ...(requestedAt !== undefined && { requestedAt }),
    ...summarizeCall(call),
    decision: result.decision,
    decidedBy,
    ...(result.ruleId !== undefined && { ruleId: result.ruleId }),
    ...(result.message !== undefined && { message: result.message }),
    ...(warning !== undefined && { warning }),
    // A view is a piece of the agent's command, so it gets the summary's treatment.
    matched: result.matched.map((condition) =>
      condition.view === undefined ? condition : { ...condition, view: summarizeText(condition.view) },
    ),
    durationMs: result.durationMs,
  };
}
