// Every limit on the daemon's connections, in one place. Anyone on the machine can open sockets to 127.0.0.1, and
// each one costs the daemon a file descriptor: without limits, ~1,000 sockets that send nothing (or half a request)
// use up a 1024-descriptor process, and then the hooks get no answer and SQLite cannot open a file. So a slow
// *request* is cut, the connections are capped below the descriptor limit, and when the cap is reached the oldest
// connection that is not being answered makes room (connection-slots.ts). A slow *response* is never cut: the eval
// route holds a call for as long as an approval waits (60 s by default, longer if configured), and the live event
// stream stays open for hours — so there is deliberately no idle-socket timeout on a connection being answered.
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/**
 * Until the request's headers have arrived, counted from the connection (or, on a kept-alive connection, from
 * the request's first byte). A hook writes its whole request at once on loopback, in well under a millisecond; a
 * socket still without headers after 5 s is stalled or hostile. This is also what closes a socket that connects
 * and sends nothing.
 */
export const HEADERS_TIMEOUT_MS = 5_000;

/**
 * Until the whole request (headers and body) has arrived. The largest body (8 MiB, server/app.ts) takes
 * milliseconds on loopback; 10 s leaves room for a starved machine. It ends when the request is received, so it
 * never cuts an answer that is held on purpose.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How long a connection waits for its next request after an answer. Each hook opens its own connection; the
 * dashboard reuses one within seconds. Node's own default; fastify's (72 s) would keep idle sockets 14 times longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** How often Node looks for requests past the two timeouts above: its default (30 s) would let them live 7 times longer. */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * Descriptors kept for everything but connections: ~35 are open once the daemon has started (Node's own, both
 * SQLite databases with their WAL files, on the main thread and the writer thread, the log, the rule watchers), and
 * the rest is room for files opened as it runs (rule files, the agents' logs being tailed, log rotation).
 */
export const FILE_DESCRIPTOR_RESERVE = 64;

/**
 * The most connections ever held, however high the descriptor limit: one user's agents need a handful at a time,
 * plus the held approvals (at most 1,000, approvals/approval-queue.ts) and the dashboard's streams. Each
 * connection costs memory too.
 */
export const MAX_CONNECTIONS_CEILING = 4096;

/** The fewest connections allowed when the descriptor limit is too low for the reserves (the daemon must answer). */
export const MIN_CONNECTIONS = 16;

/** The descriptor limit assumed where it cannot be read (not Linux, nor a POSIX shell): the common default. */
export const ASSUMED_FILE_DESCRIPTOR_LIMIT = 1024;

/** fastify's options for the timeouts above; no `connectionTimeout`, which would cut a held answer. */
export const SERVER_TIMEOUTS = {
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
} satisfies FastifyHttpOptions<Server>;

/**
 * The kernel's queue of connections waiting to be accepted is this share of the descriptors left for connections.
 * Every queued connection is accepted in one turn of the event loop and holds a descriptor until the next, even
 * when it is closed at once, so the queue comes out of the same room as the connections. And each connection
 * accepted over the cap closes the oldest idle one (connection-slots.ts): with the cap 7 queues deep, a new
 * connection survives 7 full queues of an attacker's arrivals, while a hook's request is read on the very next
 * turn. A full queue delays a connection (its client retries after a second), it does not lose it.
 */
const BACKLOG_SHARE = 1 / 8;
const MIN_BACKLOG = 8;
/** Linux's own default ceiling (net.core.somaxconn) since 5.4 is 4096; a local daemon never needs more than this. */
const MAX_BACKLOG = 512;

export interface ConnectionLimits {
  /** The most connections held at once (server.maxConnections). */
  maxConnections: number;
  /** The listen queue (listen's `backlog`). */
  backlog: number;
}

/** How many connections a daemon with `fileDescriptorLimit` descriptors may hold, and queue. */
export function connectionLimitsFor(fileDescriptorLimit: number): ConnectionLimits {
  const room = Math.max(0, fileDescriptorLimit - FILE_DESCRIPTOR_RESERVE);
  const backlog = Math.min(MAX_BACKLOG, Math.max(MIN_BACKLOG, Math.floor(room * BACKLOG_SHARE)));
  const maxConnections = Math.min(MAX_CONNECTIONS_CEILING, Math.max(MIN_CONNECTIONS, room - backlog));
  return { maxConnections, backlog };
}
