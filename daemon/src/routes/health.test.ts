// The health route as `ssg doctor` uses it: public, and enough to tell the user that a daemon answers and which.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { TestDaemon } from '../testing/test-daemon';

describe('ssg doctor with the daemon running (built CLI)', () => {
  const ws = new Workspace();
  let daemon: TestDaemon;
  before(async () => {
    ensureBuilt();
    daemon = await TestDaemon.start({ home: ws.home, version: '9.9.9' });
  });
  after(async () => {
    await daemon.stop({ keepHome: true });
    ws.cleanup();
  });

  test('finds it through daemon.json and names its version and pid', async () => {
    const run = await ws.runAsync(['doctor', '--json'], { env: { SSG_DAEMON_URL: '' } });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).daemon, {
      url: daemon.url,
      running: true,
      detail: `ssg 9.9.9, pid ${process.pid}`,
      recentErrors: [],
    });
  });
});
