// The dashboard's session in headless Chromium against a real daemon (issue 12 §3): cookies ignore ports, so a
// dev server on another 127.0.0.1 port would receive any cookie the daemon set. The session therefore lives in
// the tab's sessionStorage (per origin, port included) and travels as `Authorization: Bearer` on every call and
// on the live stream. These tests open the dashboard through a one-time link and check that the browser stores no
// cookie, that the ticket leaves the address bar, that pages and live events work with the header, that a reload
// keeps the session and another tab does not get it, that a server on another loopback port receives no ssg
// credential, and that a refused link and signing out end at the sign-in screen.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { DashboardDaemon } from './dashboard-daemon';

// Generous: these tests share the machine with the rest of the suite.
const expect = baseExpect.configure({ timeout: 10_000 });

/** A server on another loopback port, as a dev server the user opens would be: it records what it receives. */
class OtherLoopbackServer {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    /** The headers of every request it received, in order. */
    readonly received: IncomingHttpHeaders[],
  ) {}

  static async start(): Promise<OtherLoopbackServer> {
    const received: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      received.push(request.headers);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>dev server</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new OtherLoopbackServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let daemon: DashboardDaemon;
test.beforeEach(async () => {
  daemon = await DashboardDaemon.start();
});
test.afterEach(async () => {
  await daemon.stop();
});

const signInScreen = (page: Page) => page.getByRole('heading', { name: 'Open the dashboard from your terminal' });
/** What the tab keeps in sessionStorage (expressions as strings: this program has no DOM types). */
const sessionToken = (page: Page) => page.evaluate<string>("Object.values(sessionStorage).join(' ')");

test('a ticket link signs the tab in with no cookie; pages, live events and a reload work; another port gets nothing', async ({
  page,
  context,
}) => {
  const link = await daemon.ticketUrl();
  const ticket = /ticket=([A-Za-z0-9_-]{43})/.exec(link)![1]!;
  const stream = page.waitForRequest('**/api/json/events');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  // The ticket is gone from the address bar; no cookie exists, for any port (soft: the checks below still run).
  expect(page.url()).not.toContain(ticket);
  expect.soft(await page.evaluate<string>('document.cookie')).toBe('');
  expect.soft(await context.cookies()).toEqual([]);

  // A dev server on another 127.0.0.1 port, opened in this browser and fetching from itself, gets no credential.
  // (The dashboard's CSP lets it connect to its own origin only, so it cannot be made to call another port.)
  const other = await OtherLoopbackServer.start();
  try {
    const devPage = await context.newPage();
    await devPage.goto(`${other.url}/`);
    await devPage.evaluate(() => fetch('/api', { credentials: 'include' }).then(() => undefined));
    await devPage.close();
  } finally {
    await other.close();
  }
  expect(other.received.length).toBeGreaterThanOrEqual(2);
  for (const headers of other.received) {
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-service-token']).toBeUndefined();
  }

  const token = await sessionToken(page);
  expect(token).toMatch(/[A-Za-z0-9_-]{43}/);
  expect((await stream).headers()['authorization']).toBe(`Bearer ${token}`);
  expect(JSON.stringify(other.received)).not.toContain(token);

  // Pages read through the header, and live events arrive on the stream.
  await page.getByRole('link', { name: 'Sleep at Night' }).click();
  await expect(page.getByRole('heading', { name: 'Protection is off' })).toBeVisible();
  await expect(page.getByText('Connected')).toBeVisible();
  await daemon.api('POST', '/api/json/sleep-mode', { enabled: true, forMs: 3_600_000 });
  await expect(page.getByRole('heading', { name: 'Protection is on' })).toBeVisible();
  await page.getByRole('link', { name: 'Spending' }).click();
  await expect(page.getByRole('heading', { name: 'Spending', level: 1 })).toBeVisible();

  // A reload keeps the tab's session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Spending', level: 1 })).toBeVisible();
  await expect(page.getByText('Connected')).toBeVisible();
  expect(await context.cookies()).toEqual([]);
});

test('another tab needs its own link; signing out ends the session for good', async ({ page, context }) => {
  await daemon.signIn(page, '#/sleep');
  await expect(page.getByRole('heading', { name: 'Protection is off' })).toBeVisible();
  const token = await sessionToken(page);

  const secondTab = await context.newPage();
  await secondTab.goto(`${daemon.url}/#/sleep`);
  await expect(signInScreen(secondTab)).toBeVisible();
  await secondTab.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(signInScreen(page)).toBeVisible();
  expect(await sessionToken(page)).toBe('');
  await page.reload();
  await expect(signInScreen(page)).toBeVisible();
  const replayed = await fetch(`${daemon.url}/api/json/sleep-mode`, { headers: { authorization: `Bearer ${token}` } });
  expect(replayed.status).toBe(401);
});

test('a used or forged link shows the sign-in screen saying so; a fresh link pasted into the tab signs it in', async ({
  page,
}) => {
  const link = await daemon.ticketUrl();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  for (const refused of [link, `${daemon.url}/#ticket=${'A'.repeat(43)}`]) {
    const tab = await page.context().newPage();
    await tab.goto(refused);
    await expect(signInScreen(tab)).toBeVisible();
    await expect(tab.getByText('This sign-in link is expired or was already used.')).toBeVisible();
    expect(tab.url()).not.toContain('ticket');
    await tab.close();
  }

  // Without a session the dashboard shows the sign-in screen rather than data; a link pasted into that tab (which
  // only changes the fragment, so nothing reloads) signs it in.
  const fresh = await page.context().newPage();
  await fresh.goto(`${daemon.url}/#/spending`);
  await expect(signInScreen(fresh)).toBeVisible();
  await fresh.goto(await daemon.ticketUrl());
  await expect(fresh.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  expect(fresh.url()).not.toContain('ticket');
});
