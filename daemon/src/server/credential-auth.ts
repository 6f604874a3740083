// Every request proves who sends it, and each route says who may (its `access` in the contract's route table,
// packages/contracts/src/schemas/routes.ts; routes outside the table declare `config: { access }`, and a route
// that says nothing needs the admin credential, so a new route is closed until someone opens it):
//   public  nothing to prove (health, the dashboard's page files and its sign-in exchange)
//   hook    the hooks' credential in `X-Service-Token` (<home>/daemon.token), or anything that proves admin
//   admin   the admin credential in `X-Service-Token` (packages/node/src/admin-credential.ts), or a dashboard
//           session (a person signed in)
// The hooks' credential is readable by every process of the user, agents included: it evaluates and reads,
// nothing more. What lowers protection needs a person. A refusal tells the caller that, and not how to get one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RouteAccess, DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { SERVICE_TOKEN_HEADER_NAME } from '@ssg/contracts/service-token-header';
import { tokenMatches } from '../token/daemon-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a route that is not in the contract's route table (default: admin). */
    access?: RouteAccess;
  }
}

export interface CredentialAuthOptions {
  /** The hooks' credential (<home>/daemon.token). */
  hookToken: string;
  /** The admin credential. */
  adminToken: string;
  /** Other proof of a person (a live dashboard session). */
  isPerson?: (request: FastifyRequest) => boolean;
}

const ACCESS_BY_ROUTE = new Map<string, RouteAccess>(
  Object.entries(DAEMON_ROUTES).map(([route, { access }]) => [route, access]),
);

/** The route's access level: from the table (HEAD is its GET), else its own config, else admin. */
function accessOf(request: FastifyRequest): RouteAccess {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return (
    ACCESS_BY_ROUTE.get(`${method} ${request.routeOptions.url ?? ''}`) ?? request.routeOptions.config.access ?? 'admin'
  );
}

export const credentialAuth = fp<CredentialAuthOptions>(
  async (app: FastifyInstance, options) => {
    // A callback hook, not an async one: it runs on every request, and a promise per request is measurable.
    app.addHook('onRequest', (request, reply, done) => {
      const access = accessOf(request);
      if (access === 'public') return done();
      const presented = request.headers[SERVICE_TOKEN_HEADER_NAME];
      const token = typeof presented === 'string' ? presented : undefined;
      const admin = tokenMatches(options.adminToken, token) || options.isPerson?.(request) === true;
      if (admin) return done();
      const hook = tokenMatches(options.hookToken, token);
      if (hook && access === 'hook') return done();
      if (hook) {
        reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          message:
            'this changes how ssg protects this machine, so a person must do it (the admin credential or a ' +
            'dashboard session); the hooks’ credential cannot',
        });
        return;
      }
      reply.code(401).send({
        statusCode: 401,
        error: 'Unauthorized',
        message:
          token === undefined
            ? 'missing X-Service-Token header: send the token from ~/.ssg/daemon.token'
            : 'invalid X-Service-Token',
      });
    });
  },
  { name: 'credential-auth' },
);
