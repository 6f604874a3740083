// The dashboard's sign-in handshake and its static files over real HTTP against a real daemon: a ticket (in the
// link's fragment) trades once, from the daemon's own origin, for a session token the page sends as
// `Authorization: Bearer`; used, expired, forged and foreign-origin exchanges get nothing; no response sets a
// cookie and no cookie is accepted, so a server on another loopback port (which sees every 127.0.0.1 cookie) has
// nothing to replay; the header authorises reads and (from the daemon's own origin only) mutations; logout ends
// it; the renderer's files come with the CSP and never from outside their folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SLEEP_MODE_PATH } from '@ssg/contracts/sleep-mode';
import {
  DASHBOARD_LOGOUT_PATH,
  DASHBOARD_SESSIONS_PATH,
  DASHBOARD_TICKETS_PATH,
  type DashboardSession,
  type DashboardTicket,
} from '@ssg/contracts/dashboard';
import { TestDaemon } from '../testing/test-daemon';
import { DASHBOARD_CSP } from './security-headers';
import { SESSION_TTL_MS } from './sessions';
import { TICKET_TTL_MS } from './tickets';

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

/** The ticket a sign-in link carries in its fragment (`#ticket=…`), which the browser never sends to a server. */
const ticketOf = (url: string): string => new URLSearchParams(new URL(url).hash.slice(1)).get('ticket') ?? '';

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
  /** What the dashboard page does with the ticket: POST it from its own origin, with no credential. */
  const exchange = (ticket: string, headers: Record<string, string> = { origin: daemon.url }) =>
    daemon.request<DashboardSession & { message: string }>('POST', DASHBOARD_SESSIONS_PATH, {
      body: { ticket },
      token: false,
      headers,
    });
  const signIn = async (): Promise<string> => {
    const response = await exchange(ticketOf((await issue()).url));
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.token;
  };
  const withSession = (session: string, extra: Record<string, string> = {}) => ({
    token: false as const,
    headers: { authorization: `Bearer ${session}`, ...extra },
  });
  const sleepState = async (): Promise<boolean> =>
    (await daemon.request<{ enabled: boolean }>('GET', SLEEP_MODE_PATH)).body.enabled;

  test('a ticket is a one-time link to the dashboard, in its fragment, valid 60 s, and needs the token', async () => {
    const ticket = await issue();
    assert.match(ticket.url, new RegExp(`^${daemon.url}/#ticket=[A-Za-z0-9_-]{43}$`));
    assert.equal(ticket.expiresAt, now + TICKET_TTL_MS);
    const refused = await daemon.request('POST', DASHBOARD_TICKETS_PATH, { body: {}, token: false });
    assert.equal(refused.status, 401);
  });

  test('the ticket trades for a session token lasting 8 hours, and no cookie', async () => {
    const response = await exchange(ticketOf((await issue()).url));
    assert.equal(response.status, 200);
    assert.match(response.body.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(response.body.expiresAt, now + SESSION_TTL_MS);
    assert.equal(response.headers.get('set-cookie'), null);
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  const refusedTickets: Array<[string, () => Promise<string>]> = [
    [
      'a used',
      async () => {
        const { url } = await issue();
        assert.equal((await exchange(ticketOf(url))).status, 200);
        return ticketOf(url);
      },
    ],
    [
      'an expired',
      async () => {
        const { url } = await issue();
        now += TICKET_TTL_MS;
        return ticketOf(url);
      },
    ],
    ['a forged', async () => 'A'.repeat(43)],
    ['a hostile', async () => '<script>alert(1)</script>'],
  ];
  for (const [name, ticket] of refusedTickets) {
    test(`${name} ticket → 401 saying to get a new link, no session, no cookie`, async () => {
      const response = await exchange(await ticket());
      assert.equal(response.status, 401);
      assert.equal(response.body.token, undefined);
      assert.equal(response.headers.get('set-cookie'), null);
      assert.match(response.body.message, /run `ssg dashboard` for a new link/);
      assert.doesNotMatch(response.body.message, /<script/);
    });
  }

  const foreignOrigins: Array<[string, Record<string, string>, RegExp]> = [
    ['no Origin', {}, /missing Origin header/],
    ['another site', { origin: 'https://evil.example' }, /Origin "https:\/\/evil\.example" is not allowed/],
    ['another loopback port', { origin: 'http://127.0.0.1:1' }, /is not allowed/],
    ['the null origin', { origin: 'null' }, /is not allowed/],
  ];
  for (const [name, headers, message] of foreignOrigins) {
    test(`a ticket exchanged from ${name} → 403, and the ticket still works from the dashboard`, async () => {
      const ticket = ticketOf((await issue()).url);
      const response = await exchange(ticket, headers);
      assert.equal(response.status, 403);
      assert.match(response.body.message, message);
      assert.equal((await exchange(ticket)).status, 200);
    });
  }

  test('the session header authorises reads and same-origin mutations, like the token', async () => {
    const session = await signIn();
    const read = await daemon.request<{ mode: string }>('GET', SLEEP_MODE_PATH, withSession(session));
    assert.equal(read.status, 200);
    assert.equal(read.body.mode, 'off');
    const write = await daemon.request<{ enabled: boolean }>('POST', SLEEP_MODE_PATH, {
      body: { enabled: true, forMs: 3_600_000 },
      ...withSession(session, { origin: daemon.url }),
    });
    assert.equal(write.status, 200, JSON.stringify(write.body));
    assert.equal(write.body.enabled, true);
    const token = await daemon.request<{ enabled: boolean }>('POST', SLEEP_MODE_PATH, { body: { enabled: false } });
    assert.equal(token.status, 200);
    assert.equal(token.body.enabled, false);
  });

  // What a dev server on another 127.0.0.1 port could replay: cookies ignore ports, so a session id sent as the
  // old `ssg_dashboard` cookie, with the daemon's Origin forged, must not turn Sleep at Night off.
  test('a live session sent as the old cookie, without the header → 401, Sleep at Night stays on', async () => {
    const session = await signIn();
    await daemon.request('POST', SLEEP_MODE_PATH, { body: { enabled: true, forMs: 3_600_000 } });
    const cookieOnly = { token: false as const, headers: { cookie: `ssg_dashboard=${session}`, origin: daemon.url } };
    const off = await daemon.request('POST', SLEEP_MODE_PATH, { body: { enabled: false }, ...cookieOnly });
    assert.equal(off.status, 401);
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, cookieOnly)).status, 401);
    assert.equal(await sleepState(), true);
    await daemon.request('POST', SLEEP_MODE_PATH, { body: { enabled: false } });
  });

  for (const [name, headers, message] of foreignOrigins) {
    test(`a session mutation from ${name} → 403, nothing changed`, async () => {
      const session = await signIn();
      const response = await daemon.request<{ message: string }>('POST', SLEEP_MODE_PATH, {
        body: { enabled: true },
        ...withSession(session, headers),
      });
      assert.equal(response.status, 403);
      assert.match(response.body.message, message);
      assert.equal(await sleepState(), false);
    });
  }

  const refusedCredentials: Array<[string, Record<string, string>]> = [
    ['a forged session', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ['no credential', {}],
    ['another scheme', { authorization: 'Basic c3NnOnNzZw==' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ];
  for (const [name, headers] of refusedCredentials) {
    test(`${name} → 401`, async () => {
      assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, { token: false, headers })).status, 401);
    });
  }

  test('a session lasts 8 hours', async () => {
    const session = await signIn();
    now += SESSION_TTL_MS - 1;
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withSession(session))).status, 200);
    now += 1;
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withSession(session))).status, 401);
  });

  test('logout ends the session and sets no cookie', async () => {
    const session = await signIn();
    const logout = await daemon.request('POST', DASHBOARD_LOGOUT_PATH, {
      body: {},
      ...withSession(session, { origin: daemon.url }),
    });
    assert.equal(logout.status, 200);
    assert.equal(logout.headers.get('set-cookie'), null);
    assert.equal((await daemon.request('GET', SLEEP_MODE_PATH, withSession(session))).status, 401);
  });

  test('dashboardLink() issues a working link in-process', async () => {
    const response = await exchange(ticketOf(daemon.daemon.dashboardLink()));
    assert.equal(response.status, 200);
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
