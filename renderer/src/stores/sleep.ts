// The Sleep at Night area: its state and layers (GET/POST /api/json/sleep-mode, `sleep-mode` events).
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { onLiveEvent } from '../api/live-events';
import { LiveRead } from '../api/live-read';
import { type SleepModeRequest, type SleepModeResponse } from '@ssg/contracts/sleep-mode';

interface SleepState {
  data: SleepModeResponse | null;
  error: string | null;
  busy: boolean;
  load(): Promise<void>;
  /** Not optimistic: the switch shows the layers the daemon reports armed, never a hoped-for state. */
  change(request: SleepModeRequest): Promise<void>;
}

const liveSleepMode = new LiveRead<SleepModeResponse>();

export const useSleep = create<SleepState>()((set) => ({
  data: null,
  error: null,
  busy: false,
  async load() {
    try {
      set({ data: await liveSleepMode.latest(() => call('GET /api/json/sleep-mode')), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  async change(request) {
    set({ busy: true, error: null });
    try {
      set({ data: await call('POST /api/json/sleep-mode', { body: request }), busy: false });
    } catch (error) {
      set({ busy: false, error: describeError(error) });
    }
  },
}));

onLiveEvent('sleep-mode', (data) => {
  liveSleepMode.seen(data);
  useSleep.setState({ data });
});
