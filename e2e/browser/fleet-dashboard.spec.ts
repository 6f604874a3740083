// The organization dashboard in a real Chromium, signed in through a real OpenID provider's form (the fleet stack,
// fleet/src/testing/fleet-stack.ts): bob, a member, sees the restricted view; ada, the org_admin, adds a member,
// changes a role, removes one, creates a service account (its key shown once), revokes it, sets the SSO domain,
// saves the SSO settings (the secret never comes back) and signs out. Every action goes through the Fleet API.
// The SSO settings are saved last: a new client secret is one the provider does not know, so no one signs in after.
import { expect, type Page, test } from '@playwright/test';
import { FleetStack } from './fleet-stack-process';
import { signInAtProvider } from './provider-forms';

const ORG = 'org_acme';
const SHOTS = 'test-results/screenshots';

test.describe.configure({ mode: 'serial' });

let stack: FleetStack;
let fleetUrl: string;

test.beforeAll(async () => {
  const started = await FleetStack.start();
  if ('skip' in started) throw new Error(started.skip);
  stack = started;
  fleetUrl = stack.info.fleetUrl;
});

test.afterAll(async () => {
  await stack?.stop();
});

const dashboard = () => `${fleetUrl}/orgs/${ORG}/`;
/** The whole page, from the top (the sticky top bar stays where it belongs). */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/fleet-dashboard-${name}.png`, fullPage: true });
}
/** One section, as the viewer sees it. */
const sectionShot = (page: Page, section: string, name: string) =>
  page.getByTestId(`section-${section}`).screenshot({ path: `${SHOTS}/fleet-dashboard-${name}.png` });

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${fleetUrl}/api/v1/orgs/${ORG}/sso/oidc/login`);
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(dashboard());
  await expect(page.getByTestId('signed-in-as')).toHaveText(email);
}

const flash = (page: Page) => page.getByTestId('flash');
const memberRow = (page: Page, email: string) => page.locator(`[data-testid="member-row"][data-user="${email}"]`);
const accountRow = (page: Page, name: string) =>
  page.locator(`[data-testid="service-account-row"][data-name="${name}"]`);

test('a member sees the organization and its SSO settings, and nothing to manage', async ({ page }) => {
  await signIn(page, 'bob@acme.test');
  await expect(page.getByTestId('viewer-role')).toHaveText('member');
  await expect(page.getByTestId('section-welcome')).toBeVisible();
  await expect(page.getByTestId('section-sso')).toBeVisible();
  await expect(page.getByTestId('sso-status')).toHaveText('OpenID Connect sign-in is on.');
  for (const hidden of ['section-members', 'section-service-accounts', 'section-licences', 'section-machines']) {
    await expect(page.getByTestId(hidden)).toHaveCount(0);
  }
  await expect(page.locator('form[data-api], button[data-api]')).toHaveCount(0);
  // The page offers no action, and the API refuses one anyway.
  const added = await page.request.post(`${fleetUrl}/api/v1/orgs/${ORG}/members`, {
    headers: { origin: new URL(fleetUrl).origin },
    data: { user_id: 'mallory@acme.test', role: 'org_admin' },
  });
  expect(added.status()).toBe(403);
  await shot(page, 'member');
});

