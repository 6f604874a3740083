// The dashboard's session as a credential: `Authorization: Bearer <session token>`, which the page keeps in its
// tab's sessionStorage. Never a cookie: cookies ignore ports, so a dev server the user opens on another 127.0.0.1
// port would receive one and could replay it. A header is sent only by code that holds the token, and only the
// daemon's own origin can read that tab's storage. The token auth accepts a live session in place of
// `X-Service-Token` (`acceptsSession`, passed as buildApp's `isPerson`); on top of that, a session-authenticated
// request that changes something must carry `Origin` equal to the daemon's own origin (`originGuard`), so a
// token that leaked into another page is still of no use to it from a browser.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DashboardSessions } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** RFC 6750's header form; the scheme is case-insensitive (RFC 9110). */
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/** The session token in the request's `Authorization: Bearer` header, if it carries one. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** Why the request does not come from the dashboard page the daemon served, or undefined when it does. */
export function foreignOriginProblem(request: FastifyRequest): string | undefined {
  // The loopback guard has already checked Host, so this is the origin the page was loaded from.
  const ownOrigin = `http://${request.headers.host ?? ''}`;
  const { origin } = request.headers;
  if (origin === ownOrigin) return undefined;
  return origin === undefined
    ? 'missing Origin header: a dashboard request that changes something must come from the dashboard page'
    : `Origin ${JSON.stringify(origin)} is not allowed: only the dashboard at ${ownOrigin} may change settings`;
}

export class DashboardSessionAuth {
  /** Requests let in by a session rather than the token: only these face the Origin check. */
  private readonly bySession = new WeakSet<FastifyRequest>();

  constructor(private readonly sessions: DashboardSessions) {}

  /** buildApp's `isPerson`: a live session's token in the Authorization header. */
  readonly acceptsSession = (request: FastifyRequest): boolean => {
    const token = sessionTokenOf(request);
    if (token === undefined || !this.sessions.isLive(token)) return false;
    this.bySession.add(request);
    return true;
  };

  /** Refuses (403) a session-authenticated mutation whose Origin is not the daemon's own; register after the auth. */
  readonly originGuard = fp(
    async (app: FastifyInstance) => {
      // A callback hook, not an async one: it runs on every request.
      app.addHook('onRequest', (request, reply, done) => {
        if (!this.bySession.has(request) || SAFE_METHODS.has(request.method)) return done();
        const problem = foreignOriginProblem(request);
        if (problem === undefined) return done();
        reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: problem });
      });
    },
    { name: 'dashboard-origin-guard' },
  );
}
