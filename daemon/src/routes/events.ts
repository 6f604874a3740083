// GET /api/json/events: the dashboard's live stream, as server-sent events. Every DaemonEvents event is written as
// `id: <n>`, `event: <name>`, `data: <json>`; a comment line every heartbeat keeps proxies and idle timers from
// closing a quiet stream. A stream's listeners go when its connection does, and a client that stops reading is
// dropped rather than buffered without bound; stopping the daemon closes every stream (the server is built with
// forceCloseConnections). Readers use fetch() with a credential header (the dashboard its session's
// `Authorization: Bearer`), reading the body as a stream: EventSource cannot send headers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { EVENTS_PATH, LIVE_EVENT_NAMES } from '@ssg/contracts/events';
import type { DaemonEvents } from '../events';

const DEFAULT_HEARTBEAT_MS = 15_000;

/** Unsent output a stream may hold before its client counts as gone (a dashboard tab left in the background). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventStreamOptions {
  events: DaemonEvents;
  heartbeatMs?: number;
}

export const eventStreamRoutes =
  ({ events, heartbeatMs = DEFAULT_HEARTBEAT_MS }: EventStreamOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(EVENTS_PATH, { schema: DAEMON_ROUTES['GET /api/json/events'].schema }, (_request, reply) => {
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let nextId = 1;
      const write = (text: string): void => {
        if (response.writableEnded || response.destroyed) return;
        if (response.writableLength > MAX_BUFFERED_BYTES) {
          response.destroy();
          return;
        }
        response.write(text);
      };
      const listeners = LIVE_EVENT_NAMES.map((name) => {
        const listener = (payload: unknown): void =>
          write(`id: ${nextId++}\nevent: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
        events.on(name, listener);
        return [name, listener] as const;
      });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      response.on('close', () => {
        clearInterval(heartbeat);
        for (const [name, listener] of listeners) events.off(name, listener);
      });
      // A reset connection surfaces here; 'close' follows and cleans up.
      response.on('error', () => undefined);
      // The headers and a first line at once, so the client knows the stream is live before any event.
      write(': connected\n\n');
    });
  };
