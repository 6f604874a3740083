// The dashboard's sign-in handshake. A person's `ssg` (or the desktop app) asks for a one-time link; the browser
// opens it, and the dashboard page takes the ticket from the link's fragment and trades it here for a session
// token, which it keeps in its tab's sessionStorage and sends as `Authorization: Bearer`. No route sets a cookie:
// a cookie would reach every server on 127.0.0.1, whatever its port. Logout ends the session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { DASHBOARD_LOGOUT_PATH, DASHBOARD_SESSIONS_PATH, DASHBOARD_TICKETS_PATH } from '@ssg/contracts/dashboard';
import { HttpError } from '../server/http-error';
import { foreignOriginProblem, sessionTokenOf } from './session-auth';
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

    app.post(
      DASHBOARD_SESSIONS_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/dashboard/sessions'].schema,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // Only the page the daemon served trades tickets; checked before redeeming, so a refusal spends nothing.
        const foreign = foreignOriginProblem(request);
        if (foreign !== undefined) throw new HttpError(403, foreign);
        if (!tickets.redeem(request.body.ticket)) {
          throw new HttpError(
            401,
            'this sign-in link is expired, already used or not from this daemon: run `ssg dashboard` for a new link',
          );
        }
        return sessions.start();
      },
    );

    app.post(
      DASHBOARD_LOGOUT_PATH,
      {
        schema: DAEMON_ROUTES['POST /api/json/dashboard/logout'].schema,
      },
      async (request) => {
        const token = sessionTokenOf(request);
        if (token !== undefined) sessions.end(token);
        return { ok: true };
      },
    );
  };
