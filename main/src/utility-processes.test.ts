// The daemon's and the pty host's utilityProcesses as main drives them, with stand-ins for Electron's
// utilityProcess and MessageChannelMain: who gets which end of the channel, what main learns from the daemon,
// and a host that dies started again (but not forever).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import {
  startDaemonProcess,
  superviseTerminalHost,
  type UtilityPlatform,
  type UtilityProcessLike,
} from './utility-processes';

class FakeUtility extends EventEmitter implements UtilityProcessLike {
  readonly received: { message: unknown; transfer?: object[] }[] = [];
  killed = false;
  constructor(readonly entry: string) {
    super();
  }
  postMessage(message: unknown, transfer?: object[]): void {
    this.received.push({ message, ...(transfer && { transfer }) });
  }
  kill(): boolean {
    this.killed = true;
    this.emit('exit', 0);
    return true;
  }
}

function platform() {
  const forked: FakeUtility[] = [];
  let channels = 0;
  const fake: UtilityPlatform = {
    fork: (entry) => {
      const child = new FakeUtility(entry);
      forked.push(child);
      return child;
    },
    channel: () => {
      channels += 1;
      return [
        { end: 'daemon', channel: channels },
        { end: 'host', channel: channels },
      ];
    },
  };
  return { fake, forked };
}

test('main hands each end of one channel to the daemon and the host, and learns where the daemon listens', async () => {
  const { fake, forked } = platform();
  const started = startDaemonProcess(fake, { daemon: 'daemon.cjs', terminalHost: 'host.cjs' });
  const [daemon, host] = forked as [FakeUtility, FakeUtility];
  assert.deepEqual([daemon.entry, host.entry], ['daemon.cjs', 'host.cjs']);
  assert.deepEqual(host.received, [{ message: { kind: 'port' }, transfer: [{ end: 'host', channel: 1 }] }]);
  assert.deepEqual(daemon.received, [
    { message: { kind: 'terminal-port' }, transfer: [{ end: 'daemon', channel: 1 }] },
  ]);
  daemon.emit('message', { kind: 'started', url: 'http://127.0.0.1:5599', adminToken: 't' });
  const running = await started;
  assert.equal(running.url, 'http://127.0.0.1:5599');
  const closed = running.close();
  assert.deepEqual(daemon.received.at(-1), { message: { kind: 'stop' } });
  assert.ok(host.killed);
  daemon.emit('exit', 0);
  await closed;
});

test('a daemon that cannot start rejects with its code, so main can attach to the running one', async () => {
  const { fake, forked } = platform();
  const started = startDaemonProcess(fake, { daemon: 'daemon.cjs', terminalHost: 'host.cjs' });
  forked[0]!.emit('message', { kind: 'failed', code: 'EALREADYRUNNING', message: 'a daemon already runs' });
  await assert.rejects(started, { code: 'EALREADYRUNNING', message: 'a daemon already runs' });
  assert.ok(forked[1]!.killed, 'the host it started is stopped');
});

test('a host that dies is started again with a fresh channel, at most five times a minute', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { fake, forked } = platform();
  const ports: object[] = [];
  superviseTerminalHost(
    fake,
    'host.cjs',
    (port) => ports.push(port),
    () => 0,
  );
  for (let crash = 0; crash < 7; crash += 1) {
    forked.at(-1)!.emit('exit', 1);
    t.mock.timers.tick(1_000);
  }
  assert.equal(forked.length, 5);
  assert.deepEqual(
    ports.map((port) => (port as { channel: number }).channel),
    [1, 2, 3, 4, 5],
  );
});
