// The Terminal page in headless Chromium against a real daemon with a license and its real pty host: a shell pane
// typed into through xterm, its screen restored after a reload, the account chips fed by a fake usage service, and
// the subscription panel without a license.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { FakeUsageApi } from '@ssg/testing/fake-usage-api';
import { DashboardDaemon } from './dashboard-daemon';

// Generous: these tests share the machine with the rest of the suite.
const expect = baseExpect.configure({ timeout: 15_000 });

const ROOT = join(__dirname, '..', '..');
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** Makes `home` a subscriber: a license for the terminal from a test issuer it trusts. Minted in a child process
 *  under tsx, because @ssg/node's licence code uses import.meta, which Playwright's CommonJS transform cannot load. */
function subscribe(home: string): void {
  const mint = `
    import { writeFileSync } from 'node:fs';
    import { licensePath } from '@ssg/node/license/active-license';
    import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
    const home = process.argv[1];
    const issuer = newTestIssuer();
    trustTestIssuer(home, issuer);
    writeFileSync(licensePath(home), mintLicense(issuer.privateKey, { iss: 'test-issuer', exp: 4102444800, tier: 'pro' }));
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', mint, home], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`minting a test license failed: ${run.stderr}`);
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `terminal-${name}.png`), fullPage: true });
}

let daemon: DashboardDaemon | undefined;
let usageApi: FakeUsageApi | undefined;
test.afterEach(async () => {
  await daemon?.stop();
  await usageApi?.close();
  daemon = undefined;
  usageApi = undefined;
});

test('a shell pane: typed into, its output on the xterm screen, and the screen back after a reload', async ({
  page,
}) => {
  daemon = await DashboardDaemon.start();
  subscribe(daemon.home);
  await daemon.signIn(page, '#/terminal');
  await expect(page.getByRole('heading', { name: 'Terminal', level: 1 })).toBeVisible();

  await page.getByRole('combobox', { name: 'What the pane runs' }).selectOption('shell');
  await page.getByRole('button', { name: 'New pane' }).click();
  const pane = page.getByRole('region', { name: 'Pane: Shell' });
  await expect(pane).toBeVisible();
  await pane.getByRole('textbox', { name: 'Terminal input' }).focus();
  // The arithmetic happens in the shell: the typed line itself never reads ssg-42.
  await page.keyboard.type('echo ssg-$((6*7))');
  await page.keyboard.press('Enter');
  await expect(pane.locator('.xterm-rows')).toContainText('ssg-42');
  // Ctrl+C goes to the shell (the page keeps no shortcut of its own): it interrupts the sleep, so the next line runs.
  await page.keyboard.type('sleep 60');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+C');
  await page.keyboard.type('echo after-$((1+1))');
  await page.keyboard.press('Enter');
  await expect(pane.locator('.xterm-rows')).toContainText('after-2');
  await screenshot(page, 'shell-pane');

  await page.reload();
  const restored = page.getByRole('region', { name: 'Pane: Shell' });
  await expect(restored.locator('.xterm-rows')).toContainText('ssg-42');
  // Still live after the reload: the window attached again and its keys reach the shell.
  await restored.getByRole('textbox', { name: 'Terminal input' }).focus();
  await page.keyboard.type('echo again-$((50+8))');
  await page.keyboard.press('Enter');
  await expect(restored.locator('.xterm-rows')).toContainText('again-58');
  // A flood (~1.3 MB, far past the host's 100,000-character high watermark) only gets to its end if the page
  // acknowledges what xterm has parsed: the host pauses the shell until it does.
  await page.keyboard.type('seq 1 200000; echo flood-$((200000/1000))k');
  await page.keyboard.press('Enter');
  await expect(restored.locator('.xterm-rows')).toContainText(/199999\s*200000\s*flood-200k/, { timeout: 60_000 });

  await restored.getByRole('button', { name: 'Close pane Shell' }).click();
  await expect(restored).toHaveCount(0);
});

test('panes side by side, and a paste larger than one socket message arrives whole', async ({ page }) => {
  daemon = await DashboardDaemon.start();
  subscribe(daemon.home);
  await daemon.signIn(page, '#/terminal');
  await page.getByRole('combobox', { name: 'What the pane runs' }).selectOption('shell');
  for (let opened = 1; opened <= 3; opened++) {
    await page.getByRole('button', { name: 'New pane' }).click();
    await expect(page.getByRole('region', { name: 'Pane: Shell' })).toHaveCount(opened);
  }
  const boxes = await Promise.all(
    (await page.getByRole('region', { name: 'Pane: Shell' }).all()).map(async (pane) => (await pane.boundingBox())!),
  );
  expect(new Set(boxes.map((box) => Math.round(box.y))).size, 'one row').toBe(1);
  expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
  expect(boxes[2]!.x).toBeGreaterThan(boxes[1]!.x + boxes[1]!.width - 1);

  // 100,000 characters pasted: more than one input message takes (65,536), so the page splits them. The tty reads
  // them raw (a canonical line would stop at 4,096), and wc counts what arrived.
  const pane = page.getByRole('region', { name: 'Pane: Shell' }).last();
  const input = pane.getByRole('textbox', { name: 'Terminal input' });
  await input.focus();
  await page.keyboard.type('stty -icanon -echo; head -c $((99999+1)) | wc -c; stty sane');
  await page.keyboard.press('Enter');
  // xterm takes the paste event as a person's Ctrl+V gives it. (e2e's TypeScript has no DOM library: the two
  // browser classes are typed here as far as they are used.)
  await input.evaluate((textarea, text) => {
    const browser = globalThis as unknown as {
      DataTransfer: new () => { setData(format: string, data: string): void };
      ClipboardEvent: new (type: string, init: object) => Event;
    };
    const clipboardData = new browser.DataTransfer();
    clipboardData.setData('text/plain', text);
    textarea.dispatchEvent(new browser.ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, 'a'.repeat(100_000));
  // The count is the row after the command line (rows join without a separator).
  await expect(pane.locator('.xterm-rows')).toContainText(/stty sane\s*100000(?!\d)/);
  await screenshot(page, 'three-panes');
});

test('without a subscription the page says what is missing instead', async ({ page }) => {
  daemon = await DashboardDaemon.start();
  await daemon.signIn(page, '#/terminal');
  await expect(page.getByRole('heading', { name: 'The terminal needs a subscription' })).toBeVisible();
  await expect(page.getByText(/needs an ssg subscription/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New pane' })).toHaveCount(0);
  await screenshot(page, 'no-subscription');
});

test('account chips: the machine login with its 5-hour usage from the usage service, and Add account', async ({
  page,
}) => {
  // The usage poller's first request waits up to its jitter (30 s).
  test.setTimeout(120_000);
  usageApi = await FakeUsageApi.start();
  usageApi.setUsage('e2e-default-token', {
    five_hour: { utilization: 37, resetsAt: Date.now() + 2 * 3_600_000 },
    seven_day: { utilization: 12, resetsAt: Date.now() + 4 * 86_400_000 },
  });
  daemon = await DashboardDaemon.start({ SSG_TERMINAL_USAGE_API_URL: usageApi.url });
  subscribe(daemon.home);
  // The machine's own login (the default account) reads ~/.claude whatever CLAUDE_CONFIG_DIR says.
  mkdirSync(join(daemon.home, '.claude'), { recursive: true });
  writeFileSync(
    join(daemon.home, '.claude', '.credentials.json'),
    JSON.stringify({
      claudeAiOauth: {
        accessToken: 'e2e-default-token',
        refreshToken: 'e2e-refresh-token',
        expiresAt: Date.now() + 86_400_000,
        scopes: ['user:inference', 'user:profile'],
        subscriptionType: 'max',
      },
    }),
  );
  await daemon.signIn(page, '#/terminal');

  const chips = page.getByRole('list', { name: 'Claude accounts' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByRole('button', { name: '+ Add account' })).toBeVisible();

  const usageApiSwitch = page.getByRole('checkbox', { name: /usage API/ });
  await expect(usageApiSwitch).not.toBeChecked();
  // Not optimistic: checked once the daemon has taken the change.
  await usageApiSwitch.click();
  await expect(usageApiSwitch).toBeChecked();
  // The first poll waits for its jitter (up to 30 s); the host then pushes the reading to the window.
  await expect(chips.getByRole('meter', { name: /5-hour window: 37%/ })).toBeVisible({ timeout: 60_000 });
  await expect(chips.getByRole('listitem').first()).toContainText('37%');
  await expect(chips.getByRole('listitem').first()).toContainText(/resets in 1 h 5\d min|resets in 2 h 00 min/);
  await screenshot(page, 'chips');

  await chips.getByRole('button', { name: '+ Add account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Work');
  await page.getByRole('button', { name: 'Add and sign in' }).click();
  await expect(chips.getByRole('button', { name: 'Work', exact: true })).toBeVisible();
  // The sign-in pane runs `claude auth login` for the new account.
  const signIn = page.getByRole('region', { name: 'Pane: Sign in: Work' });
  await expect(signIn).toBeVisible();
  expect(usageApi.requestsFor('e2e-default-token').length).toBeGreaterThan(0);

  // An added account can be removed once no pane runs on it; the machine's own login cannot.
  await signIn.getByRole('button', { name: 'Close pane Sign in: Work' }).click();
  await expect(signIn).toHaveCount(0);
  await expect(chips.getByRole('button', { name: 'Remove account Default' })).toHaveCount(0);
  await chips.getByRole('button', { name: 'Remove account Work' }).click();
  await chips.getByRole('group', { name: 'Remove Work?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByRole('button', { name: 'Work', exact: true })).toHaveCount(0);
});

test('a gap outside 15–300 minutes is refused with the daemon’s message', async ({ page }) => {
  daemon = await DashboardDaemon.start();
  subscribe(daemon.home);
  await daemon.signIn(page, '#/terminal');
  await page.getByRole('spinbutton', { name: /Gap between windows/ }).fill('10');
  await page.getByRole('button', { name: 'Save prompt and gap' }).click();
  await expect(page.getByRole('alert')).toContainText(/gapMinutes|15/);
  await page.getByRole('spinbutton', { name: /Gap between windows/ }).fill('90');
  await page.getByRole('button', { name: 'Save prompt and gap' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: /Gap between windows/ })).toHaveValue('90');
});

test('a Claude pane: its status line on the chip, moved to another account after confirming, and the banner when every account is limited', async ({
  page,
}) => {
  // The stand-in for `claude` reports to ssg through the same status line and hooks as Claude Code (typed
  // commands: `status <percent>`, `limit`); the real Claude Code is driven in e2e/hosts/.
  daemon = await DashboardDaemon.start({
    SSG_TERMINAL_CLAUDE: join(ROOT, 'terminal', 'src', 'host', 'testing', 'fake-claude.mjs'),
  });
  subscribe(daemon.home);
  await daemon.signIn(page, '#/terminal');
  const chips = page.getByRole('list', { name: 'Claude accounts' });

  await chips.getByRole('button', { name: '+ Add account' }).click();
  await page.getByRole('textbox', { name: 'Account name' }).fill('Work');
  await page.getByRole('button', { name: 'Add and sign in' }).click();
  const signIn = page.getByRole('region', { name: 'Pane: Sign in: Work' });
  await expect(signIn.locator('.xterm-rows')).toContainText('fake login for');
  await signIn.getByRole('button', { name: /Close pane/ }).click();

  await page.getByRole('combobox', { name: 'What the pane runs' }).selectOption({ label: 'Claude Code on Default' });
  await page.getByRole('button', { name: 'New pane' }).click();
  const pane = page.getByRole('region', { name: /^Pane: / });
  const screen = pane.locator('.xterm-rows');
  await expect(screen).toContainText('fake claude on default');
  const starts = async () => ((await screen.textContent()) ?? '').split('fake claude on').length - 1;
  const typeLine = async (line: string) => {
    await pane.getByRole('textbox', { name: 'Terminal input' }).focus();
    await page.keyboard.type(line);
    await page.keyboard.press('Enter');
  };

  await typeLine('status 37');
  const defaultChip = chips.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Default' }) });
  await expect(defaultChip.getByRole('meter', { name: /5-hour window: 37%/ })).toBeVisible();

  await chips.getByRole('button', { name: 'Work', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Move the conversation' });
  await expect(confirm).toContainText('Move this conversation to Work? Claude Code will exit and resume there');
  await confirm.getByRole('button', { name: 'Move to Work' }).click();
  await expect(page.getByRole('region', { name: 'Pane: Work' })).toBeVisible();
  await expect.poll(starts).toBe(2);
  await expect(screen).toContainText('claude-accounts/work');
  await screenshot(page, 'moved');

  // Work reaches its limit: auto-switch resumes on Default; then Default does too, and nothing is left.
  await typeLine('limit');
  await expect.poll(starts, { timeout: 20_000 }).toBe(3);
  await expect(page.getByRole('region', { name: 'Pane: Default' })).toBeVisible();
  await typeLine('limit');
  await expect(page.getByRole('alert').filter({ hasText: 'Every account has reached its limit.' })).toContainText(
    /The first resets at /,
  );
  await expect(chips.getByText(/limited until/)).toHaveCount(2);
  await screenshot(page, 'all-limited');
});
