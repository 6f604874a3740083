// One daemon per home: a second start is refused naming the first; a daemon.json left by a crash is no obstacle.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { writeDaemonFile } from '@ssg/node/daemon-file';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { startDaemon } from './daemon';
import { DaemonAlreadyRunningError } from './single-instance';
import { TestDaemon } from './testing/test-daemon';

describe('one daemon per home', () => {
  const ws = new Workspace();
  let first: TestDaemon;
  before(async () => {
    ensureBuilt();
    first = await TestDaemon.start({ home: ws.home });
  });
  after(async () => {
    await first.stop({ keepHome: true });
    ws.cleanup();
  });

  test('a second daemon on the same home is refused, naming the running one', async () => {
    await assert.rejects(startDaemon({ home: ws.home, port: 0 }), (error: unknown) => {
      assert.ok(error instanceof DaemonAlreadyRunningError);
      assert.match(error.message, new RegExp(`pid ${process.pid}\\) is already running for .* at ${first.url}`));
      return true;
    });
  });

  test('`ssg daemon` says so and exits 5', async () => {
    const run = await ws.runAsync(['daemon', '--port', '0']);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /^ssg daemon: another ssg daemon \(pid \d+\) is already running .* — stop it first/);
  });

  test('a stale daemon.json (nothing answers there) does not stop a start', async () => {
    const other = new Workspace();
    try {
      writeDaemonFile(other.home, { url: 'http://127.0.0.1:1', pid: 999_999, startedAt: 0, publicKey: 'x' });
      const daemon = await TestDaemon.start({ home: other.home });
      await daemon.stop({ keepHome: true });
    } finally {
      other.cleanup();
    }
  });
});
