// Whether this browser is signed in to the daemon. `signed-out` (any 401) replaces every page with the screen that
// says how to get in; `live` says whether the event stream is connected.
import { create } from 'zustand';
import { call, setUnauthorizedListener } from '../api/client';
import { connectLiveEvents, disconnectLiveEvents, onLiveStatus } from '../api/live-events';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  live: boolean;
  /** Confirms the session with a cheap authenticated call, then opens the live stream. */
  start(): Promise<void>;
  signOut(): Promise<void>;
}

export const useSession = create<SessionState>()((set, get) => ({
  status: 'checking',
  live: false,
  async start() {
    try {
      await call('GET /api/json/sleep-mode');
      set({ status: 'signed-in' });
      connectLiveEvents();
    } catch {
      // A 401 already moved us to signed-out; anything else leaves the pages to show their own errors.
      if (get().status === 'checking') set({ status: 'signed-in' });
    }
  },
  async signOut() {
    try {
      await call('POST /api/json/dashboard/logout', { body: {} });
    } finally {
      disconnectLiveEvents();
      set({ status: 'signed-out' });
    }
  },
}));

setUnauthorizedListener(() => {
  disconnectLiveEvents();
  useSession.setState({ status: 'signed-out', live: false });
});
onLiveStatus((live) => useSession.setState({ live }));
