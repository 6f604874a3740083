// The dashboard's fleet sign-in over real HTTP against a real daemon: who may use it, bad bodies, the status with
// nothing configured and with fleet.toml, the loopback callback's port taken, one login at a time and its
// cancellation (against a real OpenID provider), and a whole sign-in against the fleet stack (a real fleet server
// and provider, fleet/src/testing/fleet-stack.ts, in a child process): status, refresh, sign-out, and no token in
// any answer nor in the daemon's log.
//
// The callback's port is the spec's (127.0.0.1:8399): other tests bind it too, so each login here first waits for
// it to be free.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import {
  FLEET_LOGIN_PATH,
  FLEET_LOGOUT_PATH,
  FLEET_REFRESH_PATH,
  FLEET_STATUS_PATH,
  type FleetLoginProgress,
  type FleetRefreshResult,
  type FleetStatus,
} from '@ssg/contracts/fleet-sign-in';
import { eventually } from '@ssg/testing/eventually';
import { loginHeadless, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import type { Clock } from '../clock';
import { TestDaemon } from '../testing/test-daemon';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CALLBACK_PORT = 8399;

/** Resolves once 127.0.0.1:8399 can be listened on (another test's sign-in may hold it for a while). */
async function waitForCallbackPort(): Promise<void> {
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = createServer();
        probe.once('error', () => resolve(false));
        probe.listen(CALLBACK_PORT, '127.0.0.1', () => probe.close(() => resolve(true)));
      }),
    `port ${CALLBACK_PORT} to be free`,
    180_000,
  );
}

/** A daemon whose home keeps the tokens in hosts.toml (never the developer's keychain) and sees no SSO settings. */
function startDaemon(clock?: Clock): Promise<TestDaemon> {
  const home = mkdtempSync(join(tmpdir(), 'ssg-fleet-routes-'));
  return TestDaemon.start({
    home,
    ...(clock && { clock }),
    env: {
      HOME: home,
      CLAUDE_CONFIG_DIR: join(home, 'claude'),
      CODEX_HOME: join(home, 'codex'),
      SSG_TOKEN_STORE: 'file',
      SSG_SSO_ISSUER: '',
      SSG_SSO_CLIENT_ID: '',
      SSG_FLEET_URL: '',
      SSG_FLEET_ORG: '',
    },
  });
}

