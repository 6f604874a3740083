// The dashboard's Fleet page in headless Chromium against a real daemon (the built `ssg daemon`), a real fleet
// server and a real OpenID provider (the fleet stack with --cli: org_acme holds acme.test and an enterprise
// subscription): with no fleet configured it says where the settings go; signed out, Sign in opens the provider's
// own form in a new tab, and once the person signs in there the page shows the organization and ENTERPRISE; the
// licence refreshes; sign-out. Screenshots of each state land in test-results/screenshots/fleet-page-*.png.
//
// The callback's port is the spec's (127.0.0.1:8399, the one redirect URI the provider accepts): each sign-in
// first waits for another test process to let go of it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { DashboardDaemon } from './dashboard-daemon';
import { FleetStack } from './fleet-stack-process';
import { signInAtProvider, waitForCallbackPort } from './provider-forms';

// Generous: these tests share the machine with the rest of the suite.
const expect = baseExpect.configure({ timeout: 20_000 });

const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');

test.describe.configure({ mode: 'serial' });

let stack: FleetStack | undefined;
let daemon: DashboardDaemon | undefined;

test.afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
});
test.afterAll(async () => {
  await stack?.stop();
});

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `fleet-page-${name}.png`), fullPage: true });
}

/** No SSO setting from the environment the tests run in: only what a test gives. */
const NO_SETTINGS = { SSG_SSO_ISSUER: '', SSG_SSO_CLIENT_ID: '', SSG_FLEET_URL: '', SSG_FLEET_ORG: '' };

for (const theme of ['light', 'dark'] as const) {
  test(`with no fleet configured, the page says where the settings go (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1280, height: 860 });
    daemon = await DashboardDaemon.start({ ...NO_SETTINGS, SSG_TOKEN_STORE: 'file' });
    await daemon.signIn(page, '#/fleet');
    await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No fleet is configured on this machine' })).toBeVisible();
    await expect(page.getByText('SSG_FLEET_URL=https://fleet.example.com')).toBeVisible();
    await expect(page.locator('main')).toContainText('~/.ssg/fleet.toml');
    await expect(page.locator('main')).toContainText('SSO sign-in needs the identity provider');
    await screenshot(page, `not-configured-${theme}`);
  });
}

test('sign in at the provider in a new tab: the page shows the organization and ENTERPRISE; refresh; sign out', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const started = await FleetStack.start(['--cli']);
  if ('skip' in started) throw new Error(started.skip);
  stack = started;
  const info = stack.info as typeof stack.info & { licenceIssuer: unknown };
  daemon = await DashboardDaemon.start({
    ...NO_SETTINGS,
    SSG_TOKEN_STORE: 'file',
    SSG_FLEET_URL: info.fleetUrl,
    SSG_SSO_ISSUER: info.issuers.main,
    SSG_SSO_CLIENT_ID: 'org_acme',
  });
  // The daemon accepts the licences this fleet signs, as a self-hosted fleet's members set it up.
  writeFileSync(join(daemon.home, 'license-issuer.json'), JSON.stringify(info.licenceIssuer));

  await daemon.signIn(page, '#/fleet');
  const main = page.locator('main');
  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible();
  await expect(main).toContainText(info.fleetUrl);
  await expect(main).toContainText(info.issuers.main!);
  // bob is a member of every organization of the stack: he says which.
  await page.getByRole('textbox', { name: 'Organization id' }).fill('org_acme');
  await screenshot(page, 'signed-out');

  await waitForCallbackPort();
  const tabOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const tab = await tabOpened;
  await expect(page.getByRole('heading', { name: 'Waiting for you to sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the sign-in page again' })).toHaveAttribute(
    'href',
    new RegExp(`^${info.issuers.main}/auth\\?`),
  );
  await screenshot(page, 'waiting');

  // The provider's own sign-in and consent pages, in the tab the page opened.
  await tab.waitForLoadState();
  expect(tab.url()).toContain(`${info.issuers.main}/`);
  await signInAtProvider(tab, 'bob@acme.test');
  // The provider sends the tab to the daemon's loopback callback, which says so.
  await expect(tab.locator('h1')).toHaveText('Signed in at the identity provider');
  await expect(tab.locator('body')).toContainText('ssg is finishing the sign-in of bob@acme.test');
  expect(tab.url()).toMatch(/^http:\/\/127\.0\.0\.1:8399\/callback\?/);
  await tab.close();

  await expect(page.getByTestId('fleet-org')).toHaveText('Acme');
  await expect(main.locator('.tier-badge')).toHaveText('ENTERPRISE');
  await expect(page.getByTestId('fleet-email')).toContainText('bob@acme.test');
  await expect(page.getByTestId('fleet-email')).toContainText('Member');
  await expect(main).toContainText('~/.ssg/hosts.toml');
  await expect(page.getByRole('link', { name: 'Open the organization’s dashboard' })).toHaveAttribute(
    'href',
    `${info.fleetUrl}/orgs/org_acme/`,
  );
  await screenshot(page, 'signed-in-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'signed-in-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Refresh licence' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Licence checked: still ENTERPRISE.' })).toBeVisible();
  await screenshot(page, 'refreshed');

  await page.getByRole('button', { name: 'Sign out of the fleet' }).click();
  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible();
  await expect(main.locator('.tier-badge')).toHaveCount(0);

  // The provider would remember bob and send the next tab straight back: forget him there.
  await context.clearCookies();

  // Changing one's mind: the tab is closed, the login cancelled here.
  await waitForCallbackPort();
  const abandoned = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await (await abandoned).close();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sign-in cancelled.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible();

  // Someone the provider knows and the organization does not: the page says what the fleet said.
  await waitForCallbackPort();
  const refusedTab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const refused = await refusedTab;
  await refused.waitForLoadState();
  await signInAtProvider(refused, 'carol@acme.test');
  await expect(refused.locator('h1')).toHaveText(/^(Signed in at the identity provider|Not signed in)$/);
  await refused.close();
  await expect(page.getByRole('alert')).toContainText(
    'Sign-in failed: the fleet refused: carol@acme.test is not a member of org_acme',
  );
  await expect(page.getByRole('heading', { name: 'Not signed in' })).toBeVisible();
  await screenshot(page, 'failed');
});
