// Calls and dollars per hour over the last 24 hours by client, for the Spending chart: the daemon buckets its cost
// ledger (GET /api/json/budget/history). Live decisions add their call to the current hour between loads; dollars
// arrive with the next load (they are read from the agents' logs some seconds after the call anyway).
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { onLiveEvent } from '../api/live-events';
import { BUDGET_HISTORY_DEFAULT_HOURS, type BudgetHistoryBucket } from '@ssg/contracts/budget';

export const HISTORY_HOURS = BUDGET_HISTORY_DEFAULT_HOURS;

interface SpendHistoryState {
  buckets: BudgetHistoryBucket[];
  clients: string[];
  error: string | null;
  load(): Promise<void>;
}

export const useSpendHistory = create<SpendHistoryState>()((set) => ({
  buckets: [],
  clients: [],
  error: null,
  async load() {
    try {
      const history = await call('GET /api/json/budget/history', { query: { hours: String(HISTORY_HOURS) } });
      set({ buckets: history.buckets, clients: history.clients, error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));

onLiveEvent('decision', (record) => {
  const { buckets, clients } = useSpendHistory.getState();
  const index = buckets.findIndex((b, i) => record.at >= b.start && record.at < (buckets[i + 1]?.start ?? Infinity));
  const bucket = buckets[index];
  // A call the budget blocked is not counted in the ledger, so the chart does not count it either.
  if (!bucket || record.decidedBy === 'budget') return;
  const before = bucket.perClient[record.client] ?? { calls: 0, usd: 0, unpricedUsd: 0 };
  const updated = {
    ...bucket,
    perClient: { ...bucket.perClient, [record.client]: { ...before, calls: before.calls + 1 } },
  };
  useSpendHistory.setState({
    buckets: buckets.map((b, i) => (i === index ? updated : b)),
    clients: clients.includes(record.client) ? clients : [...clients, record.client].sort(),
  });
});
