// `ssg auth login --sso` end to end: the built CLI as a child process in a throwaway SSG_HOME (tokens in
// hosts.toml: SSG_TOKEN_STORE=file), the fleet stack's real fleet server and real OpenID provider
// (fleet-stack-process.ts, with --cli: org_acme holds acme.test and an enterprise subscription, org_globex has an
// enterprise subscription but no sso_domain yet), and Debian's Chromium signing in at the provider's own form from
// the URL the CLI printed for a headless machine (--no-browser). Then what a member does with it: `ssg auth status`
// shows ENTERPRISE, `ssg auth token` is a bearer on the Fleet API, `ssg auth refresh` sees an sso_domain set
// meanwhile, `ssg auth logout` ends the session; `--device`, the code confirmed at the provider's device page. And
// the ways it stops: the callback port taken, a sign-in cancelled at the provider, Ctrl+C, someone who is a member
// of no organization. Last, no token may appear in any output, nor in any file under the homes but hosts.toml.
//
// The port is the spec's (127.0.0.1:8399, the one redirect URI the provider accepts), so the sign-ins run one after
// the other, and each waits for the port while another test process holds it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { FleetStack } from './fleet-stack-process';
import { CALLBACK_PORT, signInAtProvider, waitForCallbackPort } from './provider-forms';

const ROOT = join(__dirname, '..', '..');
const SSG = join(ROOT, 'cli', 'bin', 'ssg.cjs');
const CALLBACK = `http://127.0.0.1:${CALLBACK_PORT}/callback`;

// Long enough to wait out another test process's hold on the port.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let stack: FleetStack;
const homes: string[] = [];
/** Every command's output, for the last test's search for tokens (`ssg auth token`'s stdout left out). */
const outputs: Array<{ what: string; text: string }> = [];
/** Every token the sign-ins stored. */
const tokens = new Set<string>();

interface SsgRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

test.beforeAll(async () => {
  if (!existsSync(SSG) || !existsSync(join(ROOT, 'cli', 'dist', 'ssg.cjs'))) {
    throw new Error('cli/dist is missing: run `(cd cli && node build.mjs)` first');
  }
  const started = await FleetStack.start(['--cli']);
  if ('skip' in started) throw new Error(started.skip);
  stack = started;
});