describe('fleet sign-in routes', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await startDaemon()));
  after(() => daemon.stop());

  const routes = [
    ['GET', FLEET_STATUS_PATH, undefined],
    ['POST', FLEET_LOGIN_PATH, {}],
    ['GET', FLEET_LOGIN_PATH, undefined],
    ['DELETE', FLEET_LOGIN_PATH, undefined],
    ['POST', FLEET_LOGOUT_PATH, {}],
    ['POST', FLEET_REFRESH_PATH, {}],
  ] as const;

  test('without a credential every route answers 401; the hooks’ credential (agents can read it) 403', async () => {
    for (const [method, path, body] of routes) {
      const anonymous = await daemon.request(method, path, { token: false, body });
      assert.equal(anonymous.status, 401, `${method} ${path}`);
      const hook = await daemon.request<{ message: string }>(method, path, { token: daemon.hookToken, body });
      assert.equal(hook.status, 403, `${method} ${path}`);
      assert.match(hook.body.message, /a person must do it/);
    }
  });

  test('a dashboard session may use them', async () => {
    const session = await daemon.signIn();
    const response = await daemon.request<FleetStatus>('GET', FLEET_STATUS_PATH, {
      token: false,
      headers: { authorization: `Bearer ${session}`, origin: daemon.url },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.signed_in, false);
  });

  test('bad bodies are refused with what is wrong', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ issuer: 'not a url' }, /issuer/],
      [{ issuer: 'ftp://idp.example' }, /issuer/],
      [{ fleet_url: 'javascript:alert(1)' }, /fleet_url/],
      [{ client_id: '' }, /client_id/],
      [{ org_id: 'Acme Corp' }, /org_id/],
      [{ issuer: 'https://idp.example', extra: true }, /additional properties/],
      [[], /object/],
    ];
    for (const [body, message] of cases) {
      const response = await daemon.request<{ message: string }>('POST', FLEET_LOGIN_PATH, { body });
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.message, message, JSON.stringify(body));
    }
    const malformed = await daemon.request('POST', FLEET_LOGIN_PATH, { rawBody: '{"issuer":' });
    assert.equal(malformed.status, 400);
    const logoutWithBody = await daemon.request('POST', FLEET_LOGOUT_PATH, { body: { everywhere: true } });
    assert.equal(logoutWithBody.status, 400);
    const query = await daemon.request('GET', `${FLEET_STATUS_PATH}?token=1`);
    assert.equal(query.status, 400);
  });

  test('with nothing configured: signed out, no licence, and what a sign-in needs', async () => {
    const { status, body } = await daemon.request<FleetStatus>('GET', FLEET_STATUS_PATH);
    assert.equal(status, 200);
    assert.equal(body.signed_in, false);
    assert.equal(body.licence, null);
    assert.match(body.licence_problem!, /no license at .*license\.jwt, and no SSO sign-in/);
    assert.match(body.settings_problem!, /SSO sign-in needs the identity provider .* and the client id/);
    assert.match(body.settings_problem!, /fleet\.toml/);
    assert.equal(body.fleet_url, null);

    const progress = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
    assert.deepEqual(progress.body, {
      state: 'idle',
      message: null,
      authorization_url: null,
      fleet_url: null,
      issuer: null,
      started_at: null,
      finished_at: null,
    });

    const login = await daemon.request<{ message: string }>('POST', FLEET_LOGIN_PATH, { body: {} });
    assert.equal(login.status, 400);
    assert.match(login.body.message, /SSO sign-in needs/);
    const failed = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
    assert.equal(failed.body.state, 'failed');
    assert.match(failed.body.message!, /SSO sign-in needs/);
  });

  test('signed out, refresh is refused (409) and sign-out changes nothing', async () => {
    const refresh = await daemon.request<{ message: string }>('POST', FLEET_REFRESH_PATH, { body: {} });
    assert.equal(refresh.status, 409);
    assert.match(refresh.body.message, /nobody is signed in/);
    const logout = await daemon.request<FleetStatus>('POST', FLEET_LOGOUT_PATH, { body: {} });
    assert.equal(logout.status, 200);
    assert.equal(logout.body.signed_in, false);
  });

  test('fleet.toml says where a sign-in goes', async () => {
    const toml = [
      'fleet_url = "https://fleet.example.com/"',
      'org_id = "org_acme"',
      '[sso]',
      'issuer = "https://idp.example.com/oauth2/default"',
      'client_id = "0oa-ssg"',
    ].join('\n');
    writeFileSync(join(daemon.home, 'fleet.toml'), toml);
    try {
      const { body } = await daemon.request<FleetStatus>('GET', FLEET_STATUS_PATH);
      assert.equal(body.signed_in, false);
      assert.equal(body.settings_problem, null);
      assert.equal(body.fleet_url, 'https://fleet.example.com');
      assert.equal(body.issuer, 'https://idp.example.com/oauth2/default');
      assert.equal(body.client_id, '0oa-ssg');
      assert.equal(body.org_id, 'org_acme');
      writeFileSync(join(daemon.home, 'fleet.toml'), 'fleet_url = ');
      const broken = await daemon.request<FleetStatus>('GET', FLEET_STATUS_PATH);
      assert.match(broken.body.settings_problem!, /fleet\.toml is not valid TOML/);
    } finally {
      writeFileSync(join(daemon.home, 'fleet.toml'), '');
    }
  });
});

