// The web login's OIDC half against a real OpenID provider (oidc-provider) over real HTTP on loopback, its login
// and consent forms filled in by a headless browser stand-in. Time (the state's 10 minutes, the JWKS hour) runs
// on a fake clock; the provider's own clock (id_token iat/exp, checked by openid-client) is the real one.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { JSONWebKeySet } from 'jose';
import { loginHeadless, OidcProviderPageError, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { JWKS_CACHE_MS, type CachedJwks, type JwksCacheStore } from './id-token-signature';
import { OidcDiscovery, OidcIssuerNotAllowedError, type OidcClientSettings } from './oidc-discovery';
import {
  finishLogin,
  LOGIN_STATE_MS,
  OidcLoginError,
  startLogin,
  type LoginState,
  type LoginStateStore,
} from './oidc-login';

const ORG = 'org_acme';
const REDIRECT_URI = `http://127.0.0.1:1/api/v1/orgs/${ORG}/sso/oidc/callback`;
const ALICE = 'alice@acme.example';

class MemoryLoginStates implements LoginStateStore {
  readonly states = new Map<string, LoginState>();
  async create(loginState: LoginState): Promise<void> {
    this.states.set(loginState.state, loginState);
  }
  async consume(state: string): Promise<LoginState | undefined> {
    const found = this.states.get(state);
    this.states.delete(state);
    return found;
  }
}

class MemoryJwksCache implements JwksCacheStore {
  readonly entries = new Map<string, CachedJwks>();
  fetches = 0;
  async get(jwksUri: string): Promise<CachedJwks | undefined> {
    return this.entries.get(jwksUri);
  }
  async put(jwksUri: string, jwks: JSONWebKeySet, fetchedAt: Date): Promise<void> {
    this.fetches++;
    this.entries.set(jwksUri, { jwks, fetchedAt });
  }
}

function assertLoginError(code: OidcLoginError['code'], message: string, httpStatus: number) {
  return (error: unknown) => {
    assert.ok(error instanceof OidcLoginError, `expected an OidcLoginError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(error.message, message);
    assert.equal(error.httpStatus, httpStatus);
    return true;
  };
}

const INVALID_STATE = assertLoginError('invalid_state', 'Invalid or expired state parameter (possible CSRF)', 400);

describe('OIDC web login against a real OpenID provider', () => {
  let idp: OidcProviderServer;
  let settings: OidcClientSettings;
  let discovery: OidcDiscovery;
  let clockMs: number;
  const now = () => new Date(clockMs);
  let states: MemoryLoginStates;
  let jwksCache: MemoryJwksCache;

  before(async () => {
    idp = await OidcProviderServer.start({
      clients: [{ clientId: 'fleet', clientSecret: 'fleet-secret', redirectUris: [REDIRECT_URI] }],
      accounts: [{ email: ALICE }, { email: 'unverified@acme.example', emailVerified: false }],
    });
    settings = { issuerUrl: idp.issuer, clientId: 'fleet', clientSecret: 'fleet-secret' };
  });
  after(() => idp.close());
  beforeEach(() => {
    discovery = new OidcDiscovery();
    clockMs = Date.parse('2026-11-27T12:00:00Z');
    states = new MemoryLoginStates();
    jwksCache = new MemoryJwksCache();
    idp.setIdTokenSigning('valid');
  });

  /** Start a login, store its state, sign in at the provider; the callback URL the browser would request. */
  async function signIn(email = ALICE, clientSettings = settings, redirectUri = REDIRECT_URI): Promise<URL> {
    const config = await discovery.configuration(clientSettings);
    const { authorizationUrl, loginState } = await startLogin(config, { orgId: ORG, redirectUri, now });
    await states.create(loginState);
    return loginHeadless(authorizationUrl, { email, redirectUri });
  }

  /** The browser's state cookie is the callback's own state unless a test gives one (null: no cookie). */
  async function finish(
    callbackUrl: URL,
    options: { clientSettings?: OidcClientSettings; orgId?: string; browserState?: string | null } = {},
  ) {
    const config = await discovery.configuration(options.clientSettings ?? settings);
    const browserState =
      options.browserState === undefined ? (callbackUrl.searchParams.get('state') ?? undefined) : options.browserState;
    return finishLogin(config, callbackUrl, states, jwksCache, {
      orgId: options.orgId ?? ORG,
      browserState: browserState ?? undefined,
      now,
    });
  }

  it('asks for the code with PKCE S256, state, nonce and the openid email profile scope', async () => {
    const config = await discovery.configuration(settings);
    const { authorizationUrl, loginState } = await startLogin(config, { orgId: ORG, redirectUri: REDIRECT_URI, now });
    const query = authorizationUrl.searchParams;
    assert.equal(authorizationUrl.origin, idp.issuer);
    assert.equal(query.get('response_type'), 'code');
    assert.equal(query.get('client_id'), 'fleet');
    assert.equal(query.get('redirect_uri'), REDIRECT_URI);
    assert.equal(query.get('scope'), 'openid email profile');
    assert.equal(query.get('code_challenge_method'), 'S256');
    assert.ok(query.get('code_challenge'));
    assert.equal(query.get('state'), loginState.state);
    assert.equal(query.get('nonce'), loginState.nonce);
    assert.equal(loginState.expiresAt.getTime(), clockMs + LOGIN_STATE_MS);
    assert.ok(!authorizationUrl.href.includes(loginState.codeVerifier), 'the verifier stays on the server');
  });

  it('signs a member in: the verified email comes out, the state is used up', async () => {
    const callback = await signIn();
    assert.ok(callback.searchParams.get('code'));
    const login = await finish(callback);
    assert.equal(login.email, ALICE);
    assert.equal(login.sub, ALICE, "the provider's subject: here the login name");
    assert.equal(states.states.size, 0);
    assert.equal(jwksCache.fetches, 1);
  });

  it('rejects a callback whose state was never issued, or is missing', async () => {
    const callback = await signIn();
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    await assert.rejects(finish(forged), INVALID_STATE);
    forged.searchParams.delete('state');
    await assert.rejects(finish(forged), INVALID_STATE);
  });

  it("rejects a callback in a browser that did not start the login (someone else's code and state)", async () => {
    const attackersCallback = await signIn();
    await assert.rejects(finish(attackersCallback, { browserState: null }), INVALID_STATE);
    const another = await signIn();
    await assert.rejects(finish(another, { browserState: 'the-victims-own-state' }), INVALID_STATE);
  });

  it('uses a state once: the replayed callback is rejected', async () => {
    const callback = await signIn();
    await finish(callback);
    await assert.rejects(finish(callback), INVALID_STATE);
  });

  it('rejects a state older than 10 minutes', async () => {
    const callback = await signIn();
    clockMs += LOGIN_STATE_MS;
    await assert.rejects(finish(callback), INVALID_STATE);
  });

  it('accepts a state just inside its 10 minutes', async () => {
    const callback = await signIn();
    clockMs += LOGIN_STATE_MS - 1;
    assert.equal((await finish(callback)).email, ALICE);
  });

  it("rejects a state issued for another organization's login", async () => {
    const callback = await signIn();
    await assert.rejects(finish(callback, { orgId: 'org_other' }), INVALID_STATE);
  });

  it('answers a wrong client secret with the token exchange failure (502)', async () => {
    const wrongSecret = { ...settings, clientSecret: 'not-the-secret' };
    const callback = await signIn(ALICE, wrongSecret);
    const error = await finish(callback, { clientSettings: wrongSecret }).catch((e: unknown) => e);
    assertLoginError('token_exchange_failed', 'OIDC token exchange failed', 502)(error);
    assert.ok(!inspect(error, { depth: 20 }).includes('not-the-secret'), 'the secret stays out of the error');
    const config = await discovery.configuration(wrongSecret);
    assert.ok(!inspect(config, { depth: 20 }).includes('not-the-secret'), 'and out of the configuration');
  });

  it('leaves an unregistered redirect URI to the provider, which refuses and says why', async () => {
    const unregistered = 'http://127.0.0.1:1/api/v1/orgs/org_typo/sso/oidc/callback';
    await assert.rejects(signIn(ALICE, settings, unregistered), (error: unknown) => {
      assert.ok(error instanceof OidcProviderPageError);
      assert.equal(error.status, 400);
      assert.match(error.pageText, /redirect_uri did not match any of the client's registered redirect_uris/);
      return true;
    });
  });

  it("passes the provider's own error on (access_denied with its description)", async () => {
    const config = await discovery.configuration(settings);
    const { loginState } = await startLogin(config, { orgId: ORG, redirectUri: REDIRECT_URI, now });
    await states.create(loginState);
    const callback = new URL(REDIRECT_URI);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'User is not assigned to the client application.',
      state: loginState.state,
      iss: idp.issuer,
    }).toString();
    await assert.rejects(
      finish(callback),
      assertLoginError('provider_error', 'access_denied: User is not assigned to the client application.', 403),
    );
  });

  for (const signing of ['tampered-signature', 'untrusted-key'] as const) {
    it(`rejects an id_token whose signature does not verify (${signing})`, async () => {
      idp.setIdTokenSigning(signing);
      const callback = await signIn();
      await assert.rejects(
        finish(callback),
        assertLoginError('id_token_signature', 'id_token signature verification failed', 401),
      );
    });
  }

  it('sees a provider key rotation only once the cached JWKS is an hour old', async () => {
    assert.equal((await finish(await signIn())).email, ALICE);
    const oldKid = idp.currentKid;
    idp.rotateKeys();
    assert.notEqual(idp.currentKid, oldKid);

    clockMs += JWKS_CACHE_MS - 1;
    await assert.rejects(
      finish(await signIn()),
      assertLoginError('id_token_signature', 'id_token signature verification failed', 401),
    );
    assert.equal(jwksCache.fetches, 1, 'no refetch within the hour, even for an unknown kid');

    clockMs += 1;
    assert.equal((await finish(await signIn())).email, ALICE);
    assert.equal(jwksCache.fetches, 2);
  });

  it('refuses an unverified email', async () => {
    await assert.rejects(
      finish(await signIn('unverified@acme.example')),
      assertLoginError('no_email', 'The identity provider gave no verified email for this user', 403),
    );
  });

  it('refuses a plain-http issuer that is not on loopback, before any request', async () => {
    await assert.rejects(
      discovery.configuration({ ...settings, issuerUrl: 'http://idp.example.com/oauth2/default' }),
      OidcIssuerNotAllowedError,
    );
  });
});

describe('OIDC web login with a provider that keeps the email out of the id_token', () => {
  it('takes the email from UserInfo', async () => {
    const idp = await OidcProviderServer.start({
      clients: [{ clientId: 'fleet', clientSecret: 's', redirectUris: [REDIRECT_URI] }],
      accounts: [{ email: ALICE }],
      emailInIdToken: false,
    });
    try {
      const discovery = new OidcDiscovery();
      const config = await discovery.configuration({ issuerUrl: idp.issuer, clientId: 'fleet', clientSecret: 's' });
      const now = () => new Date();
      const states = new MemoryLoginStates();
      const { authorizationUrl, loginState } = await startLogin(config, { orgId: ORG, redirectUri: REDIRECT_URI, now });
      await states.create(loginState);
      const callback = await loginHeadless(authorizationUrl, { email: ALICE, redirectUri: REDIRECT_URI });
      const login = await finishLogin(config, callback, states, new MemoryJwksCache(), {
        orgId: ORG,
        browserState: loginState.state,
        now,
      });
      assert.equal(login.email, ALICE);
    } finally {
      await idp.close();
    }
  });
});
