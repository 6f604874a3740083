import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FLEET_SIGN_IN_PARTITION,
  FLEET_SIGN_IN_WEB_PREFERENCES,
  FleetSignInPolicy,
  FleetSignInPolicyError,
  fleetSignInOver,
  fleetSignInTargets,
} from './fleet-sign-in-policy';

const targets = {
  fleetUrl: 'https://fleet.example',
  issuer: 'https://idp.example/oauth2/default',
  authorizationUrl: 'https://login.idp.example/authorize?client_id=ssg&state=abc',
};

test('the window may go to the fleet, the provider and the loopback callback, nowhere else', () => {
  const policy = FleetSignInPolicy.for(targets);
  const cases: Array<[string, boolean]> = [
    // The fleet's origin, any path.
    ['https://fleet.example/orgs/org_acme/', true],
    ['https://fleet.example:443/api/v1/sessions', true],
    // The issuer's origin and the authorization endpoint's.
    ['https://idp.example/oauth2/default/v1/authorize?x=1', true],
    ['https://idp.example/login', true],
    ['https://login.idp.example/authorize?client_id=ssg', true],
    ['https://login.idp.example/mfa/verify', true],
    // The loopback callback, exactly, with its query.
    ['http://127.0.0.1:8399/callback?code=c&state=s', true],
    ['http://127.0.0.1:8399/callback', true],
    // Lookalike hosts.
    ['https://fleet.example.evil.test/', false],
    ['https://evilfleet.example/', false],
    ['https://fleet-example.test/', false],
    ['https://idp.example.evil.test/authorize', false],
    ['https://xn--fleet-example-abc.test/', false],
    ['https://sub.fleet.example/', false],
    // Userinfo tricks: the host is what follows the @.
    ['https://fleet.example@evil.test/', false],
    ['https://fleet.example:443@evil.test/', false],
    ['https://user:pass@fleet.example/', false],
    ['https://user@idp.example/', false],
    ['http://user@127.0.0.1:8399/callback?code=c', false],
    // The allowed host, elsewhere in the URL.
    ['https://evil.test/?next=https://fleet.example/', false],
    ['https://evil.test/#https://fleet.example/', false],
    // Other schemes and ports.
    ['http://fleet.example/', false],
    ['https://fleet.example:8443/', false],
    ['wss://fleet.example/', false],
    ['blob:https://fleet.example/3b1c7a52-2e7f-4a43-9d6c-8a0f2b8e1d11', false],
    ['javascript:alert(document.domain)', false],
    ['data:text/html,<h1>sign in</h1>', false],
    ['file:///etc/passwd', false],
    ['about:blank', false],
    // The callback's neighbours.
    ['http://127.0.0.1:8399/', false],
    ['http://127.0.0.1:8399/callback/extra', false],
    ['http://127.0.0.1:8399/other', false],
    ['http://127.0.0.1:8400/callback', false],
    ['https://127.0.0.1:8399/callback', false],
    ['http://localhost:8399/callback', false],
    ['http://127.0.0.2:8399/callback', false],
    ['http://[::1]:8399/callback', false],
    ['http://127.0.0.1:5599/', false],
    // Not URLs.
    ['', false],
    ['fleet.example', false],
    ['%%%', false],
  ];
  for (const [url, allowed] of cases) assert.equal(policy.allows(url), allowed, url);
});

test('a new window never opens: an allowed URL loads in the sign-in window, anything else is dropped', () => {
  const policy = FleetSignInPolicy.for(targets);
  assert.equal(policy.windowOpen('https://idp.example/help'), 'load-here');
  assert.equal(policy.windowOpen('https://docs.evil.test/'), 'deny');
  assert.equal(policy.windowOpen('https://fleet.example@evil.test/'), 'deny');
});

test('the callback is recognised exactly', () => {
  const policy = FleetSignInPolicy.for(targets);
  assert.equal(policy.isCallback('http://127.0.0.1:8399/callback?code=c&state=s'), true);
  assert.equal(policy.isCallback('http://127.0.0.1:8399/callback#x'), true);
  assert.equal(policy.isCallback('http://127.0.0.1:8399/callbacks'), false);
  assert.equal(policy.isCallback('https://fleet.example/callback'), false);
});

test('targets over plain http are refused unless on loopback; so are URLs that are not http(s)', () => {
  const loopback = FleetSignInPolicy.for({
    fleetUrl: 'http://127.0.0.1:4100',
    issuer: 'http://127.0.0.1:4200',
    authorizationUrl: 'http://127.0.0.1:4200/auth?x=1',
  });
  assert.equal(loopback.allows('http://127.0.0.1:4100/orgs/org_acme/'), true);
  assert.equal(loopback.allows('http://127.0.0.1:4200/interaction/abc'), true);
  assert.equal(loopback.allows('http://127.0.0.1:4300/'), false);

  const refused: Array<[Partial<typeof targets>, RegExp]> = [
    [{ fleetUrl: 'http://fleet.example' }, /fleet URL http:\/\/fleet\.example is plain http/],
    [{ issuer: 'http://idp.example' }, /issuer http:\/\/idp\.example is plain http/],
    [{ authorizationUrl: 'http://login.idp.example/authorize' }, /authorization URL .* is plain http/],
    [{ fleetUrl: 'javascript:alert(1)' }, /fleet URL "javascript:alert\(1\)" is not an http\(s\) URL/],
    [{ issuer: 'not a url' }, /issuer "not a url" is not an http\(s\) URL/],
    [{ fleetUrl: 'https://user:pw@fleet.example' }, /is not an http\(s\) URL/],
  ];
  for (const [change, message] of refused) {
    assert.throws(
      () => FleetSignInPolicy.for({ ...targets, ...change }),
      (error: unknown) => {
        assert.ok(error instanceof FleetSignInPolicyError);
        assert.match(error.message, message);
        return true;
      },
    );
  }
});

test('the window is its own persistent session with no Node, no preload, sandboxed and isolated', () => {
  assert.equal(FLEET_SIGN_IN_PARTITION, 'persist:ssg-fleet');
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.partition, 'persist:ssg-fleet');
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.nodeIntegration, false);
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.nodeIntegrationInSubFrames, false);
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.contextIsolation, true);
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.sandbox, true);
  assert.equal(FLEET_SIGN_IN_WEB_PREFERENCES.webviewTag, false);
  assert.equal('preload' in FLEET_SIGN_IN_WEB_PREFERENCES, false);
});

test('the window opens only on a waiting login, and closes itself once that login is over', () => {
  const waiting = {
    state: 'waiting' as const,
    message: null,
    authorization_url: targets.authorizationUrl,
    fleet_url: targets.fleetUrl,
    issuer: targets.issuer,
    started_at: 1,
    finished_at: null,
  };
  assert.deepEqual(fleetSignInTargets(waiting), targets);
  for (const state of ['idle', 'signed-in', 'failed'] as const) {
    assert.throws(() => fleetSignInTargets({ ...waiting, state }), /no fleet sign-in is waiting/);
  }
  assert.equal(fleetSignInOver(targets, waiting), false);
  assert.equal(fleetSignInOver(targets, { ...waiting, state: 'signed-in', authorization_url: null }), true);
  assert.equal(fleetSignInOver(targets, { ...waiting, state: 'failed', authorization_url: null }), true);
  assert.equal(fleetSignInOver(targets, { ...waiting, authorization_url: 'https://idp.example/authorize?new' }), true);
});
