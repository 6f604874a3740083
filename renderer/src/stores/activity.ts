// The Activity area: decisions (GET /api/json/audit, live `decision` events), one record's detail, and the ASK
// queue (GET/POST /api/json/approvals, live `approval` events).
import { create } from 'zustand';
import { api, describeError, withQuery } from '../api/client';
import { onLiveEvent, onLiveStatus } from '../api/live-events';
import {
  APPROVALS_PATH,
  type ApprovalAnswer,
  type ApprovalAnswerRequest,
  type ApprovalAnswerResponse,
  type ApprovalList,
  type PendingApproval,
} from 'ssg/src/daemon-client/approval-protocol';
import {
  AUDIT_PATH,
  type AuditPage,
  type AuditRecord,
  type AuditRecordSummary,
} from 'ssg/src/daemon-client/audit-protocol';
import type { Decision } from 'ssg/src/engine/types';

export interface ActivityFilters {
  decision: Decision | '';
  client: string;
  tool: string;
  text: string;
}

/** Records kept in the page; the audit log keeps the rest. */
const KEEP = 200;

interface ActivityState {
  records: AuditRecordSummary[];
  filters: ActivityFilters;
  error: string | null;
  detail: AuditRecord | null;
  detailError: string | null;
  pending: PendingApproval[];
  approvalsError: string | null;
  /** Ids being answered right now (their buttons are disabled). */
  answering: string[];
  load(): Promise<void>;
  setFilters(change: Partial<ActivityFilters>): void;
  open(id: number): Promise<void>;
  close(): void;
  loadApprovals(): Promise<void>;
  /** Removes the request from the queue at once; puts it back if the daemon refuses the answer. */
  answer(id: string, decision: ApprovalAnswer, note?: string): Promise<void>;
}

export function matchesFilters(record: AuditRecordSummary, filters: ActivityFilters): boolean {
  const text = filters.text.trim().toLowerCase();
  return (
    (filters.decision === '' || record.decision === filters.decision) &&
    (filters.client === '' || record.client === filters.client) &&
    (filters.tool === '' || record.tool === filters.tool) &&
    (text === '' ||
      [record.summary, record.ruleId ?? '', record.message ?? ''].some((field) => field.toLowerCase().includes(text)))
  );
}

let loadSequence = 0;

export const useActivity = create<ActivityState>()((set, get) => ({
  records: [],
  filters: { decision: '', client: '', tool: '', text: '' },
  error: null,
  detail: null,
  detailError: null,
  pending: [],
  approvalsError: null,
  answering: [],
  async load() {
    const sequence = ++loadSequence;
    const { decision, client, tool, text } = get().filters;
    try {
      const page = await api.get<AuditPage>(
        withQuery(AUDIT_PATH, { decision, client, tool, q: text.trim(), limit: KEEP }),
      );
      // A slower answer to an older filter must not replace a newer one.
      if (sequence === loadSequence) set({ records: page.records, error: null });
    } catch (error) {
      if (sequence === loadSequence) set({ error: describeError(error) });
    }
  },
  setFilters(change) {
    set({ filters: { ...get().filters, ...change } });
    void get().load();
  },
  async open(id) {
    set({ detailError: null });
    try {
      set({ detail: await api.get<AuditRecord>(`${AUDIT_PATH}/${id}`) });
    } catch (error) {
      set({ detail: null, detailError: describeError(error) });
    }
  },
  close() {
    set({ detail: null, detailError: null });
  },
  async loadApprovals() {
    try {
      const list = await api.get<ApprovalList>(APPROVALS_PATH);
      set({ pending: list.pending, approvalsError: null });
    } catch (error) {
      set({ approvalsError: describeError(error) });
    }
  },
  async answer(id, decision, note) {
    const before = get().pending;
    const request: ApprovalAnswerRequest = { decision, via: 'dashboard', ...(note ? { note } : {}) };
    set({ pending: before.filter((p) => p.id !== id), answering: [...get().answering, id], approvalsError: null });
    try {
      await api.post<ApprovalAnswerResponse>(`${APPROVALS_PATH}/${id}`, request);
    } catch (error) {
      const stillPending = before.find((p) => p.id === id);
      set({
        pending:
          stillPending && !get().pending.some((p) => p.id === id) ? [...get().pending, stillPending] : get().pending,
        approvalsError: `Your answer was not taken: ${describeError(error)}`,
      });
    } finally {
      set({ answering: get().answering.filter((a) => a !== id) });
    }
  },
}));

onLiveEvent('decision', (record) => {
  const state = useActivity.getState();
  if (!matchesFilters(record, state.filters) || state.records.some((r) => r.id === record.id)) return;
  const { matched: _matched, ...summary } = record;
  useActivity.setState({ records: [summary, ...state.records].slice(0, KEEP) });
});

onLiveEvent('approval', (event) => {
  const { pending } = useActivity.getState();
  if (event.type === 'created') {
    if (!pending.some((p) => p.id === event.approval.id))
      useActivity.setState({ pending: [...pending, event.approval] });
  } else {
    useActivity.setState({ pending: pending.filter((p) => p.id !== event.approval.id) });
  }
});

// Events sent before the stream (re)connected are lost: a fresh read closes that gap.
onLiveStatus((connected) => {
  if (!connected) return;
  void useActivity.getState().load();
  void useActivity.getState().loadApprovals();
});
