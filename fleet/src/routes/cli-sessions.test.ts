// The CLI's session exchange, the machines list and the licences view, on a real fleet server (SQLite in a temp
// folder) with real OpenID providers on loopback: the id_tokens are the ones `ssg auth login --sso` would obtain.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ACCOUNTS_LICENSE_PATH, CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import type { CliSession, LicencesView, MachineList } from '@ssg/contracts/fleet';
import { OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { cliIdToken, type TestClient } from '../testing/cli-id-token';
import { testFleetEnv } from '../testing/fleet-env';
import { organizationWithSso } from '../testing/organization-with-sso';

const ACME: TestClient = { clientId: 'ssg-acme', clientSecret: 'acme-secret-0123456789' };
const BETA: TestClient = { clientId: 'ssg-beta', clientSecret: 'beta-secret-0123456789' };
const ADA = 'ada@acme.test';
const BOB = 'bob@acme.test';
const CAROL = 'carol@acme.test';

describe('CLI sessions, machines and licences', () => {
  let dir: string;
  let fleet: RunningFleet;
  let idp: OidcProviderServer;
  let strangerIdp: OidcProviderServer;
  const keys: Record<string, string> = {};

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-cli-sessions-'));
    fleet = await startFleetServer({ env: await testFleetEnv(dir) });
    const clients = [ACME, BETA].map((c) => ({ ...c, redirectUris: [CLI_SSO_CALLBACK] }));
    const accounts = [ADA, BOB, CAROL].map((email) => ({ email }));
    idp = await OidcProviderServer.start({ clients, accounts });
    strangerIdp = await OidcProviderServer.start({ clients, accounts });
    const { store } = fleet;
    for (const [orgId, client] of [
      ['org_acme', ACME],
      ['org_beta', BETA],
    ] as const) {
      keys[orgId] = await organizationWithSso(fleet, { id: orgId, name: orgId }, { issuer: idp.issuer, ...client });
    }
    await store.members.add('org_acme', ADA, 'org_admin');
    await store.members.add('org_acme', BOB, 'member');
    await store.members.add('org_beta', BOB, 'auditor');
    await store.organizations.setSsoDomain('org_acme', 'acme.test');
    await store.subscriptions.create({ orgId: 'org_acme', tier: 'enterprise' });
  });
  after(async () => {
    await fleet.close();
    await idp.close();
    await strangerIdp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function call(method: string, path: string, bearer?: string, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${fleet.url}${path}`, {
      method,
      headers: {
        ...(bearer !== undefined && { authorization: `Bearer ${bearer}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  const exchange = (idToken: string, body: unknown = {}, machine = 'ada-laptop') =>
    call('POST', fleetPaths.sessions, idToken, body, { 'x-ssg-machine': machine });

  async function refused(response: Response, status: number, message: RegExp, secret?: string) {
    const text = await response.text();
    assert.equal(response.status, status, text);
    assert.match((JSON.parse(text) as { message: string }).message, message);
    if (secret) assert.ok(!text.includes(secret), 'the token is never echoed');
  }

  test("a member's id_token becomes a session token that acts with the member's role, listed as a machine", async () => {
    const response = await exchange(await cliIdToken(idp, ACME, ADA));
    assert.equal(response.status, 201);
    const session = (await response.json()) as CliSession;
    assert.match(session.token, /^ssg_session_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(
      { org: session.org_id, user: session.user_id, role: session.role },
      { org: 'org_acme', user: ADA, role: 'org_admin' },
    );
    const members = await call('GET', fleetPaths.members('org_acme'), session.token);
    assert.equal(members.status, 200, 'an admin session token works for admin API calls (ssg auth token)');

    const machines = await call('GET', fleetPaths.machines('org_acme'), keys.org_acme);
    const text = await machines.text();
    const listed = (JSON.parse(text) as MachineList).machines.find((m) => m.id === session.session_id);
    assert.deepEqual(
      { user: listed?.user_id, machine: listed?.machine, expires: listed?.expires_at },
      { user: ADA, machine: 'ada-laptop', expires: session.expires_at },
    );
    assert.ok(!text.includes(session.token), 'never the token');
  });

  test('an admin signs a machine out: its token stops working at once', async () => {
    const exchanged = await exchange(await cliIdToken(idp, ACME, BOB), { org_id: 'org_acme' });
    const session = (await exchanged.json()) as CliSession;
    assert.equal(session.role, 'member');
    assert.equal((await call('GET', fleetPaths.org('org_acme'), session.token)).status, 200);
    await refused(
      await call('GET', fleetPaths.machines('org_acme'), session.token),
      403,
      /the member role may not do this/,
    );
    await refused(
      await call('DELETE', `${fleetPaths.machines('org_acme')}/${session.session_id}`, session.token),
      403,
      /may not/,
    );
    const revoked = await call('DELETE', `${fleetPaths.machines('org_acme')}/${session.session_id}`, keys.org_acme);
    assert.equal(revoked.status, 204);
    await refused(await call('GET', fleetPaths.org('org_acme'), session.token), 401, /not valid/);
    await refused(
      await call('DELETE', `${fleetPaths.machines('org_acme')}/${session.session_id}`, keys.org_acme),
      404,
      /no machine/,
    );
    await refused(
      await call('DELETE', `${fleetPaths.machines('org_beta')}/${session.session_id}`, keys.org_acme),
      403,
      /not a member of org_beta/,
    );
  });

  test('a machine signs itself out', async () => {
    const session = (await (await exchange(await cliIdToken(idp, ACME, ADA))).json()) as CliSession;
    assert.equal((await call('DELETE', fleetPaths.currentSession, session.token)).status, 204);
    await refused(await call('GET', fleetPaths.org('org_acme'), session.token), 401, /not valid/);
    await refused(await call('DELETE', fleetPaths.currentSession, session.token), 401, /still signed in/);
    await refused(await call('DELETE', fleetPaths.currentSession, keys.org_acme), 401, /session token/);
  });

  test('a member of several organizations says which; the token then names that one', async () => {
    await refused(
      await exchange(await cliIdToken(idp, ACME, BOB)),
      409,
      /bob@acme.test is a member of several organizations \(org_acme, org_beta\): say which with org_id/,
    );
    const session = (await (
      await exchange(await cliIdToken(idp, BETA, BOB), { org_id: 'org_beta' })
    ).json()) as CliSession;
    assert.deepEqual([session.org_id, session.role], ['org_beta', 'auditor']);
    await refused(
      await exchange(await cliIdToken(idp, ACME, BOB), { org_id: 'org_beta' }),
      401,
      /id_token was issued to another application/,
    );
  });

  test('no session without a valid id_token of a member, worded alike whoever asks', async () => {
    const notMember = await cliIdToken(idp, ACME, CAROL);
    await refused(
      await exchange(notMember),
      401,
      /carol@acme.test is not a member of an organization whose identity provider issued this id_token/,
      notMember,
    );
    const stranger = await cliIdToken(strangerIdp, ACME, ADA);
    await refused(
      await exchange(stranger),
      401,
      /ada@acme.test is not a member of an organization whose identity provider issued this id_token/,
      stranger,
    );
    const adas = await cliIdToken(idp, ACME, ADA);
    const [head, payload] = adas.split('.');
    await refused(await exchange(`${head}.${payload}.${'A'.repeat(86)}`), 401, /signature/);
    await refused(await exchange('ssg_sa_not-an-id-token'), 401, /not an id_token/);
    const none = await call('POST', fleetPaths.sessions, undefined, {});
    await refused(none, 401, /Authorization: Bearer <id_token>/);
    assert.equal(none.headers.get('www-authenticate'), 'Bearer');
    await refused(
      await exchange(adas, { org_id: 'org_acme', admin: true }),
      400,
      /must NOT have additional properties/,
    );
    await refused(await exchange(adas, { org_id: 'acme' }), 400, /org_id/);
    await refused(await exchange(adas, {}, 'x'.repeat(101)), 400, /machine name/);
  });

  test("the licences view shows the organization's subscriptions and the licences issued on which machine", async () => {
    const idToken = await cliIdToken(idp, ACME, ADA);
    const licence = await call('GET', ACCOUNTS_LICENSE_PATH, idToken, undefined, {
      'x-auth-method': 'sso',
      'x-sso-email': ADA,
      'x-ssg-machine': 'ada-desktop',
    });
    assert.equal(licence.status, 200, await licence.text());
    const response = await call('GET', fleetPaths.licences('org_acme'), keys.org_acme);
    const view = (await response.json()) as LicencesView;
    assert.deepEqual(
      view.subscriptions.map((s) => [s.tier, s.active, s.ends_at]),
      [['enterprise', true, null]],
    );
    assert.deepEqual(
      view.issued.map((g) => [g.user_id, g.tier, g.machine]),
      [[ADA, 'enterprise', 'ada-desktop']],
    );
    const bob = (await (await exchange(await cliIdToken(idp, BETA, BOB), { org_id: 'org_beta' })).json()) as CliSession;
    assert.equal((await call('GET', fleetPaths.licences('org_beta'), bob.token)).status, 200, 'auditors read it');
    await refused(await call('GET', fleetPaths.licences('org_acme'), bob.token), 403, /not a member of org_acme/);
  });

  test("the session token also proves its own email to the accounts API, after the id_token's hour", async () => {
    const session = (await (await exchange(await cliIdToken(idp, ACME, ADA))).json()) as CliSession;
    const licence = (email: string, token: string) =>
      call('GET', ACCOUNTS_LICENSE_PATH, token, undefined, { 'x-auth-method': 'sso', 'x-sso-email': email });
    const answer = await licence('ADA@acme.test', session.token);
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as { tier: string }).tier, 'enterprise');
    await refused(await licence(BOB, session.token), 401, /not a signed-in session of bob@acme.test/, session.token);
    assert.equal((await call('DELETE', fleetPaths.currentSession, session.token)).status, 204);
    await refused(await licence(ADA, session.token), 401, /sign in again with ssg auth login --sso/, session.token);
    await refused(await licence(ADA, `ssg_session_${'A'.repeat(43)}`), 401, /not a signed-in session/);
  });
});
