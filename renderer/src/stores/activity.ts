// The Activity area: decisions (GET /api/json/audit, live `decision` events), one record's detail, and the ASK
// queue (GET/POST /api/json/approvals, live `approval` events).
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { onLiveEvent, onLiveStatus } from '../api/live-events';
import { LiveRead } from '../api/live-read';
import {
  type ApprovalAnswer,
  type ApprovalAnswerRequest,
  type ApprovalEvent,
  type PendingApproval,
} from '@ssg/contracts/approvals';
import { type AuditRecord, type AuditRecordSummary } from '@ssg/contracts/audit';
import { type ActivityFilters, KEEP, withApprovalEvent, withDecision } from './activity-events';

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

const liveDecisions = new LiveRead<AuditRecord>();
const liveApprovals = new LiveRead<ApprovalEvent>();
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
      const { answer: page, since } = await liveDecisions.read(() =>
        call('GET /api/json/audit', {
          query: { decision: decision || undefined, client, tool, q: text.trim(), limit: String(KEEP) },
        }),
      );
      // A slower answer to an older filter must not replace a newer one.
      if (sequence !== loadSequence) return;
      const filters = get().filters;
      set({
        records: since.reduce((records, record) => withDecision(records, filters, record), page.records),
        error: null,
      });
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
      set({ detail: await call('GET /api/json/audit/:id', { params: { id: String(id) } }) });
    } catch (error) {
      set({ detail: null, detailError: describeError(error) });
    }
  },
  close() {
    set({ detail: null, detailError: null });
  },
  async loadApprovals() {
    try {
      const { answer: list, since } = await liveApprovals.read(() => call('GET /api/json/approvals'));
      set({ pending: since.reduce(withApprovalEvent, list.pending), approvalsError: null });
    } catch (error) {
      set({ approvalsError: describeError(error) });
    }
  },
  async answer(id, decision, note) {
    const before = get().pending;
    const request: ApprovalAnswerRequest = { decision, via: 'dashboard', ...(note ? { note } : {}) };
    set({ pending: before.filter((p) => p.id !== id), answering: [...get().answering, id], approvalsError: null });
    try {
      await call('POST /api/json/approvals/:id', { params: { id }, body: request });
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
  liveDecisions.seen(record);
  const { records, filters } = useActivity.getState();
  useActivity.setState({ records: withDecision(records, filters, record) });
});

onLiveEvent('approval', (event) => {
  liveApprovals.seen(event);
  useActivity.setState({ pending: withApprovalEvent(useActivity.getState().pending, event) });
});

// Events sent before the stream (re)connected are lost: a fresh read closes that gap.
onLiveStatus((connected) => {
  if (!connected) return;
  void useActivity.getState().load();
  void useActivity.getState().loadApprovals();
});
