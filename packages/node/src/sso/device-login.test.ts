// The device flow's polling against a fleet that answers from a script: the interval, slow_down, the answers
// that end it, and its deadline. The flow end to end (real fleet, real provider) is in fleet/src/sso/.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loginWithDeviceCode, type UserCode } from './device-login';
import { FleetClient, FleetRequestError } from './fleet-client';
import { SsoLoginError } from './login-error';

const SETTINGS = { issuer: 'https://idp.example.com', clientId: 'client-1', orgId: null };
const TOKENS = { id_token: 'id', access_token: 'access', refresh_token: null, expires_in: 300, email: 'dev@acme.test' };
const DEVICE = {
  device_code: 'device-code-secret',
  user_code: 'WDJB-MJHT',
  verification_uri: 'https://idp.example.com/device',
  verification_uri_complete: 'https://idp.example.com/device?user_code=WDJB-MJHT',
  expires_in: 30,
  interval: 5,
};

type Answer = { status: number; body: unknown };
const pending: Answer = { status: 400, body: { error: 'authorization_pending', message: 'not yet' } };
const slowDown: Answer = { status: 400, body: { error: 'slow_down', message: 'slower' } };
const done: Answer = { status: 200, body: TOKENS };

/** A fleet whose device endpoint answers `start` and whose token endpoint answers `polls` in turn. */
function scriptedFleet(polls: Answer[], start: Answer = { status: 200, body: DEVICE }) {
  const requests: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    requests.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const answer = path.endsWith('/device') ? start : (polls.shift() ?? pending);
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return {
    fleet: new FleetClient('https://fleet.example.com', { machine: 'm', fetch: fetchImpl as typeof fetch }),
    requests,
  };
}

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('loginWithDeviceCode', () => {
  it('shows the code, polls at the interval, and slows down by five seconds when told', async () => {
    const { fleet, requests } = scriptedFleet([pending, slowDown, pending, done]);
    const { waits, sleep } = recordingSleep();
    const shown: UserCode[] = [];
    const tokens = await loginWithDeviceCode(SETTINGS, { fleet, onUserCode: (code) => shown.push(code), sleep });
    assert.deepEqual(tokens, { idToken: 'id', accessToken: 'access', refreshToken: null, email: 'dev@acme.test' });
    assert.deepEqual(shown, [
      {
        userCode: 'WDJB-MJHT',
        verificationUri: DEVICE.verification_uri,
        verificationUriComplete: DEVICE.verification_uri_complete,
      },
    ]);
    assert.deepEqual(waits, [5000, 5000, 10_000, 10_000]);
    assert.deepEqual(requests[0], {
      path: '/api/v1/sso/oidc/device',
      body: { issuer: SETTINGS.issuer, client_id: SETTINGS.clientId },
    });
    assert.deepEqual(requests[1]?.body, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: 'device-code-secret',
      issuer: SETTINGS.issuer,
      client_id: SETTINGS.clientId,
    });
  });

  it('names the organization when the settings do', async () => {
    const { fleet, requests } = scriptedFleet([done]);
    await loginWithDeviceCode({ ...SETTINGS, orgId: 'acme' }, { fleet, onUserCode: () => {}, ...recordingSleep() });
    assert.equal(requests[0]?.body.org_id, 'acme');
    assert.equal(requests[1]?.body.org_id, 'acme');
  });

  const endings: Array<{ name: string; polls: Answer[]; start?: Answer; reason: string; message: RegExp }> = [
    {
      name: 'denied at the provider',
      polls: [pending, { status: 400, body: { error: 'access_denied', message: 'denied' } }],
      reason: 'cancelled',
      message: /cancelled at the identity provider/,
    },
    {
      name: 'the code expired at the provider',
      polls: [{ status: 400, body: { error: 'expired_token', message: 'expired' } }],
      reason: 'timeout',
      message: /the code expired/,
    },
    { name: 'never confirmed before expires_in', polls: [], reason: 'timeout', message: /the code expired/ },
    {
      name: 'a provider without a device endpoint',
      polls: [],
      start: {
        status: 404,
        body: {
          error: 'device_flow_unsupported',
          message: 'the identity provider does not offer the device flow: sign in with a browser',
        },
      },
      reason: 'device-unsupported',
      message: /does not offer the device flow: sign in with a browser/,
    },
  ];
  for (const tc of endings) {
    it(`ends with ${tc.reason} when ${tc.name}`, async () => {
      const { fleet } = scriptedFleet(tc.polls, tc.start);
      await assert.rejects(
        loginWithDeviceCode(SETTINGS, { fleet, onUserCode: () => {}, ...recordingSleep() }),
        (error: unknown) => {
          assert.ok(error instanceof SsoLoginError, String(error));
          assert.equal(error.reason, tc.reason);
          assert.match(error.message, tc.message);
          return true;
        },
      );
    });
  }

  it('stops when asked (Ctrl+C)', async () => {
    const { fleet } = scriptedFleet([]);
    const controller = new AbortController();
    const login = loginWithDeviceCode(SETTINGS, {
      fleet,
      onUserCode: () => controller.abort(),
      signal: controller.signal,
    });
    await assert.rejects(login, (error: unknown) => error instanceof SsoLoginError && error.reason === 'aborted');
  });

  it("passes the fleet's other refusals on with its message, and no device code in it", async () => {
    const { fleet } = scriptedFleet([
      { status: 502, body: { error: 'token_exchange_failed', message: 'OIDC token exchange failed' } },
    ]);
    await assert.rejects(
      loginWithDeviceCode(SETTINGS, { fleet, onUserCode: () => {}, ...recordingSleep() }),
      (error: unknown) => {
        assert.ok(error instanceof FleetRequestError);
        assert.equal(error.status, 502);
        assert.equal(error.error, 'token_exchange_failed');
        assert.match(error.message, /OIDC token exchange failed/);
        assert.ok(!JSON.stringify({ ...error, message: error.message }).includes('device-code-secret'));
        return true;
      },
    );
  });
});
