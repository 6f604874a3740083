// The Rules area: loaded rule files with their findings and the Sleep at Night bundle (GET /api/json/rules),
// reloaded when the daemon reports a rule reload.
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { onLiveEvent } from '../api/live-events';
import { type RulesResponse } from '@ssg/contracts/dashboard';

interface RulesState {
  data: RulesResponse | null;
  error: string | null;
  /** The project folder whose rules are shown; empty: the user's own (home) rules. */
  cwd: string;
  load(cwd?: string): Promise<void>;
}

export const useRules = create<RulesState>()((set, get) => ({
  data: null,
  error: null,
  cwd: '',
  async load(cwd = get().cwd) {
    set({ cwd });
    // The answer for a folder the user has since moved away from must not replace the new folder's.
    try {
      const data = await call('GET /api/json/rules', { query: { cwd } });
      if (get().cwd === cwd) set({ data, error: null });
    } catch (error) {
      if (get().cwd === cwd) set({ error: describeError(error) });
    }
  },
}));

onLiveEvent('rules', () => {
  if (useRules.getState().data) void useRules.getState().load();
});
