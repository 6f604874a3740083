// The CLI's token broker on a real fleet server with a real OpenID provider: the CLI's half of the sign-in (the
// authorization request with PKCE, state and nonce, to its loopback callback) is played with openid-client and the
// provider's pages; the broker redeems the code with the secret only the fleet holds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import type { OidcTokenResponse } from '@ssg/contracts/fleet';
import { loginHeadless, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { testFleetEnv } from '../testing/fleet-env';
import { organizationWithSso } from '../testing/organization-with-sso';

const CLIENT_ID = 'ssg-acme';
const SECRET = 'acme-secret-that-only-the-fleet-holds';
const ADA = 'ada@acme.test';

describe('the CLI token broker', () => {
  let dir: string;
  let fleet: RunningFleet;
  let idp: OidcProviderServer;
  let config: client.Configuration;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-broker-'));
    fleet = await startFleetServer({ env: await testFleetEnv(dir) });
    idp = await OidcProviderServer.start({
      clients: [{ clientId: CLIENT_ID, clientSecret: SECRET, redirectUris: [CLI_SSO_CALLBACK] }],
      accounts: [{ email: ADA }],
      refreshTokens: true,
    });
    await organizationWithSso(
      fleet,
      { id: 'org_acme', name: 'Acme' },
      { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: SECRET },
    );
    // The CLI knows the client id, never the secret.
    config = await client.discovery(new URL(idp.issuer), CLIENT_ID, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  });
  after(async () => {
    await fleet.close();
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The CLI's browser half: what its loopback callback receives, and what it remembers. */
  async function cliAuthorization(email = ADA) {
    const codeVerifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CLI_SSO_CALLBACK,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: client.randomState(),
      nonce,
    });
    const callback = await loginHeadless(url, { email, redirectUri: CLI_SSO_CALLBACK });
    return { code: callback.searchParams.get('code')!, codeVerifier, nonce };
  }

  const redeem = (body: Record<string, unknown>) =>
    fetch(`${fleet.url}${fleetPaths.oidcToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const codeGrant = (a: { code: string; codeVerifier: string; nonce: string }, extra: Record<string, unknown> = {}) =>
    redeem({
      grant_type: 'authorization_code',
      issuer: idp.issuer,
      client_id: CLIENT_ID,
      code: a.code,
      code_verifier: a.codeVerifier,
      redirect_uri: CLI_SSO_CALLBACK,
      nonce: a.nonce,
      ...extra,
    });

  async function refused(response: Response, status: number, error: string | RegExp, message: RegExp) {
    const body = (await response.json()) as { error: string; message: string };
    assert.equal(response.status, status, JSON.stringify(body));
    if (typeof error === 'string') assert.equal(body.error, error);
    else assert.match(body.error, error);
    assert.match(body.message, message);
    assert.ok(!JSON.stringify(body).includes(SECRET));
  }

  test("redeems the CLI's code with the fleet's secret: an id_token for the signed-in email, with the CLI's nonce", async () => {
    const authorization = await cliAuthorization();
    const response = await codeGrant(authorization);
    assert.equal(response.status, 200);
    const tokens = (await response.json()) as OidcTokenResponse;
    assert.equal(tokens.email, ADA);
    assert.ok(tokens.access_token.length > 10);
    const claims = decodeJwt(tokens.id_token);
    assert.deepEqual(
      [claims.iss, claims.aud, claims.nonce, claims.email],
      [idp.issuer, CLIENT_ID, authorization.nonce, ADA],
    );
    // The id_token is good for what the CLI does next: a session.
    const session = await fetch(`${fleet.url}${fleetPaths.sessions}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.id_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(session.status, 401, 'ada is not a member yet');
    await fleet.store.members.add('org_acme', ADA, 'member');
    const again = await fetch(`${fleet.url}${fleetPaths.sessions}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.id_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(again.status, 201);
  });

  test('a code works once', async () => {
    const authorization = await cliAuthorization();
    assert.equal((await codeGrant(authorization)).status, 200);
    await refused(await codeGrant(authorization), 400, 'invalid_grant', /refused the grant/);
  });

  test('the PKCE verifier must be the one the challenge was made from', async () => {
    const authorization = await cliAuthorization();
    await refused(
      await codeGrant({ ...authorization, codeVerifier: client.randomPKCECodeVerifier() }),
      400,
      'invalid_grant',
      /refused the grant/,
    );
  });

  test("an id_token that does not carry the CLI's nonce is refused", async () => {
    const authorization = await cliAuthorization();
    await refused(await codeGrant({ ...authorization, nonce: 'another-nonce' }), 401, 'nonce_mismatch', /nonce/);
  });

  test("only the CLI's loopback callback, and only an organization's configured client", async () => {
    const authorization = await cliAuthorization();
    await refused(
      await codeGrant(authorization, { redirect_uri: 'http://127.0.0.1:8400/callback' }),
      400,
      'Bad Request',
      /redirect_uri must be the CLI's callback, http:\/\/127.0.0.1:8399\/callback/,
    );
    await refused(
      await codeGrant(authorization, { client_id: 'someone-else' }),
      404,
      'Not Found',
      /no organization signs in with client "someone-else"/,
    );
    await refused(
      await codeGrant(authorization, { issuer: 'https://idp.example' }),
      404,
      'Not Found',
      /no organization signs in with client "ssg-acme" at https:\/\/idp.example/,
    );
    await refused(await codeGrant(authorization, { org_id: 'org_beta' }), 404, 'Not Found', /no organization org_beta/);
  });

  test('bad bodies are told what is wrong', async () => {
    await refused(
      await redeem({ grant_type: 'password', issuer: idp.issuer, client_id: CLIENT_ID }),
      400,
      'Bad Request',
      /body/,
    );
    await refused(
      await redeem({
        grant_type: 'refresh_token',
        issuer: idp.issuer,
        client_id: CLIENT_ID,
        refresh_token: 'x',
        extra: 1,
      }),
      400,
      'Bad Request',
      /body/,
    );
    const notJson = await fetch(`${fleet.url}${fleetPaths.oidcToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    assert.equal(notJson.status, 400);
  });

  test('a refresh token the provider never issued is refused by the provider', async () => {
    await refused(
      await redeem({
        grant_type: 'refresh_token',
        issuer: idp.issuer,
        client_id: CLIENT_ID,
        refresh_token: 'not-a-real-one',
      }),
      400,
      'invalid_grant',
      /refused the grant/,
    );
  });

  test('a refresh token the code brought is redeemed for a new id_token of the same person', async () => {
    const first = (await (await codeGrant(await cliAuthorization())).json()) as OidcTokenResponse;
    assert.ok(first.refresh_token, 'the provider gave a refresh token');
    const response = await redeem({
      grant_type: 'refresh_token',
      issuer: idp.issuer,
      client_id: CLIENT_ID,
      refresh_token: first.refresh_token,
    });
    assert.equal(response.status, 200);
    const renewed = (await response.json()) as OidcTokenResponse;
    assert.equal(renewed.email, ADA);
    const [was, now] = [decodeJwt(first.id_token), decodeJwt(renewed.id_token)];
    assert.deepEqual([now.iss, now.aud, now.sub], [was.iss, was.aud, was.sub]);
    assert.ok(now.exp! >= was.exp!);
  });
});
