// HTTPS only, with HSTS (spec, Authentication 9). Served over TLS here or behind a proxy that terminated it, every
// answer carries Strict-Transport-Security; behind a proxy, a request the proxy says came over plain HTTP is sent
// to its https address (a GET) or refused, never served. Plain HTTP on loopback, for development, sends no HSTS:
// browsers ignore it over http, and it would pin localhost's other ports to https.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transport } from './fleet-config';

/** Two years, subdomains included: the usual preload-grade value. */
export const HSTS = 'max-age=63072000; includeSubDomains';

export const httpsOnly = fp<{ transport: Transport; publicUrl: string }>(
  async (app: FastifyInstance, { transport, publicUrl }) => {
    if (transport.kind === 'loopback-http') return;
    app.addHook('onRequest', (request, reply, done) => {
      if (transport.kind === 'behind-proxy' && request.protocol !== 'https') {
        if (request.method === 'GET' || request.method === 'HEAD') {
          reply.redirect(`${publicUrl}${request.url}`, 308);
        } else {
          reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'the fleet server takes HTTPS only' });
        }
        return;
      }
      reply.header('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'https-only' },
);
