// The fleet server end to end, over real HTTP, with a real OpenID provider (oidc-provider) on loopback: an admin
// configures SSO with a service account key and adds a member, who signs in through the provider and reaches the
// dashboard; the spec's failures (not a member, a replayed state, `saml`, a wrong client secret) say what the spec
// says. Then the same on PostgreSQL with two app servers: the login starts on one and finishes on the other, and
// the session works on both.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FLEET_SESSION_COOKIE, fleetPaths } from '@ssg/contracts/fleet';
import { loginHeadless, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { type PostgresServer, startPostgresServer } from '@ssg/testing/postgres-server';
import { newServiceAccountKey } from './crypto/service-account-keys';
import { type RunningFleet, startFleetServer } from './fleet-server';
import { OIDC_STATE_COOKIE } from './routes/oidc-login';
import type { FleetStore } from './store/fleet-store';
import { testFleetEnv } from './testing/fleet-env';

const ORG = 'org_acme';
const SECRET = 'client-secret-that-must-never-leak-0123456789';

const fleetEnv = (dataDir: string, databaseUrl?: string) =>
  testFleetEnv(dataDir, databaseUrl ? { SSG_FLEET_DATABASE_URL: databaseUrl } : {});

/** The organization, its admin and a service account key, as `ssg-fleet init-org` makes them. */
async function initOrg(store: FleetStore): Promise<string> {
  await store.organizations.create({ id: ORG, name: 'Acme' });
  await store.members.add(ORG, 'ada@acme.test', 'org_admin');
  const { token, hash } = newServiceAccountKey();
  await store.serviceAccounts.create({ orgId: ORG, name: 'setup', keyHash: hash });
  return token;
}

const cookiesOf = (response: Response): Record<string, string> =>
  Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), pair!.slice(at + 1)];
    }),
  );

/** A browser's sign-in: the login URL, the provider's pages, the callback (maybe on another server). */
async function signIn(startUrl: string, finishUrl: string, email: string) {
  const login = await fetch(`${startUrl}${fleetPaths.oidcLogin(ORG)}`, { redirect: 'manual' });
  assert.equal(login.status, 302, await login.text());
  const state = cookiesOf(login)[OIDC_STATE_COOKIE]!;
  const redirectUri = `${finishUrl}${fleetPaths.oidcCallback(ORG)}`;
  const back = await loginHeadless(login.headers.get('location')!, {
    email,
    redirectUri: redirectUri.replace(finishUrl, startUrl),
  });
  const callback = `${finishUrl}${back.pathname}${back.search}`;
  const response = await fetch(callback, { redirect: 'manual', headers: { cookie: `${OIDC_STATE_COOKIE}=${state}` } });
  return { response, callback, state };
}

