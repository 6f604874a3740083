// The OIDC side of the dashboard's web login (spec Authentication 2, the SSO login state table, the Errors table):
// authorization code flow with PKCE S256, state and nonce; the state lives server-side for 10 minutes and is
// used once; the callback exchanges the code, checks the id_token's signature against the provider's JWKS
// (see id-token-signature.ts) and yields the signed-in email. Matching it to a member and the session cookie are
// the route's business.
import { OIDC_SCOPES } from '@ssg/contracts/fleet';
import * as client from 'openid-client';
import { IdTokenSignatureError, verifyIdTokenSignature, type JwksCacheStore } from './id-token-signature';

export const LOGIN_STATE_MS = 10 * 60 * 1000;

/** What the server keeps between the redirect to the provider and the callback, under `state`. */
export interface LoginState {
  readonly state: string;
  readonly orgId: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  /** The exact redirect_uri sent to the provider, sent again with the code. */
  readonly redirectUri: string;
  readonly expiresAt: Date;
}

/** Login states shared by the app servers; `consume` returns a state at most once (and removes it). */
export interface LoginStateStore {
  create(loginState: LoginState): Promise<void>;
  consume(state: string): Promise<LoginState | undefined>;
}

export type OidcLoginErrorCode =
  'invalid_state' | 'provider_error' | 'token_exchange_failed' | 'id_token_signature' | 'no_email';

/** A failed callback. `message` is the spec's text where the spec has one; `httpStatus` is what to answer. */
export class OidcLoginError extends Error {
  constructor(
    readonly code: OidcLoginErrorCode,
    message: string,
    readonly httpStatus: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcLoginError';
  }
}

const invalidState = () =>
  new OidcLoginError('invalid_state', 'Invalid or expired state parameter (possible CSRF)', 400);

export interface StartedLogin {
  readonly authorizationUrl: URL;
  /** Store it (LoginStateStore.create) before sending the browser to authorizationUrl. */
  readonly loginState: LoginState;
}

export async function startLogin(
  config: client.Configuration,
  options: { readonly orgId: string; readonly redirectUri: string; readonly now: () => Date },
): Promise<StartedLogin> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: OIDC_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const expiresAt = new Date(options.now().getTime() + LOGIN_STATE_MS);
  return {
    authorizationUrl,
    loginState: { state, orgId: options.orgId, codeVerifier, nonce, redirectUri: options.redirectUri, expiresAt },
  };
}

export interface FinishedLogin {
  readonly email: string;
  /** The provider's subject for the user, for logs and audit. */
  readonly sub: string;
}

/**
 * Handle the provider's redirect back. `callbackUrl` is the URL the browser requested (only its query is read).
 * `browserState` is the state the login response left in this browser's cookie: a callback URL carrying someone
 * else's code and state (login CSRF: the victim signed in as the attacker) fails because the victim's browser
 * holds no such cookie. The cookie must be SameSite=Lax, not Strict: it has to travel with the provider's
 * cross-site redirect.
 * Throws OidcLoginError for every failure the spec names (and for a user without a verified email).
 */
export async function finishLogin(
  config: client.Configuration,
  callbackUrl: URL,
  stateStore: LoginStateStore,
  jwksCache: JwksCacheStore,
  options: { readonly orgId: string; readonly browserState: string | undefined; readonly now: () => Date },
): Promise<FinishedLogin> {
  const state = callbackUrl.searchParams.get('state');
  // Consumed before anything else, so a replayed callback fails the same way whatever happened the first time.
  const loginState = state ? await stateStore.consume(state) : undefined;
  if (!loginState || loginState.orgId !== options.orgId || options.browserState !== loginState.state) {
    throw invalidState();
  }
  if (options.now().getTime() >= loginState.expiresAt.getTime()) throw invalidState();

  // The redirect_uri sent with the code must be the one sent to the authorization endpoint, whatever host and
  // scheme the request reached this server with (a proxy in front changes them).
  const currentUrl = new URL(loginState.redirectUri);
  currentUrl.search = callbackUrl.search;

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: loginState.codeVerifier,
      expectedState: loginState.state,
      expectedNonce: loginState.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) {
      // The provider sent the browser back with an error (access_denied, a failed policy evaluation, …).
      const description = error.error_description ? `: ${error.error_description}` : '';
      throw new OidcLoginError('provider_error', `${error.error}${description}`, 403, { cause: error });
    }
    throw new OidcLoginError('token_exchange_failed', 'OIDC token exchange failed', 502, { cause: error });
  }

  // idTokenExpected made openid-client check the id_token's claims (iss, aud, exp, nonce); not its signature.
  try {
    await verifyIdTokenSignature(tokens.id_token!, config.serverMetadata().jwks_uri, jwksCache, options);
  } catch (error) {
    if (!(error instanceof IdTokenSignatureError)) throw error;
    throw new OidcLoginError('id_token_signature', error.message, 401, { cause: error.cause });
  }
  const claims = tokens.claims()!;
  const email = await emailOf(config, claims, tokens.access_token);
  return { email, sub: claims.sub };
}

/** The id_token's email, or UserInfo's for providers that keep it out of the id_token; never an unverified one.
 * Throws OidcLoginError (`token_exchange_failed` when UserInfo cannot be read, `no_email`). */
export async function emailOf(
  config: client.Configuration,
  claims: client.IDToken,
  accessToken: string,
): Promise<string> {
  let source: { readonly email?: unknown; readonly email_verified?: unknown } = {
    email: claims.email,
    email_verified: claims.email_verified,
  };
  if (typeof source.email !== 'string') {
    try {
      source = await client.fetchUserInfo(config, accessToken, claims.sub);
    } catch (error) {
      throw new OidcLoginError('token_exchange_failed', 'OIDC token exchange failed', 502, { cause: error });
    }
  }
  if (typeof source.email !== 'string' || source.email === '' || source.email_verified === false) {
    throw new OidcLoginError('no_email', 'The identity provider gave no verified email for this user', 403);
  }
  return source.email;
}
