// The Spending area: the budget in force with its live spend (GET/POST /api/json/budget, `budget` events).
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { onLiveEvent } from '../api/live-events';
import { LiveRead } from '../api/live-read';
import { type BudgetConfig, type BudgetMode, type BudgetResponse, type BudgetUpdate } from '@ssg/contracts/budget';

interface BudgetState {
  data: BudgetResponse | null;
  error: string | null;
  saving: boolean;
  load(): Promise<void>;
  /** Switches the mode at once in the page and rolls back if the daemon refuses. */
  setMode(mode: BudgetMode): Promise<void>;
  /** Saves caps and warn level; resolves true when the daemon took them. */
  save(change: Pick<BudgetConfig, 'global' | 'perClient' | 'warnAtPct'>): Promise<boolean>;
}

/** The whole document with the updatedAt it was read at, so a change made elsewhere meanwhile is refused (409). */
function update(config: BudgetConfig, change: Partial<BudgetConfig>): BudgetUpdate {
  return { ...config, ...change, updatedAt: config.updatedAt };
}

const liveBudget = new LiveRead<BudgetResponse>();

export const useBudget = create<BudgetState>()((set, get) => ({
  data: null,
  error: null,
  saving: false,
  async load() {
    try {
      set({ data: await liveBudget.latest(() => call('GET /api/json/budget')), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  async setMode(mode) {
    const before = get().data;
    if (!before) return;
    set({ data: { ...before, config: { ...before.config, mode } }, saving: true, error: null });
    try {
      set({ data: await call('POST /api/json/budget', { body: update(before.config, { mode }) }), saving: false });
    } catch (error) {
      set({ data: before, saving: false, error: `The mode was not changed: ${describeError(error)}` });
    }
  },
  async save(change) {
    const current = get().data;
    if (!current) return false;
    set({ saving: true, error: null });
    try {
      set({ data: await call('POST /api/json/budget', { body: update(current.config, change) }), saving: false });
      return true;
    } catch (error) {
      set({ saving: false, error: `The limits were not saved: ${describeError(error)}` });
      return false;
    }
  },
}));

onLiveEvent('budget', (data) => {
  liveBudget.seen(data);
  useBudget.setState({ data });
});
