// The daemon's log, over real HTTP and a real file: what a running daemon writes (start, stop, a failed request),
// what it never writes (a credential, a line per request), and what `ssg doctor` reads back from it.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { daemonLogPath, recentDaemonErrors } from '@ssg/node/daemon-log';
import { buildApp } from '../server/app';
import { TestDaemon } from '../testing/test-daemon';
import { daemonLog } from './daemon-logger';
import { DaemonIdentity } from '../server/daemon-identity';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef';

describe('the daemon log', () => {
  const homes: string[] = [];
  const newHome = (): string => {
    const home = mkdtempSync(join(tmpdir(), 'ssg-log-'));
    homes.push(home);
    return home;
  };
  after(() => homes.forEach((home) => rmSync(home, { recursive: true, force: true })));

  test('a daemon writes its start and stop, and nothing per request', async () => {
    const daemon = await TestDaemon.start();
    const health = await daemon.request('GET', '/api/json/health', { token: false });
    assert.equal(health.status, 200);
    await daemon.daemon.close();
    const lines = readFileSync(daemonLogPath(daemon.home), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const messages = lines.map((line) => line.msg);
    assert.ok(messages.includes('ssg daemon listening'), messages.join(' | '));
    assert.ok(messages.includes('ssg daemon stopping'), messages.join(' | '));
    assert.ok(!messages.some((message) => /incoming request|request completed/.test(message)), messages.join(' | '));
    assert.equal(statSync(daemonLogPath(daemon.home)).mode & 0o777, 0o600);
    await daemon.stop();
  });

  test('a request that fails is logged with its error, and the credentials it carried are not', async () => {
    const home = newHome();
    const log = daemonLog(home);
    const app = await buildApp({
      identity: DaemonIdentity.create(),
      log: log.options,
      credentials: { hookToken: 'h'.repeat(64), adminToken: TOKEN },
      port: () => 0,
      routes: [
        async (instance) => {
          instance.get('/api/json/boom', async () => {
            throw new Error('the ledger is on fire');
          });
        },
      ],
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/json/boom',
      headers: {
        host: '127.0.0.1:0',
        'x-service-token': TOKEN,
        cookie: `ssg_dashboard=${TOKEN}`,
        // The pane socket's session token (a browser cannot put it in a header of its own).
        'sec-websocket-protocol': `ssg-terminal, ssg-bearer.${TOKEN}`,
      },
    });
    assert.equal(response.statusCode, 500);
    await app.close();
    await log.close();
    const text = readFileSync(daemonLogPath(home), 'utf8');
    assert.match(text, /the ledger is on fire/);
    assert.ok(!text.includes(TOKEN), text);
    assert.deepEqual(
      recentDaemonErrors(home).map((error) => error.message),
      ['the ledger is on fire'],
    );
  });

  test('recentDaemonErrors: the latest errors only, newest last; no log, no errors; junk lines skipped', () => {
    const home = newHome();
    assert.deepEqual(recentDaemonErrors(home), []);
    mkdirSync(join(home, 'logs'));
    const line = (level: number, msg: string, time: number) => JSON.stringify({ level, time, msg });
    const lines = [
      line(50, 'first', 1),
      'not json',
      '{"level": "high"}',
      line(30, 'fine', 2),
      ...Array.from({ length: 6 }, (_, index) => line(50, `error ${index}`, 10 + index)),
      line(60, 'fatal one', 20),
      JSON.stringify({ level: 50, time: 21, msg: 'wrapped', err: { message: 'the cause' } }),
    ];
    writeFileSync(daemonLogPath(home), `${lines.join('\n')}\n{"level": 50, "ti`);
    assert.deepEqual(recentDaemonErrors(home, 3), [
      { time: 15, message: 'error 5' },
      { time: 20, message: 'fatal one' },
      { time: 21, message: 'the cause' },
    ]);
  });
});
