// The daemon as the desktop app runs it, in a utilityProcess of its own, on Node: a stand-in for Electron's
// parentPort and a MessageChannelMain, with a real daemon on a temp home. Main is told where the daemon listens, the
// terminal's requests travel over the port it handed over (its far end answers as the pty host would; the real
// host behind the daemon is tested in routes/terminal.test.ts), a second daemon for the same home reports
// EALREADYRUNNING, and `stop` closes the daemon before it says so.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { HostInbound, HostOutbound, PaneList } from '@ssg/contracts/terminal';
import { licensePath } from '@ssg/node/license/active-license';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { startDaemon } from '../daemon';
import type { MessagePortLike } from '../terminal/port-link';
import { type DaemonProcessEvent, type ParentPortLike, serveDaemonOverPort } from './daemon-over-port';

class FakePort extends EventEmitter implements MessagePortLike {
  other!: FakePort;
  postMessage(message: unknown): void {
    const data = structuredClone(message);
    setImmediate(() => this.other.emit('message', { data, ports: [] }));
  }
  start(): void {}
  close(): void {
    this.emit('close');
    this.other.emit('close');
  }
}

function channel(): [FakePort, FakePort] {
  const a = new FakePort();
  const b = new FakePort();
  a.other = b;
  b.other = a;
  return [a, b];
}

class FakeParent extends EventEmitter implements ParentPortLike {
  readonly events: DaemonProcessEvent[] = [];
  postMessage(message: DaemonProcessEvent): void {
    this.events.push(message);
    this.emit('event', message);
  }
  command(data: unknown, ports: MessagePortLike[] = []): void {
    this.emit('message', { data, ports });
  }
  next(kind: DaemonProcessEvent['kind']): Promise<DaemonProcessEvent> {
    const found = this.events.find((event) => event.kind === kind);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) =>
      this.on('event', (event: DaemonProcessEvent) => event.kind === kind && resolve(event)),
    );
  }
}

test('the daemon in a utilityProcess: started, the terminal over main’s port, a second one refused, stopped', async () => {
  const home = mkdtempSync(join(tmpdir(), 'ssg-daemon-process-'));
  const issuer = newTestIssuer();
  trustTestIssuer(home, issuer);
  writeFileSync(
    licensePath(home),
    mintLicense(issuer.privateKey, { iss: 'test-issuer', tier: 'pro', exp: 4_102_444_800 }),
  );
  const env = { HOME: home, CLAUDE_CONFIG_DIR: join(home, 'claude'), CODEX_HOME: join(home, 'codex') };
  const start = (terminalHost: Parameters<Parameters<typeof serveDaemonOverPort>[1]>[0]) =>
    startDaemon({ home, port: 0, env, keychain: () => undefined, terminalHost });

  // The pty host's end of the channel main made: it answers listPanes with one pane.
  const [daemonEnd, hostEnd] = channel();
  const asked: string[] = [];
  hostEnd.on('message', ({ data }: { data: HostInbound }) => {
    if (data.kind !== 'request') return;
    asked.push(data.op);
    const answer: HostOutbound = { kind: 'response', id: data.id, ok: true, value: { panes: [] } satisfies PaneList };
    hostEnd.postMessage(answer);
  });

  const parent = new FakeParent();
  const served = serveDaemonOverPort(parent, start);
  parent.command({ kind: 'terminal-port' }, [daemonEnd]);
  const started = (await parent.next('started')) as Extract<DaemonProcessEvent, { kind: 'started' }>;
  assert.match(started.url, /^http:\/\/127\.0\.0\.1:\d+$/);

  const response = await fetch(`${started.url}/api/terminal/sessions`, {
    headers: { 'x-service-token': started.adminToken },
  });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { panes: [] });
  assert.deepEqual(asked, ['listPanes']);

  const second = new FakeParent();
  await serveDaemonOverPort(second, start);
  assert.deepEqual(
    second.events.map((event) => [event.kind, (event as { code?: string }).code]),
    [['failed', 'EALREADYRUNNING']],
  );

  parent.command({ kind: 'stop' });
  await served;
  assert.deepEqual(
    parent.events.map((event) => event.kind),
    ['started', 'stopped'],
  );
  await assert.rejects(fetch(`${started.url}/api/health`));
  rmSync(home, { recursive: true, force: true });
});
