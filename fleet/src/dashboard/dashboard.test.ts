// The organization dashboard as a real fleet server renders it (SQLite in a temp folder, fastify inject): what each
// role sees and may do, the client secret never in a page, hostile names escaped, the CSP, signing in and out.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FLEET_SESSION_COOKIE, fleetPaths } from '@ssg/contracts/fleet';
import { newServiceAccountKey, newSessionToken } from '../crypto/service-account-keys';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { testFleetEnv } from '../testing/fleet-env';
import { ASSETS, signedOutPath, signOutPath } from './dashboard-paths';
import { DASHBOARD_CSP } from './security-headers';

const ORG = 'org_acme';
const OTHER_ORG = 'org_other';
const HOSTILE_ORG_NAME = 'Acme <script>alert("org")</script>';
const HOSTILE_ACCOUNT_NAME = '<script>alert(1)</script> & "ci"';
const SECRET = 'client-secret-that-must-never-leak-0123456789';
const PAGE = `/orgs/${ORG}/`;

describe('the organization dashboard', () => {
  let dir: string;
  let fleet: RunningFleet;
  let origin: string;
  const cookies: Record<string, string> = {};

  /** A dashboard session for a member, as the OIDC callback creates it. */
  const signIn = async (orgId: string, email: string) => {
    const { token, hash } = newSessionToken();
    await fleet.store.sessions.create({ tokenHash: hash, orgId, userId: email, kind: 'browser' });
    return token;
  };
  const get = (path: string, as?: string) =>
    fleet.app.inject({
      method: 'GET',
      url: path,
      headers: as === undefined ? {} : { cookie: `${FLEET_SESSION_COOKIE}=${cookies[as]}` },
    });
  const page = async (as: string) => {
    const response = await get(PAGE, as);
    assert.equal(response.statusCode, 200, response.body);
    return response.body;
  };
  const testIds = (body: string) => new Set([...body.matchAll(/data-testid="([^"]+)"/g)].map((m) => m[1]));

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-dashboard-'));
    fleet = await startFleetServer({ env: await testFleetEnv(dir) });
    origin = fleet.config.publicUrl;
    const { store } = fleet;
    await store.organizations.create({ id: ORG, name: HOSTILE_ORG_NAME });
    await store.organizations.create({ id: OTHER_ORG, name: 'Other' });
    await store.members.add(ORG, 'ada@acme.test', 'org_admin');
    await store.members.add(ORG, 'aud@acme.test', 'auditor');
    await store.members.add(ORG, 'bob@acme.test', 'member');
    await store.members.add(OTHER_ORG, 'eve@other.test', 'org_admin');
    const { token: adminKey, hash } = newServiceAccountKey();
    await store.serviceAccounts.create({ orgId: ORG, name: HOSTILE_ACCOUNT_NAME, keyHash: hash });
    const configured = await fleet.app.inject({
      method: 'PUT',
      url: fleetPaths.ssoConfig(ORG),
      headers: { authorization: `Bearer ${adminKey}` },
      payload: { provider: 'oidc', issuer_url: 'http://127.0.0.1:9/', client_id: 'ssg-fleet', client_secret: SECRET },
    });
    assert.equal(configured.statusCode, 200, configured.body);
    await store.sessions.create({
      tokenHash: newSessionToken().hash,
      orgId: ORG,
      userId: 'bob@acme.test',
      kind: 'cli',
      machine: 'bob-laptop<b>',
    });
    await store.licenceGrants.record({
      orgId: ORG,
      userId: 'bob@acme.test',
      tier: 'enterprise',
      machine: 'bob-laptop<b>',
      expiresAt: Date.now() + 86_400_000,
    });
    await store.subscriptions.create({ orgId: ORG, tier: 'enterprise' });
    for (const email of ['ada@acme.test', 'aud@acme.test', 'bob@acme.test']) cookies[email] = await signIn(ORG, email);
    cookies['eve@other.test'] = await signIn(OTHER_ORG, 'eve@other.test');
  });

  after(async () => {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an org_admin sees every section, with its forms and actions', async () => {
    const body = await page('ada@acme.test');
    const ids = testIds(body);
    for (const id of [
      'section-members',
      'section-sso',
      'section-sso-domain',
      'section-service-accounts',
      'section-licences',
      'section-machines',
      'add-member-form',
      'change-role-form',
      'remove-member',
      'sso-form',
      'sso-domain-form',
      'create-service-account-form',
      'revoke-service-account',
      'sign-out-machine',
      'subscriptions-table',
      'licences-table',
      'machines-table',
      'sign-out',
    ]) {
      assert.ok(ids.has(id), `${id} is missing`);
    }
    assert.match(body, /data-testid="signed-in-as">ada@acme\.test</);
    assert.match(
      body,
      /data-testid="redirect-uri-web">http:\/\/127\.0\.0\.1:\d+\/api\/v1\/orgs\/org_acme\/sso\/oidc\/callback</,
    );
    assert.match(body, /data-testid="redirect-uri-cli">http:\/\/127\.0\.0\.1:8399\/callback</);
    assert.match(body, /data-testid="sign-out-redirect-uri">http:\/\/127\.0\.0\.1:\d+\/orgs\/org_acme\/</);
    // No remove button on one's own row; everyone else has one.
    const ownRow = body.match(/<tr data-testid="member-row" data-user="ada@acme\.test">[\s\S]*?<\/tr>/)![0];
    assert.doesNotMatch(ownRow, /remove-member/);
    assert.equal(body.match(/data-testid="remove-member"/g)?.length, 2);
  });

  test('the client secret is in no page and no answer, and its field is never filled in', async () => {
    for (const email of ['ada@acme.test', 'aud@acme.test', 'bob@acme.test']) {
      assert.ok(!(await page(email)).includes(SECRET), `${email}'s page holds the secret`);
    }
    const admin = await page('ada@acme.test');
    const forms = admin.match(/<form\b[^>]*data-api=[^>]*>/g)!;
    assert.ok(forms.length >= 5);
    for (const form of forms) assert.match(form, /method="post"/, 'a native submit would put the fields in the URL');
    const secretInput = admin.match(/<input[^>]*name="client_secret"[^>]*>/)![0];
    assert.match(secretInput, /type="password"/);
    assert.match(secretInput, /autocomplete="new-password"/);
    assert.doesNotMatch(secretInput, /value=/);
  });

  test('a member sees the organization and its SSO settings, and no list or action', async () => {
    const body = await page('bob@acme.test');
    const ids = testIds(body);
    for (const id of ['section-sso', 'section-sso-domain', 'section-welcome', 'sign-out']) assert.ok(ids.has(id), id);
    for (const id of [
      'section-members',
      'section-service-accounts',
      'section-licences',
      'section-machines',
      'sso-form',
      'sso-domain-form',
      'redirect-uri-web',
    ]) {
      assert.ok(!ids.has(id), `a member sees ${id}`);
    }
    assert.doesNotMatch(body, /data-api=/);
    assert.ok(!body.includes('aud@acme.test'), 'a member sees who the other members are');
  });

  test('an auditor reads members, licences and machines, with no action button or form', async () => {
    const body = await page('aud@acme.test');
    const ids = testIds(body);
    for (const id of ['members-table', 'licences-table', 'subscriptions-table', 'machines-table']) {
      assert.ok(ids.has(id), id);
    }
    assert.ok(!ids.has('section-service-accounts'), 'an auditor sees the service accounts');
    assert.doesNotMatch(body, /data-api=/);
    assert.doesNotMatch(body, /<select/);
    assert.match(body, /bob-laptop&lt;b&gt;/);
  });

  test('hostile names are escaped wherever they are shown', async () => {
    const body = await page('ada@acme.test');
    assert.ok(!body.includes('<script>alert'), 'a name opened a script element');
    assert.ok(body.includes('Acme &lt;script&gt;alert(&quot;org&quot;)&lt;/script&gt;'));
    assert.ok(body.includes('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;ci&quot;'));
    assert.equal(body.match(/<script/g)?.length, 1, 'one script element: the dashboard module');
    assert.match(body, new RegExp(`<script type="module" src="${ASSETS.js}"></script>`));
  });

  test('pages and assets carry the CSP; pages have no inline script or style and are never cached', async () => {
    const response = await get(PAGE, 'ada@acme.test');
    assert.equal(response.headers['content-security-policy'], DASHBOARD_CSP);
    assert.match(DASHBOARD_CSP, /script-src 'self'/);
    assert.match(DASHBOARD_CSP, /style-src 'self'/);
    assert.doesNotMatch(DASHBOARD_CSP, /unsafe-inline/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.doesNotMatch(response.body, /\son[a-z]+=|\sstyle=|<style/i);
    for (const [path, type] of [
      [ASSETS.js, 'text/javascript; charset=utf-8'],
      [ASSETS.css, 'text/css; charset=utf-8'],
    ] as const) {
      const asset = await get(path);
      assert.equal(asset.statusCode, 200);
      assert.equal(asset.headers['content-type'], type);
      assert.equal(asset.headers['content-security-policy'], DASHBOARD_CSP);
      const again = await fleet.app.inject({ url: path, headers: { 'if-none-match': String(asset.headers.etag) } });
      assert.equal(again.statusCode, 304);
    }
  });

  test('without a session the page sends the browser to sign in, or says sign-in is not set up', async () => {
    const noSession = await get(PAGE);
    assert.equal(noSession.statusCode, 302);
    assert.equal(noSession.headers.location, fleetPaths.oidcLogin(ORG));
    const stale = await fleet.app.inject({ url: PAGE, headers: { cookie: `${FLEET_SESSION_COOKIE}=ssg_ses_nope` } });
    assert.equal(stale.headers.location, fleetPaths.oidcLogin(ORG));
    const noSso = await get(`/orgs/${OTHER_ORG}/`);
    assert.equal(noSso.statusCode, 401);
    assert.match(noSso.headers['content-type'] as string, /^text\/html/);
    assert.match(noSso.body, /data-testid="sign-in-unavailable"/);
  });

  test('a member of another organization is told, on a page', async () => {
    const response = await get(PAGE, 'eve@other.test');
    assert.equal(response.statusCode, 403);
    assert.match(response.headers['content-type'] as string, /^text\/html/);
    assert.match(response.body, /you are not a member of org_acme/);
  });

  test('signing out ends the session, clears the cookie and lands on a page to sign in again', async () => {
    const token = await signIn(ORG, 'bob@acme.test');
    const cookie = `${FLEET_SESSION_COOKIE}=${token}`;
    const elsewhere = await fleet.app.inject({
      method: 'POST',
      url: signOutPath(ORG),
      headers: { cookie, origin: 'https://evil.test' },
    });
    assert.equal(elsewhere.statusCode, 403, 'a sign-out posted from another site');
    assert.equal((await fleet.app.inject({ url: PAGE, headers: { cookie } })).statusCode, 200);

    const signOut = await fleet.app.inject({
      method: 'POST',
      url: signOutPath(ORG),
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(signOut.statusCode, 303, signOut.body);
    assert.equal(signOut.headers.location, signedOutPath(ORG));
    assert.match(String(signOut.headers['set-cookie']), new RegExp(`^${FLEET_SESSION_COOKIE}=; Path=/; Max-Age=0;`));
    assert.equal((await fleet.app.inject({ url: PAGE, headers: { cookie } })).statusCode, 302, 'the session lives on');

    const signedOut = await get(signedOutPath(ORG));
    assert.equal(signedOut.statusCode, 200);
    assert.match(signedOut.body, new RegExp(`href="${fleetPaths.oidcLogin(ORG)}"[^>]*>Sign in again<`));

    const twice = await fleet.app.inject({ method: 'POST', url: signOutPath(ORG), headers: { cookie, origin } });
    assert.equal(twice.statusCode, 303, 'signing out with an ended session still lands on the signed-out page');
  });
});
