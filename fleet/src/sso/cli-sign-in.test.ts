// `ssg auth login --sso`'s core (@ssg/node/sso) against a real fleet server and a real OpenID provider: the browser
// sign-in on the spec's loopback callback, http://127.0.0.1:8399/callback (the provider's pages played headlessly
// where the person's browser would be), and the device flow. Every test that binds port 8399 is in this file and
// they run one after another; other suites bind it too (the CLI's), so each waits for the port to be free first.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_SSO_CALLBACK } from '@ssg/contracts/fleet';
import { readLicenseToken } from '@ssg/node/license/active-license';
import { loginInBrowser } from '@ssg/node/sso/browser-login';
import { loginWithDeviceCode } from '@ssg/node/sso/device-login';
import { FleetClient, FleetRequestError, type SsoTokens } from '@ssg/node/sso/fleet-client';
import { hostsFilePath } from '@ssg/node/sso/hosts-path';
import { SsoLoginError } from '@ssg/node/sso/login-error';
import { completeSignIn, refreshLicence } from '@ssg/node/sso/sign-in-flow';
import { loadTokens } from '@ssg/node/sso/sign-in-store';
import {
  cancelHeadless,
  confirmDeviceHeadless,
  loginHeadless,
  OidcProviderServer,
} from '@ssg/testing/oidc-provider-server';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { testFleetEnv } from '../testing/fleet-env';
import { organizationWithSso } from '../testing/organization-with-sso';

const CLIENT_ID = 'ssg-acme';
const SECRET = 'acme-secret-that-only-the-fleet-holds';
/** Registered at the provider, but no organization of the fleet signs in with it. */
const STRAY_CLIENT_ID = 'ssg-nobody';
const ADA = 'ada@acme.test';
const CALLBACK_PORT = 8399;
/** A sign-in whose browser part went wrong fails the test in seconds, not after the real five minutes. */
const TIMEOUT_MS = 20_000;

/** Resolves once nothing listens on 127.0.0.1:8399 (another suite's sign-in may hold it for a while). */
async function callbackPortFree(): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(CALLBACK_PORT, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    await sleep(500);
  }
  throw new Error(`port ${CALLBACK_PORT} stayed busy for 30 seconds`);
}