test.afterAll(async () => {
  await stack?.stop();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

/** A throwaway SSG_HOME (and HOME) that trusts the stack's licence issuer, as a self-hosted fleet's members do. */
function newHome(): string {
  const home = mkdtempSync(join(tmpdir(), 'ssg-cli-sso-'));
  homes.push(home);
  writeFileSync(join(home, 'license-issuer.json'), JSON.stringify(stack.info.licenceIssuer));
  return home;
}

function cliEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // The tests may run inside an agent host: its markers would make `ssg auth token` and `logout` ask for a person.
  const hostOrSsg = /^(SSG_|CLAUDE_CODE_|CLAUDECODE$|CODEX_|OPENCODE|COPILOT_|GEMINI_CLI|CURSOR_|AI_AGENT$)/;
  for (const [key, value] of Object.entries(process.env)) if (!hostOrSsg.test(key)) env[key] = value;
  // Port 1 refuses connections: no daemon of the developer's is asked anything.
  return { ...env, HOME: home, SSG_HOME: home, SSG_TOKEN_STORE: 'file', SSG_DAEMON_URL: 'http://127.0.0.1:1' };
}

function ssg(home: string, args: string[], { secretOutput = false } = {}): SsgRun {
  const result = spawnSync(process.execPath, [SSG, ...args], { env: cliEnv(home), encoding: 'utf8' });
  const run = { status: result.status, stdout: result.stdout, stderr: result.stderr };
  const what = `ssg ${args.join(' ')}`;
  if (!secretOutput) outputs.push({ what: `${what} (stdout)`, text: run.stdout });
  outputs.push({ what: `${what} (stderr)`, text: run.stderr });
  return run;
}

const loginArgs = (clientId: string) => [
  'auth',
  'login',
  '--sso',
  '--no-browser',
  `--issuer=${stack.info.issuers.main}`,
  `--client-id=${clientId}`,
  `--fleet-url=${stack.info.fleetUrl}`,
];

interface LoginProcess {
  /** The authorization URL the CLI printed. */
  url: string;
  done: Promise<SsgRun>;
  child: ChildProcess;
}

/** Starts `ssg auth login --sso --no-browser …` and resolves once it printed the authorization URL. */
async function startLogin(home: string, clientId: string): Promise<LoginProcess> {
  await waitForCallbackPort();
  const args = loginArgs(clientId);
  const child = spawn(process.execPath, [SSG, ...args], { env: cliEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const done = new Promise<SsgRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      outputs.push({ what: `ssg ${args.join(' ')} (stdout)`, text: stdout });
      outputs.push({ what: `ssg ${args.join(' ')} (stderr)`, text: stderr });
      resolve({ status, stdout, stderr });
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      look();
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void done.then((run) =>
      reject(new Error(`ssg auth login ended (${run.status}) before printing a URL: ${run.stderr}`)),
    );
  });
  return { url, done, child };
}

/** The provider's sign-in and consent forms, as a person fills them in the browser the printed URL was opened in. */
async function signInAtPrintedUrl(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  await signInAtProvider(page, email);
  await page.waitForURL((next) => next.href.startsWith(CALLBACK));
}

/** The tokens hosts.toml holds (file store), remembered for the search at the end. */
function storedTokens(home: string): Record<string, string> {
  const text = readFileSync(join(home, 'hosts.toml'), 'utf8');
  const found: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(
    /^(id_token|access_token|refresh_token|session_token)\s*=\s*"([^"]+)"/gm,
  )) {
    found[name!] = value!;
    tokens.add(value!);
  }
  return found;
}

