// Who may call what, for every route of the table: the hooks' credential (readable by any process of the user,
// agents included) evaluates and reads; what lowers protection answers 403 to it and changes nothing; the admin
// credential and a dashboard session may do everything; nothing at all gets 401 except on public routes.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { TestDaemon } from '../testing/test-daemon';
import { buildApp } from './app';
import { DaemonIdentity } from './daemon-identity';

/** A concrete url for a route pattern (`:id` and `:name` filled in). */
const concrete = (url: string): string => url.replace(':id', '1').replace(':name', 'claude-code');

describe('credentials per route', () => {
  let daemon: TestDaemon;
  before(async () => {
    daemon = await TestDaemon.start();
  });
  after(() => daemon.stop());

  const call = (route: string, token: string | false) => {
    const [method, url] = route.split(' ') as [string, string];
    return daemon.request<{ message?: string }>(method, concrete(url), {
      token,
      ...(method === 'POST' ? { body: {} } : {}),
    });
  };

  for (const [route, { access }] of Object.entries(DAEMON_ROUTES)) {
    if (route === 'GET /api/json/events') continue; // a stream: its credentials are checked in events.test.ts
    test(`${route} (${access})`, async () => {
      const anonymous = await call(route, false);
      const withHook = await call(route, daemon.hookToken);
      const withAdmin = await call(route, daemon.daemon.adminToken);
      if (access === 'public') {
        // No credential is asked for (the sign-in exchange then refuses the empty body itself, with a 400).
        assert.ok(![401, 403].includes(anonymous.status), `anonymous got ${anonymous.status}`);
        return;
      }
      assert.equal(anonymous.status, 401);
      assert.ok(![401, 403].includes(withAdmin.status), `admin got ${withAdmin.status}`);
      if (access === 'hook') {
        assert.ok(![401, 403].includes(withHook.status), `the hooks' credential got ${withHook.status}`);
      } else {
        assert.equal(withHook.status, 403);
        assert.match(withHook.body.message ?? '', /a person must do it/);
        assert.doesNotMatch(withHook.body.message ?? '', /admin\.token|keychain|ssg sleep off/);
      }
    });
  }

  test("the hooks' credential cannot turn an armed Sleep at Night off", async () => {
    const on = await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: true, forMs: 3_600_000 } });
    assert.equal(on.status, 200);
    const off = await daemon.request('POST', '/api/json/sleep-mode', {
      body: { enabled: false },
      token: daemon.hookToken,
    });
    assert.equal(off.status, 403);
    const state = await daemon.request<SleepModeResponse>('GET', '/api/json/sleep-mode', { token: daemon.hookToken });
    assert.equal(state.body.enabled, true);
    await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: false } });
  });
});

describe('a route outside the table', () => {
  const HOOK = 'h'.repeat(64);
  const ADMIN = 'a'.repeat(64);
  test('needs the admin credential unless it declares its access', async () => {
    let port = 0;
    const app = await buildApp({
      identity: DaemonIdentity.create(),
      credentials: { hookToken: HOOK, adminToken: ADMIN },
      port: () => port,
      routes: [
        async (instance) => {
          instance.get('/api/json/undeclared', async () => ({ ok: true }));
          instance.get('/api/json/declared', { config: { access: 'hook' } }, async () => ({ ok: true }));
        },
      ],
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    try {
      const status = async (path: string, token: string) =>
        (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-service-token': token } })).status;
      assert.equal(await status('/api/json/undeclared', HOOK), 403);
      assert.equal(await status('/api/json/undeclared', ADMIN), 200);
      assert.equal(await status('/api/json/declared', HOOK), 200);
      assert.equal(await status('/api/json/nowhere', HOOK), 403, 'not even whether a path exists');
    } finally {
      await app.close();
    }
  });
});
