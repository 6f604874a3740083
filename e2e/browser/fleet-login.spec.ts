// Signing in to the fleet dashboard in a real Chromium, through real OpenID providers' login forms (oidc-provider's
// own pages), against the fleet stack (fleet-stack-process.ts): a member lands on the organization's dashboard
// with the session cookie as the spec sets it; each failure of the spec's error table shows its exact message and
// leaves no session. The fleet's clock is the stack's to move: the 10-minute login state and the JWKS cache's
// hour are crossed without waiting.
import { type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { FleetStack } from './fleet-stack-process';
import { signInAtProvider } from './provider-forms';

const MINUTE = 60_000;
const SESSION_COOKIE = 'ssg_fleet_session';

/** The stack of the group of tests running now (the groups run one after the other, each with its own stack). */
let stack: FleetStack;

const orgPath = (orgId: string) => `${stack.info.fleetUrl}/api/v1/orgs/${orgId}/sso/oidc`;
const dashboard = (orgId: string) => `${stack.info.fleetUrl}/orgs/${orgId}/`;

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies(stack.info.fleetUrl)).find((cookie) => cookie.name === SESSION_COOKIE);
}

/**
 * From the organization's login URL through the provider's sign-in and consent pages; resolves to the fleet's
 * answer to the callback. `beforeConsent` runs on the consent page, between the redirect and the callback.
 */
async function signIn(
  page: Page,
  orgId: string,
  email: string,
  beforeConsent?: () => Promise<unknown>,
): Promise<Response> {
  await page.goto(`${orgPath(orgId)}/login`);
  let callback!: Promise<Response>;
  await signInAtProvider(page, email, {
    beforeConsent: async () => {
      await beforeConsent?.();
      callback = page.waitForResponse((response) => response.url().startsWith(`${orgPath(orgId)}/callback`));
    },
  });
  return callback;
}

/** The fleet refused the callback with `status` and the spec's `message`, and the browser holds no session. */
async function expectRefused(page: Page, callback: Response, status: number, message: string): Promise<void> {
  expect(callback.status()).toBe(status);
  // A page, not a JSON body: the heading, the spec's message, and a link to sign in again.
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByTestId('sign-in-failed')).toContainText(message);
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /\/sso\/oidc\/login$/);
  expect(await sessionCookie(page.context())).toBeUndefined();
}

