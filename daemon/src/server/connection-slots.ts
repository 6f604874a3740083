// Caps the daemon's connections (connection-limits.ts) so that a crowd of idle sockets cannot starve the hooks.
// Node alone would refuse every new connection once the cap is reached, so whoever holds the slots first wins —
// an attacker's idle sockets would keep out the next hook. Instead, when the connections reach the cap, the oldest
// one that is not being answered is closed to make room: an idle socket, a kept-alive one between requests, or
// one whose request is still arriving (the real ones arrive in a millisecond, so the oldest is the stalled one).
// A connection whose request has fully arrived is never closed here: its answer may be held on purpose (an
// approval, the live event stream). Only when every connection is being answered does Node refuse new ones.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Slots kept free below the cap, so that connections accepted in the same turn of the event loop as the one
 * that reached it still find a slot while the evicted sockets close.
 */
const FREE_SLOTS = 8;

export function keepConnectionSlots(server: Server, maxConnections: number): void {
  server.maxConnections = maxConnections;
  const evictAbove = Math.max(1, maxConnections - FREE_SLOTS);
  /** Every open connection, oldest first, with the request it is reading or answering. */
  const connections = new Map<Socket, IncomingMessage | undefined>();

  server.on('connection', (socket: Socket) => {
    connections.set(socket, undefined);
    socket.once('close', () => connections.delete(socket));
    if (connections.size > evictAbove) closeOldestNotAnswered(connections, socket);
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (!connections.has(socket)) return;
    connections.set(socket, request);
    response.once('close', () => {
      if (connections.get(socket) === request) connections.set(socket, undefined);
    });
  });
}

function closeOldestNotAnswered(connections: Map<Socket, IncomingMessage | undefined>, newest: Socket): void {
  for (const [socket, request] of connections) {
    if (socket === newest) return;
    // `complete`: the whole request has arrived, so it is being answered (however long that takes).
    if (request?.complete) continue;
    connections.delete(socket);
    socket.destroy();
    return;
  }
}
