// Signing this tab in: `ssg dashboard` (or the desktop app) opens `<daemon>/#ticket=…`. The page takes the ticket
// out of the address bar and its history entry at once (so Back, a bookmark or a shared screen never shows it),
// then trades it, once, for a session token it keeps in the tab (./tab-session.ts). The ticket is in the fragment,
// which the browser sends to no server; the trade is a POST from this origin, which the daemon checks.
import { daemonClient } from '@ssg/client/daemon-client';
import { fetchTransport } from '@ssg/client/fetch-transport';
import { SIGN_IN_TICKET_KEY } from '@ssg/contracts/dashboard';
import { apiErrorOf } from './client';
import { keepSessionToken } from './tab-session';

/** Whether the address bar carries a sign-in ticket (a link just opened, or pasted into a tab already open). */
export function urlHasSignInTicket(): boolean {
  return new URLSearchParams(window.location.hash.slice(1)).has(SIGN_IN_TICKET_KEY);
}

/** The ticket in the address bar, which is replaced (not pushed) by the same address without it. */
export function takeSignInTicket(): string | undefined {
  const ticket = new URLSearchParams(window.location.hash.slice(1)).get(SIGN_IN_TICKET_KEY);
  if (ticket === null) return undefined;
  const { pathname, search } = window.location;
  window.history.replaceState(null, '', `${pathname}${search}`);
  return ticket || undefined;
}

/**
 * Trades the ticket for this tab's session: true when the tab is now signed in, false when the daemon refused the
 * ticket (expired, used, not its own). Any other failure is an ApiError in words for the user.
 */
export async function signInWithTicket(ticket: string): Promise<boolean> {
  const reply = await daemonClient(fetchTransport()).call('POST /api/json/dashboard/sessions', { body: { ticket } });
  if (reply.kind === 'ok') {
    keepSessionToken(reply.body.token);
    return true;
  }
  if (reply.kind === 'error' && reply.status === 401) return false;
  throw apiErrorOf(reply);
}