const fleetApi = (path: string, bearer: string, init: RequestInit = {}) =>
  fetch(`${stack.info.fleetUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
  });

let adaHome: string;

test('a member signs in from a headless machine and holds an ENTERPRISE licence', async ({ page }) => {
  adaHome = newHome();
  const login = await startLogin(adaHome, 'org_acme');
  expect(login.url.startsWith(`${stack.info.issuers.main}/auth?`)).toBe(true);
  const authorization = new URL(login.url);
  expect(authorization.searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  await signInAtPrintedUrl(page, login.url, 'ada@acme.test');
  await expect(page.locator('h1')).toHaveText('Signed in at the identity provider');
  await expect(page.locator('body')).toContainText('ada@acme.test');
  await page.screenshot({ path: 'test-results/screenshots/cli-sso-callback.png' });
  const run = await login.done;
  writeFileSync('test-results/cli-sso-login-output.txt', `${run.stdout}\n--- stderr ---\n${run.stderr}`);
  expect(run.stderr).not.toContain('internal error');
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Signed in as ada@acme\.test to org_acme\b.* — licence ENTERPRISE until \d{4}-\d\d-\d\d/);

  expect(statSync(join(adaHome, 'hosts.toml')).mode & 0o777).toBe(0o600);
  const stored = storedTokens(adaHome);
  expect(Object.keys(stored).sort()).toEqual(expect.arrayContaining(['access_token', 'id_token', 'session_token']));

  const status = ssg(adaHome, ['auth', 'status']);
  expect(status.status, status.stderr).toBe(0);
  expect(status.stdout).toMatch(/^user +ada@acme\.test \(org_admin\)$/m);
  expect(status.stdout).toMatch(/^licence +ENTERPRISE until /m);
  expect(status.stdout).toMatch(/^tokens +.*hosts\.toml \(mode 0600\)$/m);
  const json = JSON.parse(ssg(adaHome, ['auth', 'status', '--json']).stdout) as Record<string, unknown>;
  expect(json).toMatchObject({ signedIn: true, email: 'ada@acme.test', orgId: 'org_acme', role: 'org_admin' });
  expect(json.licence).toMatchObject({ tier: 'enterprise', source: 'sso' });

  const token = ssg(adaHome, ['auth', 'token'], { secretOutput: true });
  expect(token.status, token.stderr).toBe(0);
  expect(token.stdout).toMatch(/^ssg_session_\S+\n$/);
  expect(token.stdout.trim()).toBe(stored.session_token);
  const org = await fleetApi('/api/v1/orgs/org_acme', token.stdout.trim());
  expect(org.status).toBe(200);
  expect(await org.json()).toMatchObject({ org_id: 'org_acme', sso_domain: 'acme.test' });

  const doctor = ssg(adaHome, ['doctor']);
  expect(doctor.stdout).toMatch(
    /^license: enterprise \(until .*\) from the SSO sign-in \(ada@acme\.test, org_acme\)$/m,
  );
  const fleet = ssg(adaHome, ['fleet', 'status']);
  expect(fleet.status, fleet.stderr).toBe(0);
  expect(fleet.stdout).toMatch(/^org +org_acme/m);
  expect(fleet.stdout).toMatch(/^sso domain +acme\.test$/m);
});

test('the callback port taken: the CLI says which port, why that one, and the way out', async () => {
  await waitForCallbackPort();
  const blocker: Server = await new Promise((resolve) => {
    const server = createServer().listen(CALLBACK_PORT, '127.0.0.1', () => resolve(server));
  });
  try {
    const home = newHome();
    const run = ssg(home, loginArgs('org_acme'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('8399');
    expect(run.stderr).toContain('--device');
    expect(existsSync(join(home, 'hosts.toml'))).toBe(false);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('a sign-in cancelled at the provider ends the CLI with that news', async ({ page }) => {
  const home = newHome();
  const login = await startLogin(home, 'org_acme');
  await page.goto(login.url);
  await expect(page.locator('h1')).toHaveText('Sign-in');
  await page.click('text=[ Cancel ]');
  await page.waitForURL((next) => next.href.startsWith(CALLBACK));
  await expect(page.locator('h1')).toHaveText('Not signed in');
  const run = await login.done;
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('cancelled');
  expect(existsSync(join(home, 'hosts.toml'))).toBe(false);
});

test('Ctrl+C while it waits for the browser stops the sign-in and frees the port', async () => {
  const home = newHome();
  const login = await startLogin(home, 'org_acme');
  login.child.kill('SIGINT');
  const run = await login.done;
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('ssg auth: the sign-in was stopped');
  expect(existsSync(join(home, 'hosts.toml'))).toBe(false);
  await waitForCallbackPort();
});

test('--device: the code confirmed in a browser on another device signs this machine in', async ({ page }) => {
  const home = newHome();
  // bob is a member of every organization of the stack: --org says which.
  const args = [...loginArgs('org_acme').filter((arg) => arg !== '--no-browser'), '--device', '--org=org_acme'];
  const child = spawn(process.execPath, [SSG, ...args], { env: cliEnv(home), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<number | null>((resolve) => child.once('close', resolve));
  const complete = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Or open (\S+), which carries the code\.$/m.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void done.then(() => reject(new Error(`ssg auth login --device ended before showing a code: ${stderr}`)));
  });
  const userCode = /^ {2}(\S+)$/m.exec(stdout)![1]!;
  expect(stdout).toMatch(/^To sign in, open \S+ on any device and enter the code:$/m);

  await page.goto(complete);
  await expect(page.locator('code')).toHaveText(userCode);
  await page.click('button[autofocus]');
  await signInAtProvider(page, 'bob@acme.test');
  await expect(page).toHaveTitle('Sign-in Success');

  const status = await done;
  outputs.push(
    { what: 'ssg auth login --device (stdout)', text: stdout },
    { what: 'ssg auth login --device (stderr)', text: stderr },
  );
  expect(status, stderr).toBe(0);
  expect(stdout).toMatch(/Signed in as bob@acme\.test to org_acme\b.* — licence ENTERPRISE until /);
  storedTokens(home);
  expect(ssg(home, ['auth', 'status']).stdout).toMatch(/^user +bob@acme\.test \(member\)$/m);
});

test('a licence from an issuer this machine does not trust: signed in, with a warning that says what to do', async ({
  page,
}) => {
  const home = newHome();
  rmSync(join(home, 'license-issuer.json'));
  const login = await startLogin(home, 'org_acme');
  await signInAtPrintedUrl(page, login.url, 'ada@acme.test');
  const run = await login.done;
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('Signed in as ada@acme.test to org_acme');
  expect(run.stderr).toMatch(/^Warning: ssg cannot use this licence here: the license's signature does not match/m);
  expect(run.stderr).toContain(join(home, 'license-issuer.json'));
  storedTokens(home);
  expect(ssg(home, ['doctor']).stdout).toMatch(
    /^license: none \(the license's signature does not match .*\) from the SSO sign-in/m,
  );
});

test('someone the provider knows but no organization has is shown the fleet’s refusal', async ({ page }) => {
  const home = newHome();
  const login = await startLogin(home, 'org_acme');
  await signInAtPrintedUrl(page, login.url, 'carol@acme.test');
  const run = await login.done;
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('carol@acme.test is not a member of');
  expect(existsSync(join(home, 'hosts.toml'))).toBe(false);
});

test('the tier follows the organization: free, then ENTERPRISE once its admin sets sso_domain and refreshes', async ({
  page,
}) => {
  const home = newHome();
  const login = await startLogin(home, 'org_globex');
  await signInAtPrintedUrl(page, login.url, 'grace@globex.test');
  const run = await login.done;
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/Signed in as grace@globex\.test to org_globex\b.* — licence FREE until /);
  storedTokens(home);
  expect(ssg(home, ['auth', 'status']).stdout).toMatch(/^licence +FREE until /m);
  expect(ssg(home, ['doctor']).stdout).toMatch(/^license: free .*\n {2}fix: free tier: .*sso_domain/m);

  // The admin's session token is an admin bearer on the Fleet API (spec, Authentication 1).
  const bearer = ssg(home, ['auth', 'token'], { secretOutput: true }).stdout.trim();
  const patched = await fleetApi('/api/v1/orgs/org_globex', bearer, {
    method: 'PATCH',
    body: JSON.stringify({ sso_domain: 'globex.test' }),
  });
  expect(patched.status).toBe(200);

  const refresh = ssg(home, ['auth', 'refresh']);
  expect(refresh.status, refresh.stderr).toBe(0);
  expect(refresh.stdout).toMatch(/FREE → ENTERPRISE until /);
  expect(ssg(home, ['auth', 'status']).stdout).toMatch(/^licence +ENTERPRISE until /m);
  storedTokens(home);
});

test('ssg auth logout ends the session at the fleet and forgets the sign-in', async () => {
  const sessionToken = storedTokens(adaHome).session_token!;
  const logout = ssg(adaHome, ['auth', 'logout']);
  expect(logout.status, logout.stderr).toBe(0);
  expect(logout.stdout).toContain('Signed out ada@acme.test');
  expect((await fleetApi('/api/v1/orgs/org_acme', sessionToken)).status).toBe(401);
  expect(existsSync(join(adaHome, 'hosts.toml'))).toBe(false);
  const status = ssg(adaHome, ['auth', 'status']);
  expect(status.status).toBe(1);
  expect(status.stdout).toContain('Not signed in');
  const token = ssg(adaHome, ['auth', 'token'], { secretOutput: true });
  expect(token.status).toBe(1);
  expect(token.stdout).toBe('');
  expect(ssg(adaHome, ['auth', 'logout']).status).toBe(0);
});

test('no token appears in any output, nor in any file of the homes but hosts.toml', () => {
  expect(tokens.size).toBeGreaterThanOrEqual(6);
  const places = [...outputs];
  for (const home of homes) {
    for (const file of filesUnder(home)) {
      if (file !== join(home, 'hosts.toml')) places.push({ what: file, text: readFileSync(file, 'latin1') });
    }
  }
  for (const token of tokens) {
    for (const place of places) expect(place.text.includes(token), `a token in ${place.what}`).toBe(false);
  }
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}
