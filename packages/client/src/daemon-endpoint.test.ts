// Where the CLI and the hooks look for the daemon: the environment first (loopback only), then the daemon.json a
// running daemon writes; the CLI falls back to the default port, the hooks only ask a daemon that announced itself
// and is still running, with the key it proves itself with.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { type AnnouncedDaemon, announcedDaemonEndpoint, DEFAULT_DAEMON_URL, daemonEndpoint } from './daemon-endpoint';

const urlOf = (announced: AnnouncedDaemon): string | undefined =>
  announced.kind === 'announced' ? announced.endpoint.url : undefined;

describe('daemon endpoint', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-endpoint-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  /** A daemon.json as a daemon writes it; this test process stands in for the running daemon. */
  const announce = (url: string, pid = process.pid): void =>
    writeFileSync(join(home, 'daemon.json'), JSON.stringify({ url, pid, startedAt: 1, publicKey: 'key' }));

  const cases: Array<{
    name: string;
    env: NodeJS.ProcessEnv;
    daemonFile?: string;
    cli: string;
    hook: string | undefined;
  }> = [
    { name: 'nothing announced', env: {}, cli: DEFAULT_DAEMON_URL, hook: undefined },
    {
      name: 'an empty SSG_DAEMON_URL counts as unset',
      env: { SSG_DAEMON_URL: '' },
      cli: DEFAULT_DAEMON_URL,
      hook: undefined,
    },
    {
      name: 'daemon.json of a running daemon',
      env: {},
      daemonFile: 'http://127.0.0.1:40123',
      cli: 'http://127.0.0.1:40123',
      hook: 'http://127.0.0.1:40123',
    },
    {
      name: 'SSG_DAEMON_URL wins over daemon.json, trailing slashes dropped',
      env: { SSG_DAEMON_URL: 'http://127.0.0.1:7000//' },
      daemonFile: 'http://127.0.0.1:40123',
      cli: 'http://127.0.0.1:7000',
      hook: 'http://127.0.0.1:7000',
    },
    {
      name: 'SSG_DAEMON_URL alone announces nothing to the hooks: there is no key to check an answer with',
      env: { SSG_DAEMON_URL: 'http://127.0.0.1:7000' },
      cli: 'http://127.0.0.1:7000',
      hook: undefined,
    },
    {
      name: 'an SSG_DAEMON_URL off loopback is ignored',
      env: { SSG_DAEMON_URL: 'http://192.0.2.1:5599' },
      daemonFile: 'http://127.0.0.1:40123',
      cli: 'http://127.0.0.1:40123',
      hook: undefined,
    },
  ];
  for (const { name, env, daemonFile, cli, hook } of cases) {
    test(name, () => {
      if (daemonFile) announce(daemonFile);
      assert.equal(daemonEndpoint(home, env).url, cli);
      assert.equal(urlOf(announcedDaemonEndpoint(home, env)), hook);
    });
  }

  test('a daemon.json whose daemon is gone is stale: nothing is announced, and the CLI has no key', () => {
    announce('http://127.0.0.1:40123', 2 ** 22 + 12345);
    const announced = announcedDaemonEndpoint(home, {});
    assert.deepEqual(announced, { kind: 'none', problem: 'no daemon is running for this ssg home' });
    assert.equal(daemonEndpoint(home, {}).publicKey, undefined);
    assert.equal(daemonEndpoint(home, {}).url, DEFAULT_DAEMON_URL);
  });

  test('the key comes with the endpoint', () => {
    announce('http://127.0.0.1:40123');
    const announced = announcedDaemonEndpoint(home, {});
    assert.equal(announced.kind === 'announced' && announced.endpoint.publicKey, 'key');
    assert.equal(daemonEndpoint(home, {}).publicKey, 'key');
  });

  test('a daemon.json that is not one (corrupt, or missing fields) announces nothing', () => {
    writeFileSync(join(home, 'daemon.json'), '{"url": "http://127.0.0.1:40123"');
    assert.equal(announcedDaemonEndpoint(home, {}).kind, 'none');
    writeFileSync(join(home, 'daemon.json'), `{"url": "http://127.0.0.1:40123", "pid": ${process.pid}}`);
    assert.equal(announcedDaemonEndpoint(home, {}).kind, 'none');
  });

  test('the token comes from daemon.token, trimmed; absent or blank is undefined', () => {
    announce('http://127.0.0.1:40123');
    const token = (): string | undefined => {
      const announced = announcedDaemonEndpoint(home, {});
      return announced.kind === 'announced' ? announced.endpoint.token : 'not announced';
    };
    assert.equal(token(), undefined);
    writeFileSync(join(home, 'daemon.token'), '  \n');
    assert.equal(token(), undefined);
    writeFileSync(join(home, 'daemon.token'), 'abc123\n');
    assert.equal(token(), 'abc123');
    assert.equal(daemonEndpoint(home, {}).token, 'abc123');
  });
});
