// The dashboard's session cookie as a credential. The token auth accepts it in place of `X-Service-Token`
// (`acceptsCookie`, passed as buildApp's `alsoAccept`); on top of SameSite=Strict, a cookie-authenticated request
// that changes something must also carry `Origin` equal to the daemon's own origin (`originGuard`), so no other
// page, not even one on another loopback port, can make the browser act for it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DashboardSessions } from './sessions';

export const SESSION_COOKIE_NAME = 'ssg_dashboard';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The Set-Cookie value that starts a session; Max-Age matches the session's 8 hours. */
export const sessionCookie = (id: string): string =>
  `${SESSION_COOKIE_NAME}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=28800`;

/** The Set-Cookie value that makes the browser forget the session. */
export const clearedSessionCookie = (): string =>
  `${SESSION_COOKIE_NAME}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;

/** The session id in the request's Cookie header, if it carries one. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === SESSION_COOKIE_NAME) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

export class DashboardCookieAuth {
  /** Requests let in by their cookie rather than the token: only these face the Origin check. */
  private readonly byCookie = new WeakSet<FastifyRequest>();

  constructor(private readonly sessions: DashboardSessions) {}

  /** buildApp's `alsoAccept`: a live session's cookie. */
  readonly acceptsCookie = (request: FastifyRequest): boolean => {
    const id = sessionIdOf(request);
    if (id === undefined || !this.sessions.isLive(id)) return false;
    this.byCookie.add(request);
    return true;
  };

  /** Refuses (403) a cookie-authenticated mutation whose Origin is not the daemon's own; register after the auth. */
  readonly originGuard = fp(
    async (app: FastifyInstance) => {
      // A callback hook, not an async one: it runs on every request.
      app.addHook('onRequest', (request, reply, done) => {
        if (!this.byCookie.has(request) || SAFE_METHODS.has(request.method)) return done();
        // The loopback guard has already checked Host, so this is the origin the page was loaded from.
        const ownOrigin = `http://${request.headers.host ?? ''}`;
        if (request.headers.origin === ownOrigin) return done();
        reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          message:
            request.headers.origin === undefined
              ? 'missing Origin header: a dashboard request that changes something must come from the dashboard page'
              : `Origin ${JSON.stringify(request.headers.origin)} is not allowed: only the dashboard at ${ownOrigin} may change settings`,
        });
      });
    },
    { name: 'dashboard-origin-guard' },
  );
}
