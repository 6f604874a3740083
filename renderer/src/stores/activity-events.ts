// How one live event changes the Activity area's lists. Pure, so the store applies the same steps to a live event
// and to the events replayed over a read that was in flight when they arrived (see api/live-read.ts).
import type { ApprovalEvent, PendingApproval } from '@ssg/contracts/approvals';
import type { AuditRecord, AuditRecordSummary } from '@ssg/contracts/audit';
import type { Decision } from '@ssg/contracts/decision';

export interface ActivityFilters {
  decision: Decision | '';
  client: string;
  tool: string;
  text: string;
}

/** Records kept in the page; the audit log keeps the rest. */
export const KEEP = 200;

function matchesFilters(record: AuditRecordSummary, filters: ActivityFilters): boolean {
  const text = filters.text.trim().toLowerCase();
  return (
    (filters.decision === '' || record.decision === filters.decision) &&
    (filters.client === '' || record.client === filters.client) &&
    (filters.tool === '' || record.tool === filters.tool) &&
    (text === '' ||
      [record.summary, record.ruleId ?? '', record.message ?? ''].some((field) => field.toLowerCase().includes(text)))
  );
}

/** The newest record first, once, when it passes the filters. */
export function withDecision(
  records: AuditRecordSummary[],
  filters: ActivityFilters,
  record: AuditRecord,
): AuditRecordSummary[] {
  if (!matchesFilters(record, filters) || records.some((r) => r.id === record.id)) return records;
  const { matched: _matched, ...summary } = record;
  return [summary, ...records].slice(0, KEEP);
}

/** A created request joins the queue once; an answered or expired one leaves it. */
export function withApprovalEvent(pending: PendingApproval[], event: ApprovalEvent): PendingApproval[] {
  if (event.type === 'created') {
    return pending.some((p) => p.id === event.approval.id) ? pending : [...pending, event.approval];
  }
  return pending.filter((p) => p.id !== event.approval.id);
}