describe('a login at a real provider: the callback port, one at a time, cancel', () => {
  let daemon: TestDaemon;
  let provider: OidcProviderServer;
  let login: { issuer: string; client_id: string; fleet_url: string };
  before(async () => {
    daemon = await startDaemon();
    provider = await OidcProviderServer.start({
      clients: [{ clientId: 'ssg-cli', clientSecret: 'not used here', redirectUris: [CLI_SSO_CALLBACK] }],
      accounts: [{ email: 'bob@acme.test' }],
    });
    // No fleet is reached before the provider sends the browser back.
    login = { issuer: provider.issuer, client_id: 'ssg-cli', fleet_url: 'http://127.0.0.1:9' };
  });
  after(async () => {
    await daemon.stop();
    await provider.close();
  });

  test('port 8399 taken: 409 that says which port and what to do', async () => {
    await waitForCallbackPort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(CALLBACK_PORT, '127.0.0.1', resolve));
    try {
      const response = await daemon.request<{ message: string }>('POST', FLEET_LOGIN_PATH, { body: login });
      assert.equal(response.status, 409);
      assert.match(response.body.message, /port 8399 on 127\.0\.0\.1 is taken/);
      assert.match(response.body.message, /http:\/\/127\.0\.0\.1:8399\/callback/);
      const progress = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
      assert.equal(progress.body.state, 'failed');
    } finally {
      await new Promise<void>((resolve) => (squatter as Server).close(() => resolve()));
    }
  });

  test('an unreachable provider: 502 with the discovery URL', async () => {
    const response = await daemon.request<{ message: string }>('POST', FLEET_LOGIN_PATH, {
      body: { ...login, issuer: 'http://127.0.0.1:9/oauth2' },
    });
    assert.equal(response.status, 502);
    assert.match(response.body.message, /http:\/\/127\.0\.0\.1:9\/oauth2\/\.well-known\/openid-configuration/);
  });

  test('a login waits at the provider; a second is refused (409); cancelling frees the port', async () => {
    await waitForCallbackPort();
    const started = await daemon.request<{ authorization_url: string }>('POST', FLEET_LOGIN_PATH, { body: login });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const authorization = new URL(started.body.authorization_url);
    assert.equal(authorization.origin, provider.issuer);
    assert.equal(authorization.searchParams.get('redirect_uri'), CLI_SSO_CALLBACK);
    assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(authorization.searchParams.get('client_id'), 'ssg-cli');

    const waiting = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
    assert.equal(waiting.body.state, 'waiting');
    assert.equal(waiting.body.authorization_url, started.body.authorization_url);
    assert.equal(waiting.body.issuer, provider.issuer);
    assert.equal(waiting.body.fleet_url, 'http://127.0.0.1:9');

    const second = await daemon.request<{ message: string }>('POST', FLEET_LOGIN_PATH, { body: login });
    assert.equal(second.status, 409);
    assert.match(second.body.message, /already waiting at the identity provider/);

    const cancelled = await daemon.request<FleetLoginProgress>('DELETE', FLEET_LOGIN_PATH);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.state, 'cancelled');
    assert.equal(cancelled.body.message, null);
    assert.equal(cancelled.body.authorization_url, null);
    // The callback server is closed: the port is free at once.
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(CALLBACK_PORT, '127.0.0.1', () => probe.close(() => resolve()));
    });
  });

  test('the person cancels at the provider: the login fails with the provider’s reason', async () => {
    await waitForCallbackPort();
    const started = await daemon.request<{ authorization_url: string }>('POST', FLEET_LOGIN_PATH, { body: login });
    assert.equal(started.status, 200);
    const state = new URL(started.body.authorization_url).searchParams.get('state')!;
    const page = await fetch(`${CLI_SSO_CALLBACK}?error=access_denied&state=${state}&iss=${provider.issuer}`);
    assert.equal(page.status, 400);
    await eventually(async () => {
      const { body } = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
      return body.state === 'failed';
    }, 'the login to fail');
    const { body } = await daemon.request<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
    assert.equal(body.message, 'the sign-in was cancelled at the identity provider');
  });
});

interface StackInfo {
  fleetUrl: string;
  issuers: Record<string, string>;
  licenceIssuer: unknown;
}

