// Signing in to the fleet dashboard in a real Chromium, through a real OpenID provider's login form (oidc-provider's
// own pages): a member lands on the organization's dashboard with the session cookie as the spec sets it; someone
// the provider knows but the organization does not is told so; a callback replayed is refused as possible CSRF.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

interface Stack {
  fleetUrl: string;
  orgId: string;
}

const ROOT = join(__dirname, '..', '..');
let child: ChildProcess;
let stack: Stack;

test.beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'fleet/src/testing/fleet-stack.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  stack = await new Promise<Stack>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Stack);
    });
    child.once('exit', (code) => reject(new Error(`the fleet stack exited ${code}: ${stderr}`)));
  });
});

test.afterAll(() => {
  child.stdin?.end();
});

const login = (orgId: string) => `${stack.fleetUrl}/api/v1/orgs/${orgId}/sso/oidc/login`;

async function signInAt(page: import('@playwright/test').Page, email: string): Promise<void> {
  await page.goto(login(stack.orgId));
  await expect(page.locator('h1')).toHaveText('Sign-in');
  await page.fill('input[name="login"]', email);
  await page.fill('input[name="password"]', 'any password');
  await page.click('button.login-submit');
  await expect(page.locator('h1')).toHaveText('Authorize');
  await page.click('button.login-submit');
}

test('a member signs in through the provider and lands on the organization dashboard', async ({ page, context }) => {
  await signInAt(page, 'bob@acme.test');
  await expect(page).toHaveURL(`${stack.fleetUrl}/orgs/${stack.orgId}/`);
  await expect(page.getByTestId('signed-in-as')).toHaveText('bob@acme.test');
  const session = (await context.cookies(stack.fleetUrl)).find((cookie) => cookie.name === 'ssg_fleet_session');
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
  expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(7.9 * 3600_000);
  await page.screenshot({ path: 'test-results/screenshots/fleet-signed-in.png' });
});

test('someone the provider knows but the organization does not is told they are not a member', async ({ page }) => {
  await signInAt(page, 'carol@acme.test');
  await expect(page.locator('body')).toContainText('User is not a member of this organization');
});

test('a callback opened again is refused as possible CSRF', async ({ page }) => {
  let callback = '';
  page.on('request', (request) => {
    if (request.url().includes('/sso/oidc/callback')) callback = request.url();
  });
  await signInAt(page, 'bob@acme.test');
  await expect(page).toHaveURL(`${stack.fleetUrl}/orgs/${stack.orgId}/`);
  await page.goto(callback);
  await expect(page.locator('body')).toContainText('Invalid or expired state parameter (possible CSRF)');
});
