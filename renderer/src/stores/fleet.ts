// The Fleet area: this machine's sign-in to the organization's fleet (GET /api/fleet/status), and signing in and
// out. The daemon runs the login (POST /api/fleet/login answers the provider's URL at once); the person signs in at
// the provider in a new tab, or in the desktop app's own fleet window, while this store asks the daemon how the
// login is doing (GET /api/fleet/login) until it is signed in or has failed.
import { create } from 'zustand';
import { call, describeError } from '../api/client';
import { desktopBridge } from '../api/desktop-bridge';
import type { FleetLoginProgress, FleetStatus } from '@ssg/contracts/fleet-sign-in';

/** How often a waiting login is asked about: a person at the provider's form does not notice a second. */
const POLL_MS = 1_000;

type FleetAction = 'sign-in' | 'cancel' | 'sign-out' | 'refresh';

interface FleetState {
  status: FleetStatus | null;
  progress: FleetLoginProgress | null;
  error: string | null;
  busy: FleetAction | null;
  /** The organization the last sign-in asked for, kept for the next one. */
  orgId: string;
  /** The tiers before and after the last refresh, for the confirmation. */
  refreshed: { previous: string | null; current: string | null } | null;
  load(): Promise<void>;
  /** `orgId`: which organization, when the email is a member of several. */
  signIn(orgId?: string): Promise<void>;
  /** In the desktop app: the fleet window again, for the login that waits. */
  showSignInWindow(): Promise<void>;
  /** Stops waiting for the login at the provider (the daemon frees its callback port). */
  cancel(): Promise<void>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
  /** The page is gone: stop asking about the login (it carries on in the daemon). */
  stopWatching(): void;
}

let pollTimer: ReturnType<typeof setTimeout> | undefined;

export const useFleet = create<FleetState>()((set) => {
  const stopWatching = () => {
    clearTimeout(pollTimer);
    pollTimer = undefined;
  };
  /** Asks how the login is doing until it is no longer waiting; then the status says who is signed in. */
  const watch = async (): Promise<void> => {
    stopWatching();
    try {
      const progress = await call('GET /api/fleet/login');
      set({ progress });
      if (progress.state === 'waiting') {
        pollTimer = setTimeout(() => void watch(), POLL_MS);
        return;
      }
      if (progress.state === 'signed-in') set({ status: await call('GET /api/fleet/status'), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  };
  const act = async (action: FleetAction, work: () => Promise<void>): Promise<void> => {
    set({ busy: action, error: null, refreshed: null });
    try {
      await work();
    } catch (error) {
      set({ error: describeError(error) });
    } finally {
      set({ busy: null });
    }
  };
  return {
    status: null,
    progress: null,
    error: null,
    busy: null,
    orgId: '',
    refreshed: null,
    async load() {
      try {
        const [status, progress] = await Promise.all([call('GET /api/fleet/status'), call('GET /api/fleet/login')]);
        set({ status, progress, error: null });
        if (progress.state === 'waiting') void watch();
      } catch (error) {
        set({ error: describeError(error) });
      }
    },
    signIn: (orgId) =>
      act('sign-in', async () => {
        set({ orgId: orgId ?? '' });
        const body = orgId ? { org_id: orgId } : {};
        const { authorization_url } = await call('POST /api/fleet/login', { body });
        const desktop = desktopBridge();
        // The app's fleet window keeps the provider's pages out of the dashboard's window and session; a tab gets
        // a new tab, with no way back to this one (noopener).
        if (desktop?.openFleetSignIn) await desktop.openFleetSignIn();
        else window.open(authorization_url, '_blank', 'noopener,noreferrer');
        await watch();
      }),
    async showSignInWindow() {
      try {
        await desktopBridge()?.openFleetSignIn?.();
      } catch (error) {
        set({ error: describeError(error) });
      }
    },
    cancel: () =>
      act('cancel', async () => {
        stopWatching();
        set({ progress: await call('DELETE /api/fleet/login') });
      }),
    signOut: () =>
      act('sign-out', async () => {
        set({ status: await call('POST /api/fleet/logout', { body: {} }), progress: null });
      }),
    refresh: () =>
      act('refresh', async () => {
        const { previous_tier, status } = await call('POST /api/fleet/refresh', { body: {} });
        set({ status, refreshed: { previous: previous_tier, current: status.licence?.tier ?? null } });
      }),
    stopWatching,
  };
});
