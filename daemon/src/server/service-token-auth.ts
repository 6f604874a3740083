// Every API route requires the local token in `X-Service-Token` unless it declares `config: { public: true }`
// (health, the dashboard's static files and its sign-in exchange). Reads need it too: the audit log and the
// spend ledger describe what the user's agents did, which is nobody else's business on a shared machine.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVICE_TOKEN_HEADER_NAME } from '@ssg/contracts/service-token-header';
import { tokenMatches } from '../token/daemon-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. */
    public?: boolean;
  }
}

export interface ServiceTokenAuthOptions {
  token: string;
  /** Other credentials a request may carry instead (the dashboard's session cookie). */
  alsoAccept?: (request: FastifyRequest) => boolean;
}

export const serviceTokenAuth = fp<ServiceTokenAuthOptions>(
  async (app: FastifyInstance, options) => {
    // A callback hook, not an async one: it runs on every request, and a promise per request is measurable.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config.public) return done();
      const presented = request.headers[SERVICE_TOKEN_HEADER_NAME];
      if (typeof presented === 'string' && tokenMatches(options.token, presented)) return done();
      if (options.alsoAccept?.(request)) return done();
      reply.code(401).send({
        statusCode: 401,
        error: 'Unauthorized',
        message:
          presented === undefined
            ? 'missing X-Service-Token header: send the token from ~/.ssg/daemon.token'
            : 'invalid X-Service-Token',
      });
    });
  },
  { name: 'service-token-auth' },
);