describe("the CLI's SSO sign-in against the fleet", () => {
  let dir: string;
  let fleet: RunningFleet;
  let idp: OidcProviderServer;
  let client: FleetClient;
  let settings: { issuer: string; clientId: string; orgId: string | null };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-cli-sign-in-'));
    fleet = await startFleetServer({ env: await testFleetEnv(dir) });
    idp = await OidcProviderServer.start({
      clients: [
        { clientId: CLIENT_ID, clientSecret: SECRET, redirectUris: [CLI_SSO_CALLBACK] },
        { clientId: STRAY_CLIENT_ID, clientSecret: 'stray', redirectUris: [CLI_SSO_CALLBACK] },
      ],
      accounts: [{ email: ADA }],
      deviceFlow: true,
      refreshTokens: true,
    });
    await organizationWithSso(
      fleet,
      { id: 'org_acme', name: 'Acme' },
      { issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: SECRET },
    );
    await fleet.store.members.add('org_acme', ADA, 'member');
    client = new FleetClient(fleet.url, { machine: 'ada-laptop' });
    settings = { issuer: idp.issuer, clientId: CLIENT_ID, orgId: null };
  });
  after(async () => {
    await fleet.close();
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(callbackPortFree);

  /** What the person's browser does with the page the provider sends it back to: load the loopback callback. */
  async function land(callback: URL): Promise<{ status: number; text: string }> {
    const response = await fetch(callback);
    return { status: response.status, text: await response.text() };
  }

  /** A browser that `play`s the person at the provider, then lands on the callback; `page` is where it ended. */
  function personAt(play: (url: URL) => Promise<URL>) {
    let landed: Promise<{ status: number; text: string }> | undefined;
    return {
      openBrowser: (url: URL) => (landed = play(url).then(land)),
      page: () => landed!,
    };
  }
  const signingIn = (url: URL) => loginHeadless(url, { email: ADA, redirectUri: CLI_SSO_CALLBACK });

  test('signs in through the browser, then gets a session and the licence, and keeps them in hosts.toml', async () => {
    let shown: URL | undefined;
    const person = personAt(signingIn);
    const tokens = await loginInBrowser(settings, {
      fleet: client,
      timeoutMs: TIMEOUT_MS,
      onAuthorizationUrl: (url) => (shown = url),
      openBrowser: person.openBrowser,
    });
    assert.equal(tokens.email, ADA);
    const params = shown!.searchParams;
    assert.equal(shown!.origin, idp.issuer);
    assert.equal(params.get('redirect_uri'), 'http://127.0.0.1:8399/callback');
    assert.equal(params.get('code_challenge_method'), 'S256');
    assert.equal(params.get('scope'), 'openid email profile');
    assert.equal(params.get('client_id'), CLIENT_ID);
    for (const name of ['state', 'nonce', 'code_challenge']) assert.ok((params.get(name) ?? '').length >= 20, name);
    const page = await person.page();
    assert.equal(page.status, 200);
    assert.match(page.text, /ssg is finishing the sign-in of ada@acme\.test/);
    assertNoToken(page.text, tokens);

    const home = join(dir, 'home');
    const { signIn, licence, sessionToken } = await completeSignIn({ ...settings, fleetUrl: fleet.url }, tokens, {
      home,
      fleet: client,
      vault: undefined,
      now: Date.now(),
    });
    assert.deepEqual([signIn.orgId, signIn.email, signIn.role, signIn.tokenStore], ['org_acme', ADA, 'member', 'file']);
    assert.equal(licence.tier, 'free');
    assert.equal(statSync(hostsFilePath(home)).mode & 0o777, 0o600);
    assert.equal(loadTokens(home, { vault: undefined })?.sessionToken, sessionToken);
    assert.deepEqual(readLicenseToken(home), { token: licence.license, source: 'sso', path: hostsFilePath(home) });
    const session = { token: sessionToken };

    await client.endSession(session.token);
    await assert.rejects(client.endSession(session.token), (error: unknown) => {
      assert.ok(error instanceof FleetRequestError);
      assert.equal(error.status, 401);
      assert.ok(!error.message.includes(session.token));
      return true;
    });
  });

  test('a licence renewed once the id_token and the session are over: a new id_token through the refresh token', async () => {
    const person = personAt(signingIn);
    const tokens = await loginInBrowser(settings, {
      fleet: client,
      timeoutMs: TIMEOUT_MS,
      openBrowser: person.openBrowser,
    });
    await person.page();
    assert.ok(tokens.refreshToken, 'this provider hands out refresh tokens');
    const home = join(dir, 'home-refresh');
    const { signIn } = await completeSignIn({ ...settings, fleetUrl: fleet.url }, tokens, {
      home,
      fleet: client,
      vault: undefined,
      now: Date.now(),
    });
    // Nine hours on, by this machine's reckoning: neither the id_token nor the session can prove the email.
    const later = signIn.sessionExpiresAt + 3_600_000;
    const refreshed = await refreshLicence(() => client, { home, vault: undefined, now: later });
    assert.deepEqual([refreshed.previousTier, refreshed.licence.tier], ['free', 'free']);
    assert.ok(loadTokens(home, { vault: undefined })!.refreshToken, 'a refresh token is still kept for the next time');

    // Without a refresh token, the same moment is a sign-in to do again.
    const bare = join(dir, 'home-bare');
    await completeSignIn(
      { ...settings, fleetUrl: fleet.url },
      { ...tokens, refreshToken: null },
      {
        home: bare,
        fleet: client,
        vault: undefined,
        now: Date.now(),
      },
    );
    await assert.rejects(
      refreshLicence(() => client, { home: bare, vault: undefined, now: later }),
      /has expired \(its id_token and session both ended, and the provider gave no refresh token\)/,
    );
  });

  test('a sign-in cancelled at the provider says so, in the terminal and in the browser', async () => {
    const person = personAt((url) => cancelHeadless(url, CLI_SSO_CALLBACK));
    await assert.rejects(
      loginInBrowser(settings, { fleet: client, timeoutMs: TIMEOUT_MS, openBrowser: person.openBrowser }),
      loginError('cancelled', /^the sign-in was cancelled at the identity provider$/),
    );
    const page = await person.page();
    assert.equal(page.status, 400);
    assert.match(page.text, /Not signed in.*cancelled at the identity provider/s);
  });

  test('a callback with another state is refused before any code goes to the fleet', async () => {
    const person = personAt(async (url) => {
      const callback = await signingIn(url);
      callback.searchParams.set('state', 'forged-state');
      return callback;
    });
    await assert.rejects(
      loginInBrowser(settings, { fleet: client, timeoutMs: TIMEOUT_MS, openBrowser: person.openBrowser }),
      loginError('state-mismatch', /a state this sign-in did not send/),
    );
    assert.equal((await person.page()).status, 400);
  });

  test('a callback that names another issuer is refused (a mix-up)', async () => {
    const person = personAt(async (url) => {
      const callback = await signingIn(url);
      callback.searchParams.set('iss', 'https://idp.attacker.example');
      return callback;
    });
    await assert.rejects(
      loginInBrowser(settings, { fleet: client, timeoutMs: TIMEOUT_MS, openBrowser: person.openBrowser }),
      loginError('provider-error', /came back from https:\/\/idp\.attacker\.example, not from http:\/\/127\.0\.0\.1:/),
    );
    assert.equal((await person.page()).status, 400);
  });

  test('only /callback is the callback: other paths get a 404 and the sign-in goes on', async () => {
    const elsewhere: number[] = [];
    const tokens = await loginInBrowser(settings, {
      fleet: client,
      timeoutMs: TIMEOUT_MS,
      openBrowser: async (url) => {
        const callback = await signingIn(url);
        for (const path of ['/callback/', '/', '/favicon.ico']) {
          elsewhere.push((await land(new URL(path, callback))).status);
        }
        await land(callback);
      },
    });
    assert.equal(tokens.email, ADA);
    assert.deepEqual(elsewhere, [404, 404, 404]);
  });

  test("a client no organization uses: the fleet's message, in the terminal and in the browser", async () => {
    const person = personAt(signingIn);
    await assert.rejects(
      loginInBrowser(
        { ...settings, clientId: STRAY_CLIENT_ID },
        { fleet: client, timeoutMs: TIMEOUT_MS, openBrowser: person.openBrowser },
      ),
      (error: unknown) => {
        assert.ok(error instanceof FleetRequestError);
        assert.equal(error.status, 404);
        assert.match(error.message, /no organization signs in with client "ssg-nobody"/);
        return true;
      },
    );
    assert.match((await person.page()).text, /no organization signs in with client/);
  });

  test('port 8399 taken: a clear error that says why that port, how to find the holder, and --device', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(CALLBACK_PORT, '127.0.0.1', resolve));
    try {
      await assert.rejects(
        loginInBrowser(settings, { fleet: client, openBrowser: () => assert.fail('no browser without the callback') }),
        (error: unknown) => {
          assert.ok(error instanceof SsoLoginError);
          assert.equal(error.reason, 'port-in-use');
          for (const part of ['port 8399', 'exactly http://127.0.0.1:8399/callback', 'lsof -i :8399', '--device']) {
            assert.ok(error.message.includes(part), `${part} in: ${error.message}`);
          }
          return true;
        },
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('gives up after the timeout, and frees the port', async () => {
    await assert.rejects(
      loginInBrowser(settings, { fleet: client, openBrowser: () => {}, timeoutMs: 100 }),
      loginError('timeout', /no sign-in came back from the browser/),
    );
    await callbackPortFree();
  });

  test('stops on the signal (Ctrl+C), and frees the port', async () => {
    const controller = new AbortController();
    await assert.rejects(
      loginInBrowser(settings, { fleet: client, openBrowser: () => controller.abort(), signal: controller.signal }),
      loginError('aborted', /the sign-in was stopped/),
    );
    await callbackPortFree();
  });

  test('a provider that cannot be discovered is named', async () => {
    await assert.rejects(
      loginInBrowser({ ...settings, issuer: 'http://127.0.0.1:9/' }, { fleet: client }),
      loginError('discovery-failed', /the identity provider at http:\/\/127\.0\.0\.1:9\/ cannot be used/),
    );
  });

  test('signs in with a device code, the person confirming on another device', async () => {
    let confirmed: Promise<void> | undefined;
    const tokens = await loginWithDeviceCode(settings, {
      fleet: client,
      onUserCode: (code) => {
        assert.match(code.userCode, /^[A-Z]{4}-[A-Z]{4}$/);
        confirmed = confirmDeviceHeadless(code.verificationUriComplete!, { email: ADA });
      },
      // Waits for the person instead of the interval: the first poll then finds the sign-in done.
      sleep: () => confirmed!,
    });
    assert.equal(tokens.email, ADA);
    assert.equal((await client.createSession(tokens.idToken)).user_id, ADA);
  });

  test('a device sign-in aborted on the other device is cancelled', async () => {
    let aborted: Promise<void> | undefined;
    await assert.rejects(
      loginWithDeviceCode(settings, {
        fleet: client,
        onUserCode: (code) => {
          aborted = confirmDeviceHeadless(code.verificationUriComplete!, { email: ADA, abort: true });
        },
        sleep: () => aborted!,
      }),
      loginError('cancelled', /cancelled at the identity provider/),
    );
  });
});

function loginError(reason: string, message: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof SsoLoginError, String(error));
    assert.equal(error.reason, reason);
    assert.match(error.message, message);
    return true;
  };
}

function assertNoToken(text: string, tokens: SsoTokens): void {
  for (const secret of [tokens.idToken, tokens.accessToken, tokens.refreshToken]) {
    if (secret) assert.ok(!text.includes(secret), 'a token is in the page');
  }
}
