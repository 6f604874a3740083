// The organization's web sign-in (spec: SSO login state table, Authentication 2, Errors):
//   GET …/sso/oidc/login     → 302 to the identity provider (code flow, PKCE, state and nonce; the state kept in
//                              the database for 10 minutes, and in this browser's cookie so a callback carrying
//                              someone else's state fails: login CSRF)
//   GET …/sso/oidc/callback  → the code exchanged, the id_token's signature checked against the provider's JWKS,
//                              the e-mail matched to a member, the 8-hour `ssg_fleet_session` cookie, 302 to the
//                              organization's dashboard.
// Any app server can finish what another started: the state, the JWKS cache and the sessions are in the database.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SESSION_COOKIE, fleetPaths } from '@ssg/contracts/fleet';
import { OrgParams } from '@ssg/contracts/schemas/fleet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../crypto/secret-box';
import { newSessionToken } from '../crypto/service-account-keys';
import type { OidcDiscovery } from '../sso/oidc-discovery';
import { finishLogin, OidcLoginError, startLogin } from '../sso/oidc-login';
import { jwksCacheStore, loginStateStore } from '../sso/store-adapters';
import type { FleetStore } from '../store/fleet-store';
import { LOGIN_STATE_LIFETIME_MS } from '../store/login-states';
import { SESSION_LIFETIME_MS } from '../store/sessions';
import { cookieValue } from '../server/cookies';
import { HttpError } from './http-error';
import { providerConfiguration } from './provider-configuration';

export const OIDC_STATE_COOKIE = 'ssg_fleet_oidc_state';

export interface OidcLoginRouteOptions {
  store: FleetStore;
  secrets: SecretBox;
  discovery: OidcDiscovery;
  publicUrl: string;
  now?: () => number;
  /** Shows a failed sign-in to a browser as a page; without it, or for API clients, the JSON error. */
  failurePage?: (reply: FastifyReply, status: number, message: string, orgId: string) => FastifyReply;
}

/** Where a member lands after signing in: the organization's dashboard. */
export const dashboardPath = (orgId: string): string => `/orgs/${orgId}/`;

const cookie = (name: string, value: string, path: string, maxAgeSeconds: number): string =>
  `${name}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;

export const oidcLoginRoutes =
  ({
    store,
    secrets,
    discovery,
    publicUrl,
    now = Date.now,
    failurePage,
  }: OidcLoginRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    // Both routes are browser navigations (the user's click, the provider's redirect): a person reads the answer.
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const orgId = (request.params as { org_id?: unknown }).org_id;
      const browser = request.headers.accept?.includes('text/html') ?? false;
      if (!failurePage || !browser || typeof orgId !== 'string') throw error;
      const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
      const message = status === 500 ? 'The fleet could not finish the sign-in. Try again in a moment.' : error.message;
      return failurePage(reply, status, message, orgId);
    });

    const clock = () => new Date(now());
    const callbackUrl = (orgId: string) => `${publicUrl}${fleetPaths.oidcCallback(orgId)}`;
    const statePath = (orgId: string) => `${fleetPaths.oidcLogin(orgId).replace(/login$/, '')}`;

    /** The organization's OIDC client, or the spec's error when it has none. */
    const oidcClient = async (orgId: string) => {
      const config = await store.ssoConfigs.get(orgId);
      if (!config || config.provider !== 'oidc') {
        throw new HttpError(404, 'OIDC SSO is not configured for this organization');
      }
      const clientSecret = secrets.open(config.clientSecretCiphertext, orgId);
      return providerConfiguration(discovery, { issuerUrl: config.issuerUrl, clientId: config.clientId, clientSecret });
    };

    app.get(fleetPaths.oidcLogin(':org_id'), { schema: { params: OrgParams } }, async (request, reply) => {
      const { org_id: orgId } = request.params;
      const config = await oidcClient(orgId);
      const { authorizationUrl, loginState } = await startLogin(config, {
        orgId,
        redirectUri: callbackUrl(orgId),
        now: clock,
      });
      await loginStateStore(store.loginStates, orgId, callbackUrl(orgId)).create(loginState);
      reply.header(
        'set-cookie',
        cookie(OIDC_STATE_COOKIE, loginState.state, statePath(orgId), LOGIN_STATE_LIFETIME_MS / 1000),
      );
      return reply.redirect(authorizationUrl.href, 302);
    });

    app.get(fleetPaths.oidcCallback(':org_id'), async (request: FastifyRequest, reply: FastifyReply) => {
      const { org_id: orgId } = request.params as { org_id: string };
      const config = await oidcClient(orgId);
      let email: string;
      try {
        ({ email } = await finishLogin(
          config,
          new URL(request.url, publicUrl),
          loginStateStore(store.loginStates, orgId, callbackUrl(orgId)),
          jwksCacheStore(store.jwksCache),
          { orgId, browserState: cookieValue(request, OIDC_STATE_COOKIE), now: clock },
        ));
      } catch (error) {
        if (error instanceof OidcLoginError) throw new HttpError(error.httpStatus, error.message);
        throw error;
      }
      const member = await store.members.get(orgId, email);
      if (!member) throw new HttpError(403, 'User is not a member of this organization');
      const { token, hash } = newSessionToken();
      await store.sessions.create({ tokenHash: hash, orgId, userId: member.userId, kind: 'browser' });
      reply.header('set-cookie', [
        cookie(FLEET_SESSION_COOKIE, token, '/', SESSION_LIFETIME_MS / 1000),
        cookie(OIDC_STATE_COOKIE, '', statePath(orgId), 0),
      ]);
      return reply.redirect(`${publicUrl}${dashboardPath(orgId)}`, 302);
    });
  };
