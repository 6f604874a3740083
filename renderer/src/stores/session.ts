// Whether this tab is signed in to the daemon. `signed-out` (no session, or any 401) replaces every page with the
// screen that says how to get in, with `notice` saying why when there is more to say; `live` says whether the
// event stream is connected. The session itself is the tab's token (../api/tab-session.ts).
import { create } from 'zustand';
import { ApiError, call, describeError } from '../api/client';
import { connectLiveEvents, disconnectLiveEvents, onLiveStatus } from '../api/live-events';
import { signInWithTicket, takeSignInTicket } from '../api/sign-in';
import { forgetSessionToken, setSessionRefusedListener } from '../api/tab-session';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

const LINK_REFUSED_NOTICE = 'This sign-in link is expired or was already used.';
const SIGNED_OUT_NOTICE = 'You signed out of this tab.';
const SESSION_ENDED_NOTICE = 'The session of this tab has ended.';

interface SessionState {
  status: SessionStatus;
  live: boolean;
  /** Why the sign-in screen shows, when it is not simply that this tab has no session. */
  notice?: string;
  /**
   * Signs in with the ticket in the address bar, if any, then confirms the tab's session with a cheap
   * authenticated call and opens the live stream. Calls made while one runs share it.
   */
  start(): Promise<void>;
  signOut(): Promise<void>;
}

let starting: Promise<void> | undefined;

export const useSession = create<SessionState>()((set) => {
  async function begin(): Promise<void> {
    const ticket = takeSignInTicket();
    let linkProblem: string | undefined;
    if (ticket !== undefined) {
      try {
        if (!(await signInWithTicket(ticket))) linkProblem = LINK_REFUSED_NOTICE;
      } catch (error) {
        linkProblem = describeError(error);
      }
    }
    // Asked even without a token: a tab still signed in ignores a refused link, and in development the dev
    // server's proxy adds the daemon's token.
    try {
      await call('GET /api/json/sleep-mode');
      set({ status: 'signed-in', notice: undefined });
      connectLiveEvents();
    } catch (error) {
      // A 401 has already ended the session; anything else leaves the pages to show their own errors.
      if (!(error instanceof ApiError && error.status === 401)) set({ status: 'signed-in', notice: undefined });
      else if (linkProblem !== undefined) set({ notice: linkProblem });
    }
  }

  return {
    status: 'checking',
    live: false,
    start: () => (starting ??= begin().finally(() => (starting = undefined))),
    async signOut() {
      try {
        await call('POST /api/json/dashboard/logout', { body: {} });
      } finally {
        forgetSessionToken();
        disconnectLiveEvents();
        set({ status: 'signed-out', notice: SIGNED_OUT_NOTICE });
      }
    },
  };
});

setSessionRefusedListener((hadSession) => {
  disconnectLiveEvents();
  useSession.setState({ status: 'signed-out', live: false, notice: hadSession ? SESSION_ENDED_NOTICE : undefined });
});
onLiveStatus((live) => useSession.setState({ live }));