describe('fleet server on the embedded database, with a real OpenID provider', () => {
  let dir: string;
  let fleet: RunningFleet;
  let provider: OidcProviderServer;
  let adminKey: string;
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(`${fleet.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminKey}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-'));
    fleet = await startFleetServer({ env: await fleetEnv(dir) });
    adminKey = await initOrg(fleet.store);
    provider = await OidcProviderServer.start({
      clients: [
        { clientId: 'ssg-fleet', clientSecret: SECRET, redirectUris: [`${fleet.url}${fleetPaths.oidcCallback(ORG)}`] },
      ],
      accounts: [{ email: 'bob@acme.test' }, { email: 'carol@acme.test' }],
    });
  });
  after(async () => {
    await fleet.close();
    await provider.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every area answers on the assembled server: downloads, the hub, the hosted MCP, the licence', async () => {
    const plugin = await fetch(`${fleet.url}/plugins/opencode/latest.json`);
    assert.equal(plugin.status, 404);
    assert.match(await plugin.text(), /published/);
    assert.equal((await fetch(`${fleet.url}/hub/manifest.json`)).status, 404);
    const mcp = await fetch(`${fleet.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(mcp.status, 401);
    const license = await fetch(`${fleet.url}/api/license`, {
      headers: { 'x-auth-method': 'sso', 'x-sso-email': 'bob@acme.test' },
    });
    assert.equal(license.status, 401);
  });

  test('a policy author’s rules: published when clean, refused with their findings otherwise, readable by members', async () => {
    const rules =
      'rule acme_no_curl {\n  DENY execution\n  IF command REGEX "^curl\\s"\n  MESSAGE "No curl at Acme."\n}\n';
    const published = await admin('PUT', `${fleetPaths.org(ORG)}/rules`, { rules });
    assert.equal(published.status, 200, await published.clone().text());
    assert.match(((await published.json()) as { updated_by: string }).updated_by, /^service account sa_/);
    const broken = await admin('PUT', `${fleetPaths.org(ORG)}/rules`, {
      rules: 'rule broken {\n  DENY execution\n  IF command REGEX "("\n}\n',
    });
    assert.equal(broken.status, 400);
    assert.match(await broken.text(), /the rules have 1 error/);
    const kept = (await (await admin('GET', `${fleetPaths.org(ORG)}/rules`)).json()) as { rules: string };
    assert.equal(kept.rules, rules, 'the rules in force stay as they were');
  });

  test('without SSO configured, the login says so', async () => {
    const response = await fetch(`${fleet.url}${fleetPaths.oidcLogin(ORG)}`, { redirect: 'manual' });
    assert.equal(response.status, 404);
    assert.match(await response.text(), /OIDC SSO is not configured for this organization/);
  });

  test('an admin configures SSO; the secret is stored sealed and never comes back', async () => {
    const put = await admin('PUT', fleetPaths.ssoConfig(ORG), {
      provider: 'oidc',
      issuer_url: provider.issuer,
      client_id: 'ssg-fleet',
      client_secret: SECRET,
    });
    assert.equal(put.status, 200);
    assert.deepEqual(await put.json(), { ok: true, provider: 'oidc', org_id: ORG });
    const org = await (await admin('GET', fleetPaths.org(ORG))).text();
    assert.ok(org.includes(provider.issuer) && !org.includes(SECRET));
    assert.ok(!readFileSync(join(dir, 'fleet.sqlite')).includes(SECRET), 'not in the database file');
    assert.equal((await admin('PUT', fleetPaths.ssoConfig(ORG), { provider: 'oidc' })).status, 400);
  });

  test('a member signs in through the provider and reaches the dashboard with an 8-hour session', async () => {
    const added = await admin('POST', fleetPaths.members(ORG), { user_id: 'Bob@Acme.test', role: 'member' });
    assert.equal(added.status, 200);
    const { response } = await signIn(fleet.url, fleet.url, 'bob@acme.test');
    assert.equal(response.status, 302, await response.clone().text());
    assert.equal(response.headers.get('location'), `${fleet.url}/orgs/${ORG}/`);
    const sessionCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${FLEET_SESSION_COOKIE}=`))!;
    assert.match(sessionCookie, /Max-Age=28800; HttpOnly; Secure; SameSite=Lax/);
    const session = cookiesOf(response)[FLEET_SESSION_COOKIE]!;
    const page = await fetch(`${fleet.url}/orgs/${ORG}/`, {
      headers: { cookie: `${FLEET_SESSION_COOKIE}=${session}` },
    });
    assert.equal(page.status, 200);
    const body = await page.text();
    assert.match(body, /<span data-testid="signed-in-as">bob@acme\.test<\/span>/);
    assert.match(body, /<span data-testid="viewer-role">member<\/span>/);
    const notAllowed = await fetch(`${fleet.url}${fleetPaths.members(ORG)}`, {
      headers: { authorization: `Bearer ${session}` },
    });
    assert.equal(notAllowed.status, 403, 'a member may not list members');
  });

  test('someone the provider knows but the organization does not: not a member', async () => {
    const { response } = await signIn(fleet.url, fleet.url, 'carol@acme.test');
    assert.equal(response.status, 403);
    assert.match(await response.text(), /User is not a member of this organization/);
  });

  test('a callback replayed, or without this browser’s state cookie: the CSRF message', async () => {
    const { response, callback, state } = await signIn(fleet.url, fleet.url, 'bob@acme.test');
    assert.equal(response.status, 302);
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: `${OIDC_STATE_COOKIE}=${state}` } });
    assert.equal(replay.status, 400);
    assert.match(await replay.text(), /Invalid or expired state parameter \(possible CSRF\)/);
  });

  test('a browser is shown a failed sign-in as a page with the message and a way to try again', async () => {
    const { callback, state } = await signIn(fleet.url, fleet.url, 'bob@acme.test');
    const page = await fetch(callback, {
      redirect: 'manual',
      headers: { cookie: `${OIDC_STATE_COOKIE}=${state}`, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    assert.equal(page.status, 400);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    assert.match(page.headers.get('content-security-policy')!, /default-src 'none'/);
    const html = await page.text();
    assert.match(html, /<h1>Sign-in failed<\/h1>/);
    assert.match(html, /Invalid or expired state parameter \(possible CSRF\)/);
    assert.match(html, new RegExp(`href="${fleetPaths.oidcLogin(ORG)}"[^>]*>Try again<`));
    const unknown = await fetch(`${fleet.url}${fleetPaths.oidcLogin('org_nowhere')}`, {
      headers: { accept: 'text/html' },
    });
    assert.equal(unknown.status, 404);
    const unknownHtml = await unknown.text();
    assert.match(unknownHtml, /OIDC SSO is not configured for this organization/);
    assert.doesNotMatch(unknownHtml, /Try again/);
  });

  test('a wrong client secret: the token exchange fails with a 502', async () => {
    await admin('PUT', fleetPaths.ssoConfig(ORG), {
      provider: 'oidc',
      issuer_url: provider.issuer,
      client_id: 'ssg-fleet',
      client_secret: 'not-the-secret',
    });
    const { response } = await signIn(fleet.url, fleet.url, 'bob@acme.test');
    assert.equal(response.status, 502);
    assert.match(await response.text(), /OIDC token exchange failed/);
  });

  test('saml is accepted and does not enable OIDC login', async () => {
    const put = await admin('PUT', fleetPaths.ssoConfig(ORG), {
      provider: 'saml',
      issuer_url: provider.issuer,
      client_id: 'ssg-fleet',
      client_secret: SECRET,
    });
    assert.deepEqual(await put.json(), { ok: true, provider: 'saml', org_id: ORG });
    const login = await fetch(`${fleet.url}${fleetPaths.oidcLogin(ORG)}`, { redirect: 'manual' });
    assert.equal(login.status, 404);
    assert.match(await login.text(), /OIDC SSO is not configured for this organization/);
  });
});

describe('two fleet servers on one PostgreSQL', () => {
  let postgres: PostgresServer;
  let servers: RunningFleet[];
  let provider: OidcProviderServer;
  const dirs: string[] = [];

  before(async () => {
    postgres = await startPostgresServer();
    const databaseUrl = await postgres.createDatabase();
    const shared = await testFleetEnv('');
    servers = [];
    // Two app servers behind one address, as behind a load balancer: both have the first one's public URL.
    let publicUrl: string | undefined;
    for (let i = 0; i < 2; i += 1) {
      const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-pg-'));
      dirs.push(dir);
      const env: Record<string, string> = {
        ...(await fleetEnv(dir, databaseUrl)),
        SSG_FLEET_SECRET_KEYS: shared.SSG_FLEET_SECRET_KEYS!,
        SSG_FLEET_LICENSE_SIGNING_KEY: shared.SSG_FLEET_LICENSE_SIGNING_KEY!,
      };
      publicUrl ??= `http://127.0.0.1:${env.SSG_FLEET_PORT}`;
      servers.push(await startFleetServer({ env: { ...env, SSG_FLEET_PUBLIC_URL: publicUrl } }));
    }
    const key = await initOrg(servers[0]!.store);
    provider = await OidcProviderServer.start({
      clients: [
        {
          clientId: 'ssg-fleet',
          clientSecret: SECRET,
          redirectUris: [`${servers[0]!.url}${fleetPaths.oidcCallback(ORG)}`],
        },
      ],
      accounts: [{ email: 'ada@acme.test' }],
    });
    const put = await fetch(`${servers[0]!.url}${fleetPaths.ssoConfig(ORG)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'oidc',
        issuer_url: provider.issuer,
        client_id: 'ssg-fleet',
        client_secret: SECRET,
      }),
    });
    assert.equal(put.status, 200);
  });
  after(async () => {
    for (const server of servers) await server.close();
    await provider.close();
    await postgres.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a login started on one server finishes on the other; the session is valid on both', async () => {
    const [a, b] = servers as [RunningFleet, RunningFleet];
    // The provider sends the browser back to the public URL; the "balancer" hands that request to the second.
    const { response } = await signIn(a.url, b.url, 'ada@acme.test');
    assert.equal(response.status, 302, await response.clone().text());
    const session = cookiesOf(response)[FLEET_SESSION_COOKIE]!;
    for (const server of servers) {
      const members = await fetch(`${server.url}${fleetPaths.members(ORG)}`, {
        headers: { cookie: `${FLEET_SESSION_COOKIE}=${session}` },
      });
      assert.equal(members.status, 200, `valid on ${server.url}`);
    }
  });
});
