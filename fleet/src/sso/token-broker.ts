// The token broker for `ssg auth login --sso` (spec Authentication 3). The identity provider's application is a web
// application with a client secret, which only the fleet holds; so the CLI runs the browser part of the flow itself
// (PKCE, state and nonce, its loopback callback) and the fleet redeems what comes back: an authorization code, a
// device code (the device flow, for machines without a browser), or a refresh token. Every id_token handed out has
// had its signature checked against the provider's JWKS (the shared one-hour cache), its claims by openid-client,
// its nonce when the CLI sent one, and carries a verified email.
import { OIDC_SCOPES, type OidcDeviceResponse } from '@ssg/contracts/fleet';
import * as client from 'openid-client';
import { IdTokenSignatureError, verifyIdTokenSignature, type JwksCacheStore } from './id-token-signature';
import { emailOf, OidcLoginError } from './oidc-login';

export type BrokerGrant =
  | { kind: 'authorization_code'; code: string; codeVerifier: string; redirectUri: string; nonce: string | null }
  | { kind: 'device_code'; deviceCode: string }
  | { kind: 'refresh_token'; refreshToken: string };

export interface BrokeredTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number | null;
  email: string;
}

/**
 * Why nothing was redeemed. `error` is the OAuth error code where the provider gave one (`authorization_pending`
 * and `slow_down` mean "ask again" in the device flow), else the broker's own; `httpStatus` is what to answer.
 * The message never quotes a code or token.
 */
export class TokenBrokerError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly httpStatus: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TokenBrokerError';
  }
}

const GRANT_TYPES: Record<BrokerGrant['kind'], string> = {
  authorization_code: 'authorization_code',
  device_code: 'urn:ietf:params:oauth:grant-type:device_code',
  refresh_token: 'refresh_token',
};

const PROVIDER_MESSAGES: Record<string, string> = {
  authorization_pending: 'the sign-in has not been approved yet',
  slow_down: 'asking too often: wait longer between polls',
  access_denied: 'the sign-in was denied at the identity provider',
  expired_token: 'the device code expired: start the sign-in again',
  invalid_grant: 'the identity provider refused the grant (used, expired, or issued for another client): sign in again',
};

export async function redeemGrant(
  config: client.Configuration,
  grant: BrokerGrant,
  jwksCache: JwksCacheStore,
  options: { readonly now: () => Date },
): Promise<BrokeredTokens> {
  let tokens: Awaited<ReturnType<typeof client.genericGrantRequest>>;
  try {
    tokens = await client.genericGrantRequest(config, GRANT_TYPES[grant.kind], grantParameters(grant));
  } catch (error) {
    if (error instanceof client.ResponseBodyError) {
      const description = error.error_description ? ` (${error.error_description})` : '';
      const message = PROVIDER_MESSAGES[error.error] ?? `the identity provider answered ${error.error}${description}`;
      throw new TokenBrokerError(error.error, message, 400, { cause: error });
    }
    throw new TokenBrokerError('token_exchange_failed', 'OIDC token exchange failed', 502, { cause: error });
  }
  const idToken = tokens.id_token;
  if (!idToken) {
    throw new TokenBrokerError('no_id_token', 'the identity provider returned no id_token (is openid in scope?)', 502);
  }
  try {
    await verifyIdTokenSignature(idToken, config.serverMetadata().jwks_uri, jwksCache, options);
  } catch (error) {
    if (!(error instanceof IdTokenSignatureError)) throw error;
    throw new TokenBrokerError('id_token_signature', error.message, 401, { cause: error.cause });
  }
  const claims = tokens.claims()!;
  if (grant.kind === 'authorization_code' && grant.nonce !== null && claims.nonce !== grant.nonce) {
    throw new TokenBrokerError(
      'nonce_mismatch',
      'the id_token is not the answer to this sign-in (nonce mismatch)',
      401,
    );
  }
  let email: string;
  try {
    email = await emailOf(config, claims, tokens.access_token);
  } catch (error) {
    if (!(error instanceof OidcLoginError)) throw error;
    throw new TokenBrokerError(error.code, error.message, error.httpStatus, { cause: error });
  }
  return {
    idToken,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresIn: tokens.expires_in ?? null,
    email,
  };
}

function grantParameters(grant: BrokerGrant): Record<string, string> {
  switch (grant.kind) {
    case 'authorization_code':
      return { code: grant.code, code_verifier: grant.codeVerifier, redirect_uri: grant.redirectUri };
    case 'device_code':
      return { device_code: grant.deviceCode };
    case 'refresh_token':
      return { refresh_token: grant.refreshToken };
  }
}

/** Starts the device flow at the provider (RFC 8628), answered as the CLI receives it; a provider without it is
 * told as such. */
export async function startDeviceAuthorization(config: client.Configuration): Promise<OidcDeviceResponse> {
  if (!config.serverMetadata().device_authorization_endpoint) {
    throw new TokenBrokerError(
      'device_flow_unsupported',
      'the identity provider does not offer the device flow: sign in with a browser (ssg auth login --sso)',
      404,
    );
  }
  let started: Awaited<ReturnType<typeof client.initiateDeviceAuthorization>>;
  try {
    started = await client.initiateDeviceAuthorization(config, { scope: OIDC_SCOPES });
  } catch (error) {
    if (error instanceof client.ResponseBodyError) {
      throw new TokenBrokerError(error.error, `the identity provider refused the device flow (${error.error})`, 400, {
        cause: error,
      });
    }
    throw new TokenBrokerError('device_flow_failed', 'the identity provider could not start the device flow', 502, {
      cause: error,
    });
  }
  return {
    device_code: started.device_code,
    user_code: started.user_code,
    verification_uri: started.verification_uri,
    verification_uri_complete: started.verification_uri_complete ?? null,
    expires_in: started.expires_in,
    interval: started.interval ?? 5,
  };
}
