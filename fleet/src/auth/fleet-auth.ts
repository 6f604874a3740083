// Authentication and authorization of the fleet API. A route declares the permission it needs
// (`config: { permission }`, roles.ts); a route that declares none is public (the login, the callback, health).
// The caller is found from `Authorization: Bearer` (a service account key or a session token) or, for the web
// dashboard, the `ssg_fleet_session` cookie — and a cookie-authenticated request that changes something must come
// from the server's own origin (SameSite=Lax stops most cross-site posts; the Origin check stops the rest). The
// principal must belong to the organization in the path and hold the permission.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FLEET_SESSION_COOKIE } from '@ssg/contracts/fleet';
import { HttpError } from '../routes/http-error';
import { cookieValue } from '../server/cookies';
import type { Principal, PrincipalResolver } from './principal';
import { type Permission, roleMay } from './roles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller must be allowed in the organization named by the path's `org_id`. */
    permission?: Permission;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const BEARER = /^Bearer +(\S+)$/i;

const refuse = (status: 401 | 403, message: string) => new HttpError(status, message);

export const fleetAuth = fp<{ resolver: PrincipalResolver; publicUrl: string }>(
  async (app: FastifyInstance, { resolver, publicUrl }) => {
    const ownOrigin = new URL(publicUrl).origin;
    app.addHook('preHandler', async (request) => {
      const { permission } = request.routeOptions.config;
      if (permission === undefined) return;
      const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const cookie = bearer === undefined ? cookieValue(request, FLEET_SESSION_COOKIE) : undefined;
      const principal =
        bearer !== undefined
          ? await resolver.fromBearer(bearer)
          : cookie !== undefined
            ? await resolver.fromSessionCookie(cookie)
            : undefined;
      if (!principal) {
        throw refuse(
          401,
          bearer === undefined && cookie === undefined
            ? 'sign in first: send Authorization: Bearer <service account key or session token>'
            : 'the token or session is not valid (revoked, expired, or never issued)',
        );
      }
      if (cookie !== undefined && !SAFE_METHODS.has(request.method) && request.headers.origin !== ownOrigin) {
        throw refuse(403, `a dashboard request that changes something must come from ${ownOrigin}`);
      }
      const orgId = (request.params as { org_id?: string }).org_id;
      if (orgId !== undefined && orgId !== principal.orgId) {
        throw refuse(403, `you are not a member of ${orgId}`);
      }
      if (!roleMay(principal.role, permission)) {
        throw refuse(403, `the ${principal.role} role may not do this (${permission}); ask an org_admin`);
      }
      request.principal = principal;
    });
  },
  { name: 'fleet-auth' },
);
