// The types of every route of the daemon's JSON API, by `<METHOD> <url>`, from the route table in
// schemas/routes.ts: what a call sends (params, query, body) and what it gets back. Type-only, so a hook or the
// CLI can import it at no start-up cost; @ssg/client's typed client is built on it.
import type { Static, TSchema } from 'typebox';
import type { DaemonRouteSchemas } from './schemas/routes';

export type RouteKey = keyof DaemonRouteSchemas;

type Schemas<Key extends RouteKey> = DaemonRouteSchemas[Key]['schema'];
type Part<Key extends RouteKey, Name extends string> =
  Schemas<Key> extends Record<Name, infer Schema extends TSchema> ? Static<Schema> : undefined;

type Query<Key extends RouteKey> = Part<Key, 'querystring'>;

/**
 * What a call of the route sends: its path parameters and body when it takes them, and its query parameters —
 * optional when none is required, left out when the route takes none.
 */
export type RouteInput<Key extends RouteKey> = {
  [Name in 'params' | 'body' as Part<Key, Name> extends undefined ? never : Name]: Part<Key, Name>;
} & (keyof Query<Key> extends never
  ? unknown
  : Record<never, never> extends Query<Key>
    ? { query?: Query<Key> }
    : { query: Query<Key> });

/** The body of the route's 200 answer. */
export type RouteResponse<Key extends RouteKey> =
  Schemas<Key> extends { response: { 200: infer Schema extends TSchema } } ? Static<Schema> : unknown;
