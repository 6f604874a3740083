// The route table in @ssg/contracts is what a daemon serves, and the typed client built on it speaks to a real
// daemon over both transports.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { daemonClient } from '@ssg/client/daemon-client';
import { fetchTransport } from '@ssg/client/fetch-transport';
import { netTransport } from '@ssg/client/net-transport';
import { DAEMON_ROUTES } from '@ssg/contracts/schemas/routes';
import { TestDaemon } from '../testing/test-daemon';

describe('the route table and the typed client', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start()));
  after(() => daemon.stop());

  test('the daemon serves every route of the table', () => {
    for (const route of Object.keys(DAEMON_ROUTES)) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      assert.ok(daemon.daemon.app.hasRoute({ method, url }), `${route} is not served`);
    }
  });

  const transports = {
    'node:net': () => netTransport({ url: daemon.url, token: daemon.daemon.adminToken }),
    fetch: () => fetchTransport({ baseUrl: daemon.url, headers: { 'x-service-token': daemon.daemon.adminToken } }),
  };
  for (const [name, transport] of Object.entries(transports)) {
    test(`over ${name}: typed answers, the daemon's refusals in its words, nobody answering`, async () => {
      const client = daemonClient(transport());
      const armed = await client.call('POST /api/json/sleep-mode', { body: { enabled: true, forMs: 60_000 } });
      assert.equal(armed.kind, 'ok');
      assert.equal(armed.kind === 'ok' && armed.body.mode, 'timed');
      const off = await client.call('POST /api/json/sleep-mode', { body: { enabled: false } });
      assert.equal(off.kind === 'ok' && off.body.enabled, false);
      const page = await client.call('GET /api/json/audit', { query: { limit: '1' } });
      assert.equal(page.kind === 'ok' && Array.isArray(page.body.records), true);
      const unknown = await client.call('POST /api/json/approvals/:id', {
        params: { id: 'abcd2345' },
        body: { decision: 'deny' },
      });
      assert.deepEqual(unknown, {
        kind: 'error',
        status: 404,
        message: 'no approval request abcd2345 is waiting (`ssg approvals` lists those that are)',
      });
      const refused = await daemonClient(
        name === 'fetch' ? fetchTransport({ baseUrl: daemon.url }) : netTransport({ url: daemon.url, token: '' }),
      ).call('GET /api/json/sleep-mode');
      assert.equal(refused.kind === 'error' && refused.status, 401);
      const nobody = await daemonClient(
        name === 'fetch'
          ? fetchTransport({ baseUrl: 'http://127.0.0.1:1' })
          : netTransport({ url: 'http://127.0.0.1:1', token: 'x' }),
      ).call('GET /api/json/health');
      assert.equal(nobody.kind, 'unreachable');
    });
  }
});
