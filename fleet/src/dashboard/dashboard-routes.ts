// The organization's web dashboard (issue 15, the callback's "agents dashboard"):
//   GET  /orgs/<org_id>/            the page, server-rendered from the store for the signed-in member's role
//   POST /orgs/<org_id>/sign-out    ends this browser's session, clears the cookie, 303 to …/signed-out
//   GET  /orgs/<org_id>/signed-out  says so, with a link to sign in again
//   GET  /dashboard-assets/…        the one script and the style sheet
// The page's forms act through the Fleet API itself (assets/dashboard.js), so the dashboard can do nothing a
// script with the same session could not, and the API's checks are the only ones. A browser here gets HTML: with
// no valid session it is sent to sign in, and a refusal is a page that says why.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SESSION_COOKIE, fleetPaths } from '@ssg/contracts/fleet';
import { OrgParams } from '@ssg/contracts/schemas/fleet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { tokenHash } from '../crypto/service-account-keys';
import { dashboardPath } from '../routes/oidc-login';
import { HttpError } from '../routes/http-error';
import { cookieValue } from '../server/cookies';
import type { FleetStore } from '../store/fleet-store';
import { isOrganizationId } from '../store/organizations';
import { ASSETS, signedOutPath, signOutPath } from './dashboard-paths';
import { loadDashboardView } from './dashboard-view';
import { dashboardPage, errorPage, signedOutPage, signInUnavailablePage } from './pages';
import { setDashboardHeaders } from './security-headers';

export interface DashboardRouteOptions {
  store: FleetStore;
  /** Where users reach the fleet (the redirect URIs the SSO section shows). */
  publicUrl: string;
  now?: () => number;
}

const asset = (name: string, type: string) => {
  const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
};

const CLEAR_SESSION_COOKIE = `${FLEET_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

export const dashboardRoutes =
  ({ store, publicUrl, now = Date.now }: DashboardRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const assets = new Map([
      [ASSETS.js, asset('dashboard.js', 'text/javascript; charset=utf-8')],
      [ASSETS.css, asset('dashboard.css', 'text/css; charset=utf-8')],
    ]);
    const html = (reply: FastifyReply, status: number, page: string) =>
      setDashboardHeaders(reply, 'page').code(status).type('text/html; charset=utf-8').send(page);

    // The sign-out form posts an empty urlencoded body: accepted here, and nothing in it is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );

    /** No session, or it ended: sign-out has nothing left to end; a page sends the browser to sign in. */
    const signInAgain = async (request: FastifyRequest, reply: FastifyReply, orgId: string) => {
      if (request.method === 'POST') {
        return reply.header('set-cookie', CLEAR_SESSION_COOKIE).redirect(signedOutPath(orgId), 303);
      }
      const sso = await store.ssoConfigs.get(orgId);
      if (sso?.provider === 'oidc') return reply.redirect(fleetPaths.oidcLogin(orgId), 302);
      return html(reply, 401, signInUnavailablePage(orgId));
    };

    app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const pathOrgId = (request.params as { org_id?: unknown }).org_id;
      const orgId = typeof pathOrgId === 'string' && isOrganizationId(pathOrgId) ? pathOrgId : undefined;
      if (error.statusCode === 401 && orgId !== undefined) return signInAgain(request, reply, orgId);
      const status =
        error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      // A 4xx says why in its message (the authorization's, a route's); anything else stays on the server.
      return html(reply, status, errorPage(status, status === 500 ? undefined : error.message, orgId));
    });

    app.get(
      dashboardPath(':org_id'),
      { config: { permission: 'org:read' }, schema: { params: OrgParams } },
      async (request, reply) => {
        const org = await store.organizations.get(request.params.org_id);
        if (!org) throw new HttpError(404, `no organization ${request.params.org_id}`);
        const view = await loadDashboardView(store, { org, viewer: request.principal!, publicUrl, now: now() });
        return html(reply, 200, dashboardPage(view));
      },
    );

    app.post(
      signOutPath(':org_id'),
      { config: { permission: 'org:read' }, schema: { params: OrgParams } },
      async (request, reply) => {
        const token = cookieValue(request, FLEET_SESSION_COOKIE);
        const hash = token === undefined ? null : tokenHash(token, 'session');
        if (hash !== null) await store.sessions.delete(hash);
        return reply.header('set-cookie', CLEAR_SESSION_COOKIE).redirect(signedOutPath(request.params.org_id), 303);
      },
    );

    app.get(signedOutPath(':org_id'), { schema: { params: OrgParams } }, async (request, reply) =>
      html(reply, 200, signedOutPage(request.params.org_id)),
    );

    for (const [path, { body, type, etag }] of assets) {
      app.get(path, async (request, reply) => {
        setDashboardHeaders(reply, 'asset').header('etag', etag).type(type);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(body);
      });
    }
  };