test.describe('on the embedded database', () => {
  test.beforeAll(async () => {
    const started = await FleetStack.start();
    if ('skip' in started) throw new Error(started.skip);
    stack = started;
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('a member signs in through the provider and lands on the organization dashboard', async ({ page, context }) => {
    await signIn(page, 'org_acme', 'bob@acme.test');
    await expect(page).toHaveURL(dashboard('org_acme'));
    await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
    const session = await sessionCookie(context);
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    await page.screenshot({ path: 'test-results/screenshots/fleet-signed-in.png' });
  });

  test('someone the provider knows but the organization does not is told they are not a member', async ({ page }) => {
    const callback = await signIn(page, 'org_acme', 'carol@acme.test');
    await expectRefused(page, callback, 403, 'User is not a member of this organization');
  });

  test('a callback opened again is refused as possible CSRF', async ({ page }) => {
    const callback = await signIn(page, 'org_acme', 'bob@acme.test');
    await expect(page).toHaveURL(dashboard('org_acme'));
    await page.context().clearCookies();
    const replay = await page.goto(callback.url());
    await expectRefused(page, replay!, 400, 'Invalid or expired state parameter (possible CSRF)');
  });

  test('a login that takes nine minutes at the provider still succeeds', async ({ page }) => {
    await signIn(page, 'org_acme', 'bob@acme.test', () => stack.command(`advance ${9 * MINUTE}`));
    await expect(page).toHaveURL(dashboard('org_acme'));
    await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
  });

  test('a login whose state is more than 10 minutes old at the callback is refused', async ({ page }) => {
    const callback = await signIn(page, 'org_acme', 'bob@acme.test', () => stack.command(`advance ${10 * MINUTE}`));
    await expectRefused(page, callback, 400, 'Invalid or expired state parameter (possible CSRF)');
  });

  test('an id_token whose signature was altered is refused', async ({ page }) => {
    const callback = await signIn(page, 'org_tampered', 'bob@acme.test');
    await expectRefused(page, callback, 401, 'id_token signature verification failed');
  });

  test('an id_token signed with a key the provider does not publish is refused', async ({ page }) => {
    const callback = await signIn(page, 'org_untrusted', 'bob@acme.test');
    await expectRefused(page, callback, 401, 'id_token signature verification failed');
  });

  test('a provider key rotation is seen once the cached JWKS is an hour old, not before', async ({ page, context }) => {
    // The first login fetches the provider's JWKS; the fleet keeps it for an hour of its clock.
    await signIn(page, 'org_rotating', 'bob@acme.test');
    await expect(page).toHaveURL(dashboard('org_rotating'));
    await stack.command('rotate-keys');

    for (const advance of [0, 59 * MINUTE]) {
      await stack.command(`advance ${advance}`);
      await context.clearCookies();
      const callback = await signIn(page, 'org_rotating', 'bob@acme.test');
      await expectRefused(page, callback, 401, 'id_token signature verification failed');
    }

    await stack.command(`advance ${MINUTE}`);
    await context.clearCookies();
    await signIn(page, 'org_rotating', 'bob@acme.test');
    await expect(page).toHaveURL(dashboard('org_rotating'));
    await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
    expect(await sessionCookie(context)).toBeDefined();
  });

  test('a wrong client secret fails the token exchange with a 502', async ({ page }) => {
    const callback = await signIn(page, 'org_wrongsecret', 'bob@acme.test');
    await expectRefused(page, callback, 502, 'OIDC token exchange failed');
    await page.screenshot({ path: 'test-results/screenshots/fleet-sign-in-failed.png' });
  });

  test('an organization on saml cannot sign in with OIDC', async ({ page, context }) => {
    const login = await page.goto(`${orgPath('org_saml')}/login`);
    expect(login!.status()).toBe(404);
    await expect(page).toHaveURL(`${orgPath('org_saml')}/login`);
    await expect(page.locator('body')).toContainText('OIDC SSO is not configured for this organization');
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('a callback the provider does not list for the client stops at the provider’s error page', async ({
    page,
    context,
  }) => {
    const login = await page.goto(`${orgPath('org_badredirect')}/login`);
    expect(login!.status()).toBe(400);
    expect(new URL(page.url()).origin).toBe(stack.info.issuers.main);
    await expect(page.locator('body')).toContainText(
      "redirect_uri did not match any of the client's registered redirect_uris",
    );
    await expect(page.locator('input[name="login"]')).toHaveCount(0);
    expect(await sessionCookie(context)).toBeUndefined();
  });
});

test.describe('on PostgreSQL, two fleet servers behind a round-robin proxy', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const started = await FleetStack.start(['--postgres']);
    // The only reason to skip: no PostgreSQL installed (the stack says how to install it).
    test.skip('skip' in started, 'skip' in started ? started.skip : '');
    stack = started as FleetStack;
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('a login started on one server finishes on the other, and the session works on both', async ({ page }) => {
    /** Which server (the proxy's x-served-by) answered each fleet path, in order. */
    const servedBy = new Map<string, string[]>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== stack.info.fleetUrl) return;
      servedBy.set(url.pathname, [...(servedBy.get(url.pathname) ?? []), response.headers()['x-served-by']!]);
    });
    await signIn(page, 'org_acme', 'bob@acme.test');
    await expect(page).toHaveURL(dashboard('org_acme'));
    await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
    const path = (url: string) => new URL(url).pathname;
    const [startedOn] = servedBy.get(path(`${orgPath('org_acme')}/login`)) ?? [];
    const [finishedOn] = servedBy.get(path(`${orgPath('org_acme')}/callback`)) ?? [];
    expect(startedOn).toMatch(/^[01]$/);
    expect(finishedOn).toMatch(/^[01]$/);
    expect(finishedOn).not.toBe(startedOn);

    // The dashboard again until both servers have shown it with the one session.
    const shownBy = new Set(servedBy.get(path(dashboard('org_acme'))));
    for (let reload = 0; reload < 4 && shownBy.size < 2; reload += 1) {
      const response = await page.reload();
      expect(response!.status()).toBe(200);
      await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
      shownBy.add(response!.headers()['x-served-by']!);
    }
    expect([...shownBy].sort()).toEqual(['0', '1']);
  });
});
