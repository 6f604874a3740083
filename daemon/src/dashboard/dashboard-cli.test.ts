// `ssg dashboard` (built CLI) against a real daemon (the test lives here: the CLI never imports daemon code): the
// printed link carries a ticket in its fragment that signs a browser in once (traded as the dashboard page does,
// no cookie set), and with no daemon the command fails with exit 5.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DASHBOARD_SESSIONS_PATH } from '@ssg/contracts/dashboard';
import { TestDaemon } from '../testing/test-daemon';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';

describe('ssg dashboard (built CLI)', () => {
  before(() => ensureBuilt());

  // runAsync, not run: the daemon answers from this process, which a synchronous spawn would block.
  it('prints a one-time link that signs a browser in', async () => {
    const ws = new Workspace();
    const daemon = await TestDaemon.start({ home: ws.home });
    try {
      const run = await ws.runAsync(['dashboard', '--no-open'], { env: { SSG_DAEMON_URL: daemon.url, DISPLAY: ':0' } });
      assert.equal(run.status, 0, run.stderr);
      const link = /(http:\/\/127\.0\.0\.1:\d+\/#ticket=[A-Za-z0-9_-]{43})$/m.exec(run.stdout)?.[1];
      assert.ok(link, run.stdout);
      const exchange = () =>
        daemon.request<{ token?: string }>('POST', DASHBOARD_SESSIONS_PATH, {
          body: { ticket: new URLSearchParams(new URL(link).hash.slice(1)).get('ticket') },
          token: false,
          headers: { origin: daemon.url },
        });
      const first = await exchange();
      assert.equal(first.status, 200);
      assert.match(first.body.token ?? '', /^[A-Za-z0-9_-]{43}$/);
      assert.equal(first.headers.get('set-cookie'), null);
      assert.equal((await exchange()).status, 401);
    } finally {
      await daemon.stop();
      ws.cleanup();
    }
  });

  it('exits 5 when no daemon ever ran for the home, saying to start one', () => {
    const ws = new Workspace();
    try {
      const run = ws.run(['dashboard', '--no-open']);
      assert.equal(run.status, 5);
      assert.match(run.stderr, /no admin credential for this ssg home yet/);
      assert.match(run.stderr, /run `ssg daemon`/);
    } finally {
      ws.cleanup();
    }
  });
});
