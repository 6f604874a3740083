// The dashboard's sign-in handshake. A token holder (`ssg dashboard`, the desktop app) asks for a one-time link;
// the browser opens it, GET /login trades the ticket for an HttpOnly, SameSite=Strict session cookie and sends the
// browser on to `/`, so the token itself never reaches the page. Logout ends the session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { LoginQuery } from '@ssg/contracts/schemas/dashboard';
import { DASHBOARD_LOGOUT_PATH, DASHBOARD_TICKETS_PATH } from '@ssg/contracts/dashboard';
import { clearedSessionCookie, sessionCookie, sessionIdOf } from './cookie-auth';
import { signInPage } from './pages';
import { setDashboardHeaders } from './security-headers';
import type { DashboardSessions } from './sessions';
import { type DashboardTickets, signInUrl } from './tickets';

export interface DashboardRouteOptions {
  tickets: DashboardTickets;
  sessions: DashboardSessions;
  /** The daemon's url, known once it listens. */
  url: () => string;
}

export const dashboardRoutes =
  ({ tickets, sessions, url }: DashboardRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      DASHBOARD_TICKETS_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/dashboard/tickets'].schema,
      },
      async () => {
        const issued = tickets.issue();
        return { url: signInUrl(url(), issued.ticket), expiresAt: issued.expiresAt };
      },
    );

    app.get('/login', { config: { access: 'public' }, schema: { querystring: LoginQuery } }, async (request, reply) => {
      setDashboardHeaders(reply).header('cache-control', 'no-store');
      const { ticket } = request.query;
      if (ticket === undefined || !tickets.redeem(ticket)) {
        return reply.code(401).type('text/html; charset=utf-8').send(signInPage());
      }
      return reply.header('set-cookie', sessionCookie(sessions.start())).redirect('/', 303);
    });

    app.post(
      DASHBOARD_LOGOUT_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/dashboard/logout'].schema,
      },
      async (request, reply) => {
        const id = sessionIdOf(request);
        if (id !== undefined) sessions.end(id);
        reply.header('set-cookie', clearedSessionCookie());
        return { ok: true };
      },
    );
  };
