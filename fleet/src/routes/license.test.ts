// GET /api/license against real OpenID providers (oidc-provider on loopback): the CLI's sign-in is played with
// openid-client (code flow with PKCE to the CLI's loopback callback) and its id_token sent as the bearer; the
// store is SQLite in a temp folder; the licence is checked with the clients' own verifier. The route is public
// (no fleet-auth): its proof is the id_token.
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ACCOUNTS_LICENSE_PATH, CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import { verifyLicenseToken } from '@ssg/node/license/license-token';
import { OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import type { FastifyInstance } from 'fastify';
import { createLicenceSigner } from '../licences/licence-signer';
import { cliIdToken, type TestClient } from '../testing/cli-id-token';
import { buildFleetApp } from '../server/fleet-app';
import { OidcDiscovery } from '../sso/oidc-discovery';
import { type FleetStore, openFleetStore } from '../store/fleet-store';
import { licenseRoutes } from './license';

const ALICE = 'alice@acme.test';
const BOB = 'bob@beta.test';
const CAROL = 'carol@gmail.test';
const DAVE = 'dave@nowhere.test';
const ISSUER = 'ssg-fleet-test';

const ACME_CLIENT: TestClient = { clientId: 'ssg-acme', clientSecret: 'acme-secret' };
const BETA_CLIENT: TestClient = { clientId: 'ssg-beta', clientSecret: 'beta-secret' };

describe('GET /api/license', () => {
  let idp: OidcProviderServer;
  let strangerIdp: OidcProviderServer;
  let dir: string;
  let store: FleetStore;
  let app: FastifyInstance;
  let clockMs = Date.now();
  const now = () => clockMs;
  const signer = createLicenceSigner({ privateKey: generateKeyPairSync('ed25519').privateKey, issuer: ISSUER });

  before(async () => {
    const accounts = [ALICE, BOB, CAROL, DAVE].map((email) => ({ email }));
    const clients = [ACME_CLIENT, BETA_CLIENT].map((c) => ({ ...c, redirectUris: [CLI_SSO_CALLBACK] }));
    idp = await OidcProviderServer.start({ clients, accounts });
    strangerIdp = await OidcProviderServer.start({ clients, accounts });
    dir = mkdtempSync(join(tmpdir(), 'fleet-license-'));
    store = await openFleetStore(`sqlite:${join(dir, 'fleet.sqlite')}`, now);
    const sso = {
      provider: 'oidc' as const,
      issuerUrl: idp.issuer,
      clientSecretCiphertext: 'sealed',
      clientSecretKeyId: 'k1',
    };
    // acme: holds acme.test, enterprise; carol (another domain) is a member.
    await store.organizations.create({ id: 'org_acme', name: 'Acme' });
    await store.organizations.setSsoDomain('org_acme', 'acme.test');
    await store.ssoConfigs.put({ orgId: 'org_acme', clientId: ACME_CLIENT.clientId, ...sso });
    await store.subscriptions.create({ orgId: 'org_acme', tier: 'enterprise' });
    await store.members.add('org_acme', CAROL, 'member');
    // beta: holds beta.test, its enterprise subscription is over.
    await store.organizations.create({ id: 'org_beta', name: 'Beta' });
    await store.organizations.setSsoDomain('org_beta', 'beta.test');
    await store.ssoConfigs.put({ orgId: 'org_beta', clientId: BETA_CLIENT.clientId, ...sso });
    const ended = await store.subscriptions.create({ orgId: 'org_beta', tier: 'enterprise' });
    await store.subscriptions.end(ended.id);
    app = await buildFleetApp({
      config: { transport: { kind: 'loopback-http' }, publicUrl: 'http://127.0.0.1:8443' },
      routes: [licenseRoutes({ store, signer, discovery: new OidcDiscovery(), now })],
    });
  });
  after(async () => {
    await app.close();
    await store.close();
    await idp.close();
    await strangerIdp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const requestLicense = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: ACCOUNTS_LICENSE_PATH, headers });
  const sso = (email: string, idToken: string) => ({
    'x-auth-method': 'sso',
    'x-sso-email': email,
    authorization: `Bearer ${idToken}`,
  });

  async function refused(headers: Record<string, string>, status: number, message: RegExp) {
    const response = await requestLicense(headers);
    assert.equal(response.statusCode, status, response.body);
    const body = response.json<{ message: string }>();
    assert.match(body.message, message);
    const bearer = headers.authorization?.slice('Bearer '.length);
    if (bearer) assert.ok(!response.body.includes(bearer), 'the token is never echoed');
    return response;
  }

  async function verifiedLicence(body: { license: string }) {
    const { publicKey, issuer } = signer.issuerFile();
    return verifyLicenseToken(body.license, { publicKey: createPublicKey(publicKey), issuer, now: now() / 1000 });
  }

  test('an email of the domain an enterprise organization holds gets an enterprise licence', async () => {
    const response = await requestLicense(sso('Alice@ACME.test', await cliIdToken(idp, ACME_CLIENT, ALICE)));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ license: string; tier: string; expires_at: number; org_id: string | null }>();
    assert.equal(body.tier, 'enterprise');
    assert.equal(body.org_id, 'org_acme');
    const licence = await verifiedLicence(body);
    assert.equal(licence.tier, 'enterprise');
    assert.equal(licence.subject, ALICE);
    assert.equal(body.expires_at, licence.expiresAt * 1000);
  });

  test('a domain whose organization has no active subscription gets a free licence', async () => {
    const response = await requestLicense(sso(BOB, await cliIdToken(idp, BETA_CLIENT, BOB)));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ license: string; tier: string; org_id: string | null }>();
    assert.equal(body.tier, 'free');
    assert.equal(body.org_id, null);
    assert.equal((await verifiedLicence(body)).tier, 'free');
  });

  test("a member outside the domain is vouched for by the organization's provider, and gets no tier from it", async () => {
    const response = await requestLicense(sso(CAROL, await cliIdToken(idp, ACME_CLIENT, CAROL)));
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<{ tier: string }>().tier, 'free');
  });

  test('an account subscription of the email gives its tier', async () => {
    await store.subscriptions.create({ accountEmail: CAROL, tier: 'pro' });
    const response = await requestLicense(sso(CAROL, await cliIdToken(idp, ACME_CLIENT, CAROL)));
    assert.equal(response.json<{ tier: string }>().tier, 'pro');
  });

  test('the headers the spec names are required, and say what to send', async () => {
    const idToken = await cliIdToken(idp, ACME_CLIENT, ALICE);
    const { 'x-auth-method': _method, ...noMethod } = sso(ALICE, idToken);
    await refused(noMethod, 400, /X-Auth-Method is missing: send X-Auth-Method: sso/);
    await refused({ ...sso(ALICE, idToken), 'x-auth-method': 'password' }, 400, /"password" is not supported/);
    const { 'x-sso-email': _email, ...noEmail } = sso(ALICE, idToken);
    await refused(noEmail, 400, /X-SSO-Email is missing/);
    await refused({ ...sso(ALICE, idToken), 'x-sso-email': 'alice' }, 400, /X-SSO-Email: .*not an email address/);
    const { authorization: _bearer, ...noBearer } = sso(ALICE, idToken);
    const response = await refused(
      noBearer,
      401,
      /the email header alone proves nothing: send Authorization: Bearer <id_token>/,
    );
    assert.equal(response.headers['www-authenticate'], 'Bearer');
    await refused({ ...noBearer, authorization: 'Bearer not-a-jwt' }, 401, /the bearer token is not an id_token/);
  });

  test("an id_token of someone else's email is refused", async () => {
    const idToken = await cliIdToken(idp, ACME_CLIENT, CAROL);
    await refused(sso(ALICE, idToken), 401, /X-SSO-Email is not the email of the id_token/);
  });

  test('a tampered id_token is refused: its signature does not verify', async () => {
    const [header, payload, signature] = (await cliIdToken(idp, ACME_CLIENT, CAROL)).split('.') as [
      string,
      string,
      string,
    ];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: ALICE })).toString('base64url');
    await refused(sso(ALICE, `${header}.${forged}.${signature}`), 401, /^id_token signature verification failed$/);
  });

  test('an id_token from another provider, or for another client, is refused', async () => {
    const stranger = await cliIdToken(strangerIdp, ACME_CLIENT, ALICE);
    await refused(
      sso(ALICE, stranger),
      401,
      /no identity provider that vouches for alice@acme.test issued this id_token/,
    );
    const otherClient = await cliIdToken(idp, BETA_CLIENT, ALICE);
    await refused(sso(ALICE, otherClient), 401, /issued to another application/);
  });

  test('only the provider of the organization holding the domain vouches for it, not one where it is a member', async () => {
    // gamma's admin added alice and runs another provider: that provider's word must not get acme's tier.
    await store.organizations.create({ id: 'org_gamma', name: 'Gamma' });
    await store.ssoConfigs.put({
      orgId: 'org_gamma',
      provider: 'oidc',
      issuerUrl: strangerIdp.issuer,
      clientId: ACME_CLIENT.clientId,
      clientSecretCiphertext: 'sealed',
      clientSecretKeyId: 'k1',
    });
    await store.members.add('org_gamma', ALICE, 'member');
    try {
      const fromGamma = await cliIdToken(strangerIdp, ACME_CLIENT, ALICE);
      await refused(
        sso(ALICE, fromGamma),
        401,
        /no identity provider that vouches for alice@acme.test issued this id_token/,
      );
    } finally {
      await store.organizations.delete('org_gamma');
    }
  });

  test('an expired id_token is refused', async () => {
    const idToken = await cliIdToken(idp, ACME_CLIENT, ALICE);
    clockMs += 2 * 60 * 60 * 1000;
    try {
      await refused(sso(ALICE, idToken), 401, /the id_token has expired: sign in again/);
    } finally {
      clockMs -= 2 * 60 * 60 * 1000;
    }
  });

  test('an email no organization vouches for gets no licence, told as a token from another provider is', async () => {
    const idToken = await cliIdToken(idp, ACME_CLIENT, DAVE);
    await refused(
      sso(DAVE, idToken),
      401,
      /no identity provider that vouches for dave@nowhere.test .*sso_domain is nowhere.test/,
    );
  });

  test("the next licence follows a change of the organization's sso_domain", async () => {
    const idToken = await cliIdToken(idp, ACME_CLIENT, ALICE);
    const tier = async () => (await requestLicense(sso(ALICE, idToken))).json<{ tier: string }>().tier;
    assert.equal(await tier(), 'enterprise');
    await store.members.add('org_acme', ALICE, 'member');
    await store.organizations.setSsoDomain('org_acme', 'acme-corp.test');
    assert.equal(await tier(), 'free', 'still a member, so still vouched for; the domain no longer gives the tier');
    await store.organizations.setSsoDomain('org_acme', 'acme.test');
    assert.equal(await tier(), 'enterprise');
  });

  test('each licence is recorded under its organization with the machine the CLI names', async () => {
    const idToken = await cliIdToken(idp, BETA_CLIENT, BOB);
    clockMs += 1000; // after the grants of the tests before
    const response = await requestLicense({ ...sso(BOB, idToken), 'x-ssg-machine': '  bob-laptop ' });
    assert.equal(response.statusCode, 200, response.body);
    const [latest] = await store.licenceGrants.recent('org_beta', 1);
    assert.deepEqual(
      { userId: latest?.userId, tier: latest?.tier, machine: latest?.machine, expiresAt: latest?.expiresAt },
      {
        userId: BOB,
        tier: 'free',
        machine: 'bob-laptop',
        expiresAt: response.json<{ expires_at: number }>().expires_at,
      },
    );
  });

  test('a machine name that is not one is refused before anything is signed', async () => {
    const idToken = await cliIdToken(idp, BETA_CLIENT, BOB);
    const before = (await store.licenceGrants.recent('org_beta', 100)).length;
    for (const machine of ['x'.repeat(101), 'evil\u202enamE', 'tab\there']) {
      await refused({ ...sso(BOB, idToken), 'x-ssg-machine': machine }, 400, /x-ssg-machine is a machine name/);
    }
    assert.equal((await store.licenceGrants.recent('org_beta', 100)).length, before);
  });
});
