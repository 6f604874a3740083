// The dashboard's client for the daemon: @ssg/client's typed client over fetch. The browser holds no token:
// same-origin requests carry the HttpOnly session cookie, which the daemon accepts in place of X-Service-Token. A
// 401 anywhere means the session is gone, so every store learns it through one listener and the app shows how to
// get back in.
import { daemonClient, type RouteArgs } from '@ssg/client/daemon-client';
import { fetchTransport } from '@ssg/client/fetch-transport';
import type { RouteKey, RouteResponse } from '@ssg/contracts/routes';

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

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;

/** Called once by the session store: what to do when the daemon no longer accepts this browser. */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

const client = daemonClient(fetchTransport());

/**
 * One call of a daemon route (typed from the route table in @ssg/contracts), on the page's own origin with its
 * session cookie. Anything but the answer is an ApiError in words for the user; a 401 also tells the session.
 */
export async function call<Key extends RouteKey>(route: Key, ...input: RouteArgs<Key>): Promise<RouteResponse<Key>> {
  const reply = await client.call(route, ...input);
  if (reply.kind === 'ok') return reply.body;
  if (reply.kind === 'unreachable') {
    throw new ApiError(0, 'The daemon is not reachable. Is it still running? Start it with `ssg daemon`.');
  }
  if (reply.status === 401) {
    onUnauthorized();
    throw new ApiError(401, 'This browser is not signed in to the daemon.');
  }
  throw new ApiError(reply.status, reply.message);
}

/** A message for the user from anything a store caught. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
