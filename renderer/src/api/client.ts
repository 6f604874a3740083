// The dashboard's client for the daemon: @ssg/client's typed client over fetch, on the page's own origin, with the
// tab's session header (./tab-session.ts). The browser holds no daemon token. A 401 anywhere means the session
// is gone, so every store learns it through one place and the app shows how to get back in.
import { daemonClient, type RouteArgs } from '@ssg/client/daemon-client';
import type { DaemonReply } from '@ssg/client/daemon-reply';
import { fetchTransport } from '@ssg/client/fetch-transport';
import type { RouteKey, RouteResponse } from '@ssg/contracts/routes';
import { sessionHeaders, sessionRefused } from './tab-session';

/** A daemon error, in the words the daemon chose (`{statusCode, error, message}`), or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A reply that is not the answer, as an ApiError in words for the user. */
export function apiErrorOf(reply: Exclude<DaemonReply<unknown>, { kind: 'ok' }>): ApiError {
  // The browser's fetch transport never checks the daemon's proof: the page is served by the daemon itself.
  if (reply.kind === 'unreachable' || reply.kind === 'unproven') {
    return new ApiError(0, 'The daemon is not reachable. Is it still running? Start it with `ssg daemon`.');
  }
  if (reply.status === 401) return new ApiError(401, 'This browser is not signed in to the daemon.');
  return new ApiError(reply.status, reply.message);
}

/**
 * One call of a daemon route (typed from the route table in @ssg/contracts) with the tab's session, read at the
 * time of the call (sign-in may have just stored it). Anything but the answer is an ApiError; a 401 also ends the
 * tab's session.
 */
export async function call<Key extends RouteKey>(route: Key, ...input: RouteArgs<Key>): Promise<RouteResponse<Key>> {
  const reply = await daemonClient(fetchTransport({ headers: sessionHeaders() })).call(route, ...input);
  if (reply.kind === 'ok') return reply.body;
  if (reply.kind === 'error' && reply.status === 401) sessionRefused();
  throw apiErrorOf(reply);
}

/** A message for the user from anything a store caught. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