test('an admin manages members, service accounts and SSO, then signs out', async ({ page, context }) => {
  await signIn(page, 'ada@acme.test');
  await expect(page.getByTestId('viewer-role')).toHaveText('org_admin');
  // Times are shown in the viewer's locale by the script (the server wrote UTC).
  await expect(page.locator('time').first()).not.toHaveText(/UTC$/);
  await expect(page.getByTestId('machines-empty')).toContainText('ssg auth login --sso');
  await expect(memberRow(page, 'ada@acme.test').getByTestId('remove-member')).toHaveCount(0);

  // Members: add, change a role, remove.
  await page.getByTestId('new-member-email').fill('carol@acme.test');
  await page.getByTestId('new-member-role').selectOption('auditor');
  await page.getByTestId('add-member').click();
  await expect(flash(page)).toHaveText('Added carol@acme.test as auditor.');
  await expect(memberRow(page, 'carol@acme.test').getByTestId('role-select')).toHaveValue('auditor');
  await memberRow(page, 'carol@acme.test').getByTestId('role-select').selectOption('policy_author');
  await memberRow(page, 'carol@acme.test').getByTestId('change-role').click();
  await expect(flash(page)).toHaveText('carol@acme.test is now policy_author.');
  await page.reload();
  await expect(memberRow(page, 'carol@acme.test').getByTestId('role-select')).toHaveValue('policy_author');
  await shot(page, 'admin');
  await memberRow(page, 'carol@acme.test').getByTestId('remove-member').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Remove carol@acme.test');
  await page.screenshot({ path: `${SHOTS}/fleet-dashboard-confirm.png` });
  await page.getByTestId('confirm-ok').click();
  await expect(flash(page)).toHaveText('Removed carol@acme.test.');
  await expect(memberRow(page, 'carol@acme.test')).toHaveCount(0);

  // A service account: its key shown once, working until it is revoked.
  await page.getByTestId('new-service-account-name').fill('CI deploy');
  await page.getByTestId('create-service-account').click();
  await expect(flash(page)).toHaveText('Created “CI deploy”.');
  const key = await page.getByTestId('new-key').inputValue();
  expect(key).toMatch(/^ssg_sa_/);
  await expect(page.getByTestId('new-key-box')).toContainText('it will not be shown again');
  await expect(accountRow(page, 'CI deploy')).toBeVisible();
  await sectionShot(page, 'service-accounts', 'service-account-key');
  const asKey = () =>
    page.request.get(`${fleetUrl}/api/v1/orgs/${ORG}`, { headers: { authorization: `Bearer ${key}` } });
  expect((await asKey()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('new-key-box')).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await accountRow(page, 'CI deploy').getByTestId('revoke-service-account').click();
  await page.getByTestId('confirm-ok').click();
  await expect(flash(page)).toHaveText('Revoked “CI deploy”.');
  await expect(accountRow(page, 'CI deploy')).toContainText('Revoked');
  expect((await asKey()).status()).toBe(401);

  // The SSO domain: the API's own message when it refuses, then saved.
  await page.getByTestId('sso-domain-input').fill('not a domain');
  await page.getByTestId('sso-domain-save').click();
  await expect(flash(page)).toHaveAttribute('data-kind', 'error');
  await expect(flash(page)).toContainText('sso_domain');
  await page.getByTestId('sso-domain-input').fill('acme.test');
  await page.getByTestId('sso-domain-save').click();
  await expect(flash(page)).toHaveText('SSO domain saved.');
  await expect(page.getByTestId('sso-domain-value')).toHaveText('acme.test');

  // SSO settings: the secret is asked for each time and never comes back, in the page or the API.
  const secret = `new-client-secret-${Date.now()}`;
  await expect(page.getByTestId('sso-secret-input')).toHaveValue('');
  await expect(page.getByTestId('sso-client-id-input')).toHaveValue(ORG);
  await expect(page.getByTestId('redirect-uri-web')).toHaveText(`${fleetUrl}/api/v1/orgs/${ORG}/sso/oidc/callback`);
  await expect(page.getByTestId('redirect-uri-cli')).toHaveText('http://127.0.0.1:8399/callback');
  await expect(page.getByTestId('sign-out-redirect-uri')).toHaveText(dashboard());
  await page.getByTestId('sso-save').click();
  expect(
    await page
      .getByTestId('sso-secret-input')
      .evaluate((input) => (input as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing),
  ).toBe(true);
  await page.getByTestId('sso-secret-input').fill(secret);
  await page.getByTestId('sso-save').click();
  await expect(flash(page)).toHaveText('SSO settings saved.');
  await expect(page.getByTestId('sso-secret-input')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('sso-secret-input')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);
  expect(await (await page.request.get(dashboard())).text()).not.toContain(secret);
  expect(await (await page.request.get(`${fleetUrl}/api/v1/orgs/${ORG}`)).text()).not.toContain(secret);
  await sectionShot(page, 'sso', 'sso');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.evaluate('scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/fleet-dashboard-narrow.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Signing out ends the session: the dashboard sends the browser to sign in again.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(`${fleetUrl}/orgs/${ORG}/signed-out`);
  await expect(page.getByTestId('message-link')).toHaveAttribute('href', `/api/v1/orgs/${ORG}/sso/oidc/login`);
  await shot(page, 'signed-out');
  expect((await context.cookies(fleetUrl)).find((c) => c.name === 'ssg_fleet_session')).toBeUndefined();
  const after = await page.request.get(dashboard(), { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers().location).toBe(`/api/v1/orgs/${ORG}/sso/oidc/login`);
});
