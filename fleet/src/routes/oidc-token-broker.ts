// The CLI's token broker (sso/token-broker.ts says why it exists):
//   POST /api/v1/sso/oidc/token   a code from the CLI's loopback callback, a device code, or a refresh token
//   POST /api/v1/sso/oidc/device  starts the device flow
// Public: what they hand out is the provider's own tokens for the person who signed in, and those prove nothing to
// the fleet until an id_token is presented (sessions, licences), which is checked there again. The organization is
// the one whose OIDC configuration has this issuer and client id; its secret authenticates the fleet to the provider.
// Failures answer `{statusCode, error, message}` with `error` the OAuth error code (`authorization_pending` and
// `slow_down` tell a device-flow poller to ask again later).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import {
  OidcDeviceRequest,
  OidcDeviceResponse,
  OidcTokenRequest,
  OidcTokenResponse,
} from '@ssg/contracts/schemas/fleet';
import type { FastifyReply } from 'fastify';
import type { SecretBox } from '../crypto/secret-box';
import type { OidcDiscovery } from '../sso/oidc-discovery';
import { type BrokerGrant, redeemGrant, startDeviceAuthorization, TokenBrokerError } from '../sso/token-broker';
import { jwksCacheStore } from '../sso/store-adapters';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';
import { providerConfiguration } from './provider-configuration';

export interface TokenBrokerRouteOptions {
  store: FleetStore;
  secrets: SecretBox;
  discovery: OidcDiscovery;
  now?: () => number;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const tokenBrokerRoutes =
  ({ store, secrets, discovery, now = Date.now }: TokenBrokerRouteOptions): FastifyPluginAsyncTypebox =>
  async (app) => {
    const jwksCache = jwksCacheStore(store.jwksCache);
    const clock = () => new Date(now());

    /** The openid-client Configuration of the organization that signs in with this issuer and client id. */
    async function organizationClient(issuer: string, clientId: string, orgId: string | undefined) {
      const configs = (await store.ssoConfigs.oidcOfClient(clientId)).filter(
        (config) =>
          withoutTrailingSlash(config.issuerUrl) === withoutTrailingSlash(issuer) &&
          (orgId === undefined || config.orgId === orgId),
      );
      // Organizations sharing one application share its secret; the latest configuration has the current one.
      const config = configs.at(-1);
      if (!config) {
        throw new HttpError(
          404,
          `no organization${orgId ? ` ${orgId}` : ''} signs in with client ${JSON.stringify(clientId)} at ${issuer}: ` +
            "check the issuer and client id against the organization's SSO settings",
        );
      }
      const clientSecret = secrets.open(config.clientSecretCiphertext, config.orgId);
      return providerConfiguration(discovery, { issuerUrl: config.issuerUrl, clientId, clientSecret });
    }

    const brokerFailure = (reply: FastifyReply, error: unknown) => {
      if (!(error instanceof TokenBrokerError)) throw error;
      return reply
        .code(error.httpStatus)
        .send({ statusCode: error.httpStatus, error: error.error, message: error.message });
    };

    app.post(
      fleetPaths.oidcToken,
      { schema: { body: OidcTokenRequest, response: { 200: OidcTokenResponse } } },
      async (request, reply) => {
        const body = request.body;
        let grant: BrokerGrant;
        if (body.grant_type === 'authorization_code') {
          if (body.redirect_uri !== CLI_SSO_CALLBACK) {
            throw new HttpError(400, `redirect_uri must be the CLI's callback, ${CLI_SSO_CALLBACK}`);
          }
          grant = {
            kind: 'authorization_code',
            code: body.code,
            codeVerifier: body.code_verifier,
            redirectUri: body.redirect_uri,
            nonce: body.nonce ?? null,
          };
        } else if (body.grant_type === 'refresh_token') {
          grant = { kind: 'refresh_token', refreshToken: body.refresh_token };
        } else {
          grant = { kind: 'device_code', deviceCode: body.device_code };
        }
        const config = await organizationClient(body.issuer, body.client_id, body.org_id);
        try {
          const tokens = await redeemGrant(config, grant, jwksCache, { now: clock });
          return {
            id_token: tokens.idToken,
            access_token: tokens.accessToken,
            refresh_token: tokens.refreshToken,
            expires_in: tokens.expiresIn,
            email: tokens.email,
          };
        } catch (error) {
          return brokerFailure(reply, error);
        }
      },
    );

    app.post(
      fleetPaths.oidcDevice,
      { schema: { body: OidcDeviceRequest, response: { 200: OidcDeviceResponse } } },
      async (request, reply) => {
        const { issuer, client_id: clientId, org_id: orgId } = request.body;
        const config = await organizationClient(issuer, clientId, orgId);
        try {
          return await startDeviceAuthorization(config);
        } catch (error) {
          return brokerFailure(reply, error);
        }
      },
    );
  };
