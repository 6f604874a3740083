// The dashboard's sign-in handshake and its static files over real HTTP against a real daemon: a ticket trades
// once for a cookie with exactly the agreed attributes; used, expired, forged and missing tickets get the sign-in
// page and no cookie; the cookie authorises reads and (from the daemon's own origin only) mutations; logout ends
// it; the renderer's files come with the CSP and never from outside their folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SLEEP_MODE_PATH } from '@ssg/contracts/sleep-mode';
import { DASHBOARD_LOGOUT_PATH, DASHBOARD_TICKETS_PATH, type DashboardTicket } from '@ssg/contracts/dashboard';
import { TestDaemon } from '../testing/test-daemon';
import { DASHBOARD_CSP } from './security-headers';
import { TICKET_TTL_MS } from './tickets';

const COOKIE = /^ssg_dashboard=([A-Za-z0-9_-]{43}); HttpOnly; SameSite=Strict; Path=\/; Max-Age=28800$/;

/** A GET sent byte for byte as written: fetch would resolve `..` segments before sending. */
/** A GET through node:http, which (unlike fetch) sends conditional headers as given, without a no-cache. */
function rawGet(
  url: string,
  path: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = { hostname, port, path, method: 'GET', headers: { 'x-service-token': token, ...headers } };
    const req = httpRequest(request, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('dashboard sign-in', () => {
  let now = 1_700_000_000_000;
  let daemon: TestDaemon;
  const rendererDir = mkdtempSync(join(tmpdir(), 'ssg-renderer-'));

  before(async () => {
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>ssg</title><script src="/assets/app.js">');
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(rendererDir, '..', `secret-${process.pid}.txt`), 'outside');
    symlinkSync(join(rendererDir, '..', `secret-${process.pid}.txt`), join(rendererDir, 'link.txt'));
    daemon = await TestDaemon.start({ clock: { now: () => now }, rendererDir });
  });
  after(async () => {
    await daemon.stop();
    rmSync(rendererDir, { recursive: true, force: true });
    rmSync(join(rendererDir, '..', `secret-${process.pid}.txt`), { force: true });
  });

  const issue = async (): Promise<DashboardTicket> => {
    const response = await daemon.request<DashboardTicket>('POST', DASHBOARD_TICKETS_PATH, { body: {} });
    assert.equal(response.status, 200);
    return response.body;
  };
  const follow = (url: string) => fetch(url, { redirect: 'manual' });
  const signIn = async (): Promise<string> => {
    const response = await follow((await issue()).url);
    assert.equal(response.status, 303);
    return COOKIE.exec(response.headers.get('set-cookie') ?? '')![1]!;
  };
  const withCookie = (session: string, extra: Record<string, string> = {}) => ({
    token: false as const,
    headers: { cookie: `ssg_dashboard=${session}`, ...extra },
  });

  test('a ticket is a one-time link on the daemon, valid 60 s, and needs the token', async () => {
    const ticket = await issue();
    assert.match(ticket.url, new RegExp(`^${daemon.url}/login\\?ticket=[A-Za-z0-9_-]{43}$`));
    assert.equal(ticket.expiresAt, now + TICKET_TTL_MS);
    const refused = await daemon.request('POST', DASHBOARD_TICKETS_PATH, { body: {}, token: false });
    assert.equal(refused.status, 401);
  });

  test('the ticket trades for a cookie with exactly the agreed attributes and a 303 to /', async () => {
    const response = await follow((await issue()).url);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/');
    assert.match(response.headers.get('set-cookie') ?? '', COOKIE);
  });

  const refusedTickets: Array<[string, () => Promise<string>]> = [
    [
      'used',
      async () => {
        const { url } = await issue();
        assert.equal((await follow(url)).status, 303);
        return url;
      },
    ],
    [
      'expired',
      async () => {
        const { url } = await issue();
        now += TICKET_TTL_MS;
        return url;
      },
    ],
    ['forged', async () => `${daemon.url}/login?ticket=${'A'.repeat(43)}`],
    ['missing', async () => `${daemon.url}/login`],
    ['hostile', async () => `${daemon.url}/login?ticket=${encodeURIComponent('<script>alert(1)</script>')}`],
  ];
  for (const [name, link] of refusedTickets) {
    test(`a ${name} ticket gets the sign-in page and no cookie`, async () => {
      const response = await follow(await link());
      assert.equal(response.status, 401);
      assert.equal(response.headers.get('set-cookie'), null);
      assert.equal(response.headers.get('content-security-policy'), DASHBOARD_CSP);
      const page = await response.text();
      assert.match(page, /run <code>ssg dashboard<\/code> in a terminal and open the link it prints/);
      assert.doesNotMatch(page, /<script/);
    });
  }

  test('the cookie authorises reads and same-origin mutations, like the token', async () => {
    const session = await signIn();
    const read = await daemon.request<{ mode: string }>('GET', SLEEP_MODE_PATH, withCookie(session));
    assert.equal(read.status, 200);
    assert.equal(read.body.mode, 'off');
    const write = await daemon.request<{ enabled: boolean }>('POST', SLEEP_MODE_PATH, {
      body: { enabled: true, forMs: 3_600_000 },
      ...withCookie(session, { origin: daemon.url }),
    });
    assert.equal(write.status, 200, JSON.stringify(write.body));
    assert.equal(write.body.enabled, true);
    const token = await daemon.request<{ enabled: boolean }>('POST', SLEEP_MODE_PATH, { body: { enabled: false } });
    assert.equal(token.status, 200);
    assert.equal(token.body.enabled, false);
  });

  const foreignOrigins: Array<[string, Record<string, string>, RegExp]> = [
    ['no Origin', {}, /missing Origin header/],
    ['another site', { origin: 'https://evil.example' }, /Origin "https:\/\/evil\.example" is not allowed/],
    ['another loopback port', { origin: 'http://127.0.0.1:1' }, /is not allowed/],
    ['the null origin', { origin: 'null' }, /is not allowed/],
  ];
  for (const [name, headers, message] of foreignOrigins) {
    test(`a cookie mutation from ${name} → 403, nothing changed`, async () => {
      const session = await signIn();
      const response = await daemon.request<{ message: string }>('POST', SLEEP_MODE_PATH, {
        body: { enabled: true },
        ...withCookie(session, headers),
      });
      assert.equal(response.status, 403);
      assert.match(response.body.message, message);
      const state = await daemon.request<{ enabled: boolean }>('GET', SLEEP_MODE_PATH);
      assert.equal(state.body.enabled, false);
    });
  }

  test('a forged or missing cookie → 401', async () => {
    for (const options of [withCookie('A'.repeat(43)), { token: false as const }]) {
      assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, options)).status, 401);
    }
  });

  test('a session lasts 8 hours', async () => {
    const session = await signIn();
    now += 8 * 3_600_000 - 1;
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withCookie(session))).status, 200);
    now += 1;
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withCookie(session))).status, 401);
  });

  test('logout ends the session and clears the cookie', async () => {
    const session = await signIn();
    const logout = await daemon.request('POST', DASHBOARD_LOGOUT_PATH, {
      body: {},
      ...withCookie(session, { origin: daemon.url }),
    });
    assert.equal(logout.status, 200);
    assert.match(logout.headers.get('set-cookie') ?? '', /^ssg_dashboard=; .*Max-Age=0$/);
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withCookie(session))).status, 401);
  });

  test('dashboardLink() issues a working link in-process', async () => {
    const response = await follow(daemon.daemon.dashboardLink());
    assert.equal(response.status, 303);
    assert.match(response.headers.get('set-cookie') ?? '', COOKIE);
  });

  describe('static files', () => {
    test('index.html at / with the CSP, nosniff, no referrer and no caching, without a session', async () => {
      const response = await fetch(`${daemon.url}/`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /<title>ssg<\/title>/);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.equal(response.headers.get('content-security-policy'), DASHBOARD_CSP);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('cache-control'), 'no-store');
    });

    test('hashed assets are served with their type and cached', async () => {
      const response = await fetch(`${daemon.url}/assets/app.js`);
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'console.log(1)');
      assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(response.headers.get('content-security-policy'), DASHBOARD_CSP);
      assert.match(response.headers.get('cache-control') ?? '', /immutable/);
    });

    test('a file the browser has is a 304 by its ETag or date, with no body', async () => {
      const first = await fetch(`${daemon.url}/assets/app.js`);
      const etag = first.headers.get('etag');
      const modified = first.headers.get('last-modified');
      assert.ok(etag && modified, 'ETag and Last-Modified are sent');
      const conditions: Array<Record<string, string>> = [{ 'if-none-match': etag }, { 'if-modified-since': modified }];
      for (const headers of conditions) {
        assert.deepEqual(await rawGet(daemon.url, '/assets/app.js', '', headers), { status: 304, body: '' });
      }
      const changed = await rawGet(daemon.url, '/assets/app.js', '', { 'if-none-match': 'W/"other"' });
      assert.deepEqual(changed, { status: 200, body: 'console.log(1)' });
    });

    const outside = [
      '/../../etc/passwd',
      '/assets/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cetc%5cpasswd',
      '/%252e%252e/etc/passwd',
      `/..%2fsecret-${process.pid}.txt`,
      '/link.txt',
      '/assets',
      '/assets/',
      '/nothing-here.js',
      '/index.html%00.js',
    ];
    for (const path of outside) {
      test(`${path} → 404`, async () => {
        // With the admin credential, so a path no route matches reaches the not-found handler rather than the auth.
        const response = await rawGet(daemon.url, path, daemon.daemon.adminToken);
        assert.ok(response.status === 404 || response.status === 400, `${response.status}`);
        assert.doesNotMatch(response.body, /root:|outside/);
      });
    }

    test('an unknown API path stays a JSON 404, not a file lookup', async () => {
      const response = await daemon.request<{ message: string }>('GET', '/api/json/nope');
      assert.equal(response.status, 404);
      assert.match(response.body.message, /no route GET \/api\/json\/nope/);
    });
  });
});

describe('dashboard not built', () => {
  test('/ says how to build it', async () => {
    const daemon = await TestDaemon.start({ rendererDir: join(tmpdir(), 'ssg-no-such-renderer') });
    try {
      const response = await fetch(`${daemon.url}/`);
      assert.equal(response.status, 503);
      assert.match(await response.text(), /the dashboard is not built: run <code>npm run build<\/code>/i);
      assert.equal(response.headers.get('content-security-policy'), DASHBOARD_CSP);
    } finally {
      await daemon.stop();
    }
  });
});
