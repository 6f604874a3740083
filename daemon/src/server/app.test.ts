// The daemon's front door, over real HTTP: loopback Host names only, the token on everything not public, clear
// 4xx answers for bodies that are empty, malformed, too deep or too large.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TestDaemon } from '../testing/test-daemon';
import { isLoopbackHost } from './loopback-guard';

/** fetch() will not send a foreign Host header, so these go through node:http. */
function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('isLoopbackHost', () => {
  const cases: Array<[string | undefined, boolean]> = [
    ['127.0.0.1:5599', true],
    ['localhost:5599', true],
    ['LOCALHOST:5599', true],
    ['[::1]:5599', true],
    ['127.0.0.1:5598', false],
    ['127.0.0.1', false],
    ['evil.example:5599', false],
    ['127.0.0.1.evil.example:5599', false],
    ['localhost.:5599', false],
    ['', false],
    [undefined, false],
  ];
  for (const [host, expected] of cases) {
    test(`${JSON.stringify(host)} → ${expected}`, () => assert.equal(isLoopbackHost(host, 5599), expected));
  }
});

describe('daemon front door', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start()));
  after(() => daemon.stop());

  test('health is public and says who answers', async () => {
    const response = await daemon.request<{ ok: boolean; pid: number }>('GET', '/api/json/health', { token: false });
    assert.equal(response.status, 200);
    assert.equal(response.body.ok, true);
    assert.equal(response.body.pid, process.pid);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  test('a foreign Host header is refused before routing (DNS rebinding)', async () => {
    const response = await rawGet(daemon.daemon.port, '/api/json/health', 'attacker.example');
    assert.equal(response.status, 403);
    assert.match(JSON.parse(response.body).message, /Host "attacker\.example" is not allowed/);
  });

  test('routes that are not public need the token, and only the right one', async () => {
    const missing = await daemon.request<{ message: string }>('GET', '/api/json/nothing-here', { token: false });
    assert.equal(missing.status, 401);
    assert.match(missing.body.message, /missing X-Service-Token/);
    const wrong = await daemon.request<{ message: string }>('GET', '/api/json/nothing-here', { token: 'f'.repeat(64) });
    assert.equal(wrong.status, 401);
    assert.match(wrong.body.message, /invalid X-Service-Token/);
    const known = await daemon.request<{ message: string }>('GET', '/api/json/nothing-here');
    assert.equal(known.status, 404);
    assert.match(known.body.message, /no route GET \/api\/json\/nothing-here/);
  });

  test('the token file is 0600 and survives a restart', async () => {
    const first = await TestDaemon.start();
    const path = join(first.home, 'daemon.token');
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(readFileSync(path, 'utf8').trim(), first.daemon.token);
    await first.stop({ keepHome: true });
    const second = await TestDaemon.start({ home: first.home });
    assert.equal(second.daemon.token, first.daemon.token);
    await second.stop();
  });
});