/** The fleet stack (a real fleet server and OpenID provider) in its own process, as the browser tests run it. */
async function startFleetStack(): Promise<{ info: StackInfo; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'fleet/src/testing/fleet-stack.ts'), '--cli'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) return { info: JSON.parse(line) as StackInfo, child };
  }
  throw new Error('the fleet stack ended before it started');
}

describe('a whole sign-in against a real fleet and provider', () => {
  let daemon: TestDaemon;
  let stack: { info: StackInfo; child: ChildProcess };
  /** Every answer the daemon gave, to look for tokens in. */
  const answers: string[] = [];
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await daemon.request<T>(method, path, body === undefined ? {} : { body });
    answers.push(JSON.stringify(response.body));
    return response;
  };

  /** The daemon's clock: real time plus what a test adds (the fleet and the provider keep real time). */
  let clockOffsetMs = 0;

  before(async () => {
    daemon = await startDaemon({ now: () => Date.now() + clockOffsetMs });
    stack = await startFleetStack();
    // The daemon accepts the licences this fleet signs (a self-hosted fleet's issuer, as an admin sets it up).
    writeFileSync(join(daemon.home, 'license-issuer.json'), JSON.stringify(stack.info.licenceIssuer));
  });
  after(async () => {
    await daemon.stop();
    const exited = new Promise((resolve) => stack.child.once('exit', resolve));
    stack.child.stdin!.end();
    await exited;
  });

  /** Signs `email` in through the Fleet page's routes and the provider's own pages, to `orgId` with `clientId`. */
  async function signIn(email: string, clientId: string, orgId: string): Promise<void> {
    writeFileSync(
      join(daemon.home, 'fleet.toml'),
      [
        `fleet_url = "${stack.info.fleetUrl}"`,
        `org_id = "${orgId}"`,
        '[sso]',
        `issuer = "${stack.info.issuers.main}"`,
        `client_id = "${clientId}"`,
      ].join('\n'),
    );
    await waitForCallbackPort();
    const started = await call<{ authorization_url: string }>('POST', FLEET_LOGIN_PATH, {});
    assert.equal(started.status, 200, JSON.stringify(started.body));
    // The person signs in at the provider's own pages; the browser then goes to the daemon's loopback callback.
    const callback = await loginHeadless(started.body.authorization_url, { email, redirectUri: CLI_SSO_CALLBACK });
    const page = await fetch(callback);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes(`ssg is finishing the sign-in of ${email}`));
    await eventually(
      async () => (await call<FleetLoginProgress>('GET', FLEET_LOGIN_PATH)).body.state !== 'waiting',
      'the login to finish',
      30_000,
    );
  }

  /** The tokens hosts.toml holds (the tokens are kept in the file here). */
  function storedTokens(): { sessionToken: string; all: string[] } {
    const hosts = readFileSync(join(daemon.home, 'hosts.toml'), 'utf8');
    const sessionToken = /^session_token = "([^"]+)"/m.exec(hosts)?.[1] ?? '';
    const all = [...hosts.matchAll(/^(?:id_token|access_token|refresh_token|session_token|token) = "([^"]+)"/gm)]
      .map((match) => match[1]!)
      .filter((token) => token.length > 20);
    return { sessionToken, all };
  }

  test('sign in, see the organization and ENTERPRISE, refresh, sign out; no token in any answer', async () => {
    // bob is a member of every organization of the stack: he says which.
    await signIn('bob@acme.test', 'org_acme', 'org_acme');
    const progress = await call<FleetLoginProgress>('GET', FLEET_LOGIN_PATH);
    assert.equal(progress.body.state, 'signed-in', progress.body.message ?? '');
    assert.equal(progress.body.message, null);

    const { body: status } = await call<FleetStatus>('GET', FLEET_STATUS_PATH);
    assert.equal(status.signed_in, true);
    assert.equal(status.fleet_url, stack.info.fleetUrl);
    assert.equal(status.org_id, 'org_acme');
    assert.equal(status.org_name, 'Acme');
    assert.equal(status.dashboard_url, `${stack.info.fleetUrl}/orgs/org_acme/`);
    assert.equal(status.email, 'bob@acme.test');
    assert.equal(status.role, 'member');
    assert.equal(status.token_store, 'file');
    assert.equal(status.licence?.tier, 'enterprise');
    assert.equal(status.licence?.source, 'sso');
    assert.ok(status.licence!.expires_at > Date.now());
    assert.ok(status.session_expires_at! - Date.now() > 7.9 * 3_600_000);

    const { sessionToken, all: tokens } = storedTokens();
    assert.match(sessionToken, /^ssg_session_/);
    assert.ok(tokens.length >= 4, 'hosts.toml holds the tokens and the licence');

    const refreshed = await call<FleetRefreshResult>('POST', FLEET_REFRESH_PATH, {});
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    assert.equal(refreshed.body.previous_tier, 'enterprise');
    assert.equal(refreshed.body.status.licence?.tier, 'enterprise');

    const again = await call<{ message: string }>('POST', FLEET_LOGIN_PATH, {});
    assert.equal(again.status, 200, 'a signed-in machine may sign in again (another account)');
    await call('DELETE', FLEET_LOGIN_PATH);

    const signedOut = await call<FleetStatus>('POST', FLEET_LOGOUT_PATH, {});
    assert.equal(signedOut.status, 200);
    assert.equal(signedOut.body.signed_in, false);
    assert.equal(signedOut.body.licence, null);
    assert.equal(existsSync(join(daemon.home, 'hosts.toml')), false);
    // The session ended at the fleet too: its token opens nothing there any more.
    const ended = await fetch(`${stack.info.fleetUrl}/api/v1/orgs/org_acme`, {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    assert.equal(ended.status, 401);

    for (const answer of answers) {
      for (const token of tokens) assert.ok(!answer.includes(token), `a token in an answer: ${answer.slice(0, 80)}…`);
    }
    // Nor in the daemon's log.
    const logs = join(daemon.home, 'logs');
    const logFiles = readdirSync(logs, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.log'));
    assert.ok(logFiles.length > 0, 'the daemon keeps a log');
    for (const name of logFiles) {
      const text = readFileSync(join(logs, name), 'utf8');
      for (const token of tokens) assert.ok(!text.includes(token), `a token in logs/${name}`);
    }
  });

  test('refresh after an admin set the sso_domain: FREE → ENTERPRISE, also once the id_token has expired', async () => {
    // org_globex has an enterprise subscription and no sso_domain yet: grace's licence is free.
    await signIn('grace@globex.test', 'org_globex', 'org_globex');
    const before = await call<FleetStatus>('GET', FLEET_STATUS_PATH);
    assert.equal(before.body.org_id, 'org_globex');
    assert.equal(before.body.role, 'org_admin');
    assert.equal(before.body.licence?.tier, 'free');

    // grace, an admin, sets the domain with her session token (what `ssg auth token` prints).
    const { sessionToken } = storedTokens();
    const patched = await fetch(`${stack.info.fleetUrl}/api/v1/orgs/org_globex`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${sessionToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sso_domain: 'globex.test' }),
    });
    assert.equal(patched.status, 200, await patched.text());

    // Two hours on, the provider's id_token (about an hour) has expired here; the 8-hour session has not.
    clockOffsetMs = 2 * 3_600_000;
    try {
      const refreshed = await call<FleetRefreshResult>('POST', FLEET_REFRESH_PATH, {});
      assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
      assert.equal(refreshed.body.previous_tier, 'free');
      assert.equal(refreshed.body.status.licence?.tier, 'enterprise');
    } finally {
      clockOffsetMs = 0;
    }
    const signedOut = await call<FleetStatus>('POST', FLEET_LOGOUT_PATH, {});
    assert.equal(signedOut.body.signed_in, false);
  });
});
