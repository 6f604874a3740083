// What the browser specs share about the test identity provider (oidc-provider's own pages, see
// packages/testing/src/oidc-provider-server.ts) and the CLI's fixed callback port. Playwright compiles the specs as
// CommonJS, so this lives here rather than in the ESM packages.
import { createServer } from 'node:net';
import { expect, type Page } from '@playwright/test';

/** The spec's loopback callback port (http://127.0.0.1:8399/callback), the one redirect URI of a CLI sign-in. */
export const CALLBACK_PORT = 8399;

/**
 * Fills the provider's sign-in form as a person does (any password), then its consent; `beforeConsent` runs
 * while the consent page shows. The page is then on its way to the client's redirect URI.
 */
export async function signInAtProvider(
  page: Page,
  email: string,
  { beforeConsent }: { beforeConsent?: () => Promise<void> } = {},
): Promise<void> {
  await expect(page.locator('h1')).toHaveText('Sign-in');
  await page.fill('input[name="login"]', email);
  await page.fill('input[name="password"]', 'any password');
  await page.click('button.login-submit');
  await expect(page.locator('h1')).toHaveText('Authorize');
  await beforeConsent?.();
  await page.click('button.login-submit');
}

/** Resolves once nothing listens on 127.0.0.1:8399 (another test process's sign-in may hold it for a while). */
export async function waitForCallbackPort(timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(CALLBACK_PORT, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > deadline) throw new Error(`127.0.0.1:${CALLBACK_PORT} stayed busy for ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
