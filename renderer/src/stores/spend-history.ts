// Calls over the last 24 hours by client, for the Spending chart: the audit log is the record of every call
// (GET /api/json/audit with `since`), bucketed per hour here. Dollars have no time series on the wire yet; the
// chart's spend side comes from the budget snapshot's windows.
import { create } from 'zustand';
import { api, describeError, withQuery } from '../api/client';
import { onLiveEvent } from '../api/live-events';
import { AUDIT_MAX_LIMIT, AUDIT_PATH, type AuditPage } from 'ssg/src/daemon-client/audit-protocol';

const HOUR = 3_600_000;
export const HISTORY_HOURS = 24;

export interface HourBucket {
  /** Start of the hour, ms since the epoch. */
  start: number;
  byClient: Record<string, number>;
}

interface SpendHistoryState {
  buckets: HourBucket[];
  clients: string[];
  /** The newest AUDIT_MAX_LIMIT calls only: the chart says so when it is cut. */
  truncated: boolean;
  error: string | null;
  load(): Promise<void>;
}

function emptyBuckets(now: number): HourBucket[] {
  const first = Math.floor(now / HOUR) * HOUR - (HISTORY_HOURS - 1) * HOUR;
  return Array.from({ length: HISTORY_HOURS }, (_, i) => ({ start: first + i * HOUR, byClient: {} }));
}

function add(buckets: HourBucket[], at: number, client: string): boolean {
  const bucket = buckets.find((b) => at >= b.start && at < b.start + HOUR);
  if (!bucket) return false;
  bucket.byClient[client] = (bucket.byClient[client] ?? 0) + 1;
  return true;
}

const clientsOf = (buckets: HourBucket[]): string[] =>
  [...new Set(buckets.flatMap((b) => Object.keys(b.byClient)))].sort();

export const useSpendHistory = create<SpendHistoryState>()((set) => ({
  buckets: emptyBuckets(Date.now()),
  clients: [],
  truncated: false,
  error: null,
  async load() {
    const now = Date.now();
    const buckets = emptyBuckets(now);
    try {
      const since = buckets[0]?.start ?? now;
      const page = await api.get<AuditPage>(withQuery(AUDIT_PATH, { since, limit: AUDIT_MAX_LIMIT }));
      for (const record of page.records) add(buckets, record.at, record.client);
      set({ buckets, clients: clientsOf(buckets), truncated: page.nextBefore !== null, error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));

onLiveEvent('decision', (record) => {
  const state = useSpendHistory.getState();
  const buckets = state.buckets.map((b) => ({ ...b, byClient: { ...b.byClient } }));
  if (add(buckets, record.at, record.client)) useSpendHistory.setState({ buckets, clients: clientsOf(buckets) });
});
