// Where the CLI and the hooks look for the daemon: the environment first, then the daemon.json a running daemon
// writes; the CLI falls back to the default port, the hooks only ask a daemon that announced itself.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { announcedDaemonEndpoint, DEFAULT_DAEMON_URL, daemonEndpoint } from './daemon-endpoint';

describe('daemon endpoint', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-endpoint-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const announce = (url: string): void =>
    writeFileSync(join(home, 'daemon.json'), JSON.stringify({ url, pid: 4242, startedAt: 1 }));

  const cases: Array<{
    name: string;
    env: NodeJS.ProcessEnv;
    daemonFile?: string;
    token?: string;
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
  ];
  for (const { name, env, daemonFile, cli, hook } of cases) {
    test(name, () => {
      if (daemonFile) announce(daemonFile);
      assert.equal(daemonEndpoint(home, env).url, cli);
      assert.equal(announcedDaemonEndpoint(home, env)?.url, hook);
    });
  }

  test('a daemon.json that is not one (corrupt, or missing fields) announces nothing', () => {
    writeFileSync(join(home, 'daemon.json'), '{"url": "http://127.0.0.1:40123"');
    assert.equal(announcedDaemonEndpoint(home, {}), undefined);
    writeFileSync(join(home, 'daemon.json'), '{"url": "http://127.0.0.1:40123"}');
    assert.equal(announcedDaemonEndpoint(home, {}), undefined);
  });

  test('the token comes from daemon.token, trimmed; absent or blank is undefined', () => {
    announce('http://127.0.0.1:40123');
    assert.equal(announcedDaemonEndpoint(home, {})?.token, undefined);
    writeFileSync(join(home, 'daemon.token'), '  \n');
    assert.equal(announcedDaemonEndpoint(home, {})?.token, undefined);
    writeFileSync(join(home, 'daemon.token'), 'abc123\n');
    assert.equal(announcedDaemonEndpoint(home, {})?.token, 'abc123');
    assert.equal(daemonEndpoint(home, {}).token, 'abc123');
  });
});
