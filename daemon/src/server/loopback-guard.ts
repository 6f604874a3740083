// Only loopback names may address the daemon. A web page can point its own domain at 127.0.0.1 (DNS rebinding)
// and reach us through the browser; its requests then carry that domain in `Host`, so anything but a loopback
// name with our port is refused before routing.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  const [, name, portText] = match;
  return LOOPBACK_NAMES.has(name ?? '') && (portText === undefined ? port === 80 : Number(portText) === port);
}

export const loopbackGuard = fp<{ port: () => number }>(
  async (app: FastifyInstance, options) => {
    // A callback hook, not an async one: it runs on every request, and a promise per request is measurable.
    app.addHook('onRequest', (request, reply, done) => {
      if (isLoopbackHost(request.headers.host, options.port())) return done();
      reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message: `Host ${JSON.stringify(request.headers.host ?? '')} is not allowed: address the daemon as 127.0.0.1 or localhost`,
      });
    });
  },
  { name: 'loopback-guard' },
);
