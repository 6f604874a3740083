// The typed client of the daemon's JSON API: `client.call('POST /api/json/sleep-mode', { body })` sends what the
// route takes and resolves to what it answers, both typed from the route table in @ssg/contracts. The transport
// carries the request: node:net for the CLI and the desktop app (./net-transport), fetch in a browser
// (./fetch-transport).
import type { RouteInput, RouteKey, RouteResponse } from '@ssg/contracts/routes';
import type { DaemonReply } from './daemon-reply';

export type DaemonTransport = (method: string, path: string, body: unknown) => Promise<DaemonReply<unknown>>;

/** The arguments after the route: its input, which may be left out when nothing in it is required. */
export type RouteArgs<Key extends RouteKey> =
  Record<never, never> extends RouteInput<Key> ? [input?: RouteInput<Key>] : [input: RouteInput<Key>];

export interface DaemonClient {
  call<Key extends RouteKey>(route: Key, ...input: RouteArgs<Key>): Promise<DaemonReply<RouteResponse<Key>>>;
}

export function daemonClient(transport: DaemonTransport): DaemonClient {
  return {
    call: (route, ...[input]) => {
      const { method, path } = routeRequest(route, input);
      return transport(method, path, (input as { body?: unknown } | undefined)?.body) as never;
    },
  };
}

/** The method and the path of a call: `:name` segments filled in (encoded), the given query values appended. */
export function routeRequest(route: RouteKey, input?: object): { method: string; path: string } {
  const [method, template] = route.split(' ') as [string, string];
  const { params = {}, query = {} } = (input ?? {}) as { params?: object; query?: object };
  const path = template.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name] ?? '')),
  );
  // An empty value means "not given": no query parameter of the API takes an empty string.
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  ).toString();
  return { method, path: search === '' ? path : `${path}?${search}` };
}
