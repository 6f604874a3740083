// `ssg-fleet` as an operator runs it (a child process on a temp data folder's SQLite): init-org sets up an
// organization and prints its first key once; subscribe / unsubscribe / subscriptions manage the subscriptions
// that licences take their tier from; --help lists every command; usage mistakes exit 2 and say how, failures
// exit 1; serving on the embedded database answers /health and says loudly that plain HTTP is for this machine
// only; SIGTERM stops it; the bin launcher runs it from any folder.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { storedTier } from './licences/stored-tier';
import type { Tier } from './licences/tier-resolution';
import { openFleetStore } from './store/fleet-store';
import { testFleetEnv } from './testing/fleet-env';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/ssg-fleet.mjs', import.meta.url));
const COMMANDS = [
  'serve',
  'init-org',
  'subscribe',
  'unsubscribe',
  'subscriptions',
  'publish-plugin',
  'hub-sign',
  'help',
];
const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-main-'));
const env = { ...process.env, ...(await testFleetEnv(dir)), SSG_FLEET_PORT: '0' };
const fleetWith = (extraEnv: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 60_000,
  });
const fleet = (...args: string[]) => fleetWith({}, ...args);

/** `subscriptions`' table as records, keyed by its header. */
function subscriptionRows(stdout: string): Record<string, string>[] {
  if (stdout === 'no subscriptions\n') return [];
  const [header, ...rows] = stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split(/ {2,}/));
  assert.deepEqual(header, ['id', 'holder', 'tier', 'from', 'until', 'active']);
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]!])));
}

function listed(...holder: string[]): Record<string, string>[] {
  const result = fleet('subscriptions', ...holder);
  assert.equal(result.status, 0, result.stderr);
  return subscriptionRows(result.stdout);
}

/** The tier a licence request for `email` resolves to, as the accounts API resolves it. */
async function tierOf(email: string): Promise<{ tier: Tier; source: unknown }> {
  const store = await openFleetStore(`sqlite:${join(dir, 'fleet.sqlite')}`);
  try {
    return await storedTier(store, email, Date.now());
  } finally {
    await store.close();
  }
}

async function setSsoDomain(orgId: string, domain: string): Promise<void> {
  const store = await openFleetStore(`sqlite:${join(dir, 'fleet.sqlite')}`);
  try {
    await store.organizations.setSsoDomain(orgId, domain);
  } finally {
    await store.close();
  }
}

describe('ssg-fleet', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('init-org creates the organization, its admin and a key shown once; twice is refused', () => {
    const first = fleet('init-org', 'org_acme', '--name', 'Acme', '--admin', 'ada@acme.test');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /created org_acme with ada@acme.test as org_admin/);
    assert.match(first.stdout, /service account key \(shown once, keep it secret\): ssg_sa_[A-Za-z0-9_-]{43}\n/);
    const again = fleet('init-org', 'org_acme', '--name', 'Acme', '--admin', 'ada@acme.test');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /^ssg-fleet: .*org_acme/);
  });

  test('subscribe makes an organization enterprise for its sso_domain; unsubscribe ends it and keeps it listed', async () => {
    assert.equal(fleet('init-org', 'org_beta', '--name', 'Beta', '--admin', 'bea@beta.test').status, 0);
    assert.deepEqual(listed('org_beta'), []);
    assert.equal((await tierOf('bob@beta.test')).tier, 'free');

    const subscribed = fleet('subscribe', 'org_beta', '--tier', 'enterprise');
    assert.equal(subscribed.status, 0, subscribed.stderr);
    const id = /^org_beta is subscribed to enterprise with no end \((sub_[0-9a-f-]{36})\)$/m.exec(
      subscribed.stdout,
    )?.[1];
    assert.ok(id, subscribed.stdout);
    assert.match(subscribed.stdout, /note: org_beta has no sso_domain yet/);
    const [row] = listed('org_beta');
    assert.deepEqual(
      { ...row, from: undefined },
      {
        id,
        holder: 'org_beta',
        tier: 'enterprise',
        from: undefined,
        until: '-',
        active: 'yes',
      },
    );
    assert.match(row!.from!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal((await tierOf('bob@beta.test')).tier, 'free', 'no sso_domain: the tier reaches no one');
    await setSsoDomain('org_beta', 'beta.test');
    assert.deepEqual(await tierOf('Bob@Beta.test'), {
      tier: 'enterprise',
      source: { kind: 'organization', orgId: 'org_beta' },
    });

    const ended = fleet('unsubscribe', id);
    assert.equal(ended.status, 0, ended.stderr);
    assert.equal(ended.stdout, `ended ${id}\n`);
    const [history] = listed('org_beta');
    assert.equal(history!.id, id);
    assert.equal(history!.active, 'no');
    assert.match(history!.until!, /^\d{4}-\d\d-\d\dT/);
    assert.equal((await tierOf('bob@beta.test')).tier, 'free');
    const twice = fleet('unsubscribe', id);
    assert.equal(twice.status, 2);
    assert.match(twice.stderr, /no active subscription "sub_[^"]+" \(ssg-fleet subscriptions lists them\)/);
  });

  test("subscribe gives one account a tier until a date; subscriptions lists everyone's", async () => {
    const subscribed = fleet('subscribe', 'Carol@Gamma.test', '--tier', 'PRO', '--until', '2099-01-31');
    assert.equal(subscribed.status, 0, subscribed.stderr);
    assert.match(subscribed.stdout, /^carol@gamma\.test is subscribed to pro until 2099-01-31T00:00:00Z \(sub_/);
    const withOffset = fleet('subscribe', 'dan@gamma.test', '--tier', 'pro', '--until', '2099-01-31T12:00:00+02:00');
    assert.equal(withOffset.status, 0, withOffset.stderr);
    assert.match(withOffset.stdout, /until 2099-01-31T10:00:00Z/);
    assert.deepEqual(
      listed('carol@gamma.test').map(({ holder, tier, until, active }) => ({ holder, tier, until, active })),
      [{ holder: 'carol@gamma.test', tier: 'pro', until: '2099-01-31T00:00:00Z', active: 'yes' }],
    );
    assert.deepEqual(await tierOf('carol@gamma.test'), {
      tier: 'pro',
      source: { kind: 'account', email: 'carol@gamma.test' },
    });
    assert.deepEqual(
      listed().map(({ holder }) => holder),
      ['org_beta', 'carol@gamma.test', 'dan@gamma.test'],
    );
  });

  const usageMistakes: { args: string[]; error: RegExp; command: string }[] = [
    { args: ['subscribe', 'org_nope', '--tier', 'enterprise'], error: /no organization org_nope on this fleet/ },
    { args: ['subscribe', 'org_Bad!', '--tier', 'enterprise'], error: /no organization org_Bad! on this fleet/ },
    { args: ['subscribe', 'not-an-email', '--tier', 'pro'], error: /"not-an-email" is neither an organization id/ },
    { args: ['subscribe', 'org_acme', '--tier', 'gold'], error: /--tier is one of pro, enterprise, got "gold"/ },
    { args: ['subscribe', 'org_acme', '--tier', 'free'], error: /--tier is one of pro, enterprise, got "free"/ },
    { args: ['subscribe', 'org_acme'], error: /--tier is one of pro, enterprise, got ""/ },
    { args: ['subscribe', '--tier', 'pro'], error: /subscribe needs one organization id or email/ },
    { args: ['subscribe', 'org_acme', 'org_beta', '--tier', 'pro'], error: /subscribe needs one organization id/ },
    { args: ['subscribe', 'org_acme', '--tier'], error: /Option '--tier <value>' argument missing/ },
    { args: ['subscribe', 'org_acme', '--tier', 'pro', '--bogus'], error: /Unknown option '--bogus'/ },
    ...['2099-02-30', 'tomorrow', '2099-01-31T10:00', '31/01/2099', '2099-01-31T25:00Z'].map((until) => ({
      args: ['subscribe', 'org_acme', '--tier', 'pro', '--until', until],
      error: new RegExp(`--until is an ISO date .*got "${until}"`),
    })),
    { args: ['subscribe', 'org_acme', '--tier', 'pro', '--until', '2020-01-01'], error: /not in the future/ },
    { args: ['unsubscribe', 'sub_nope'], error: /no active subscription "sub_nope"/ },
    { args: ['unsubscribe'], error: /unsubscribe needs one subscription id/ },
    { args: ['subscriptions', 'org_nope'], error: /no organization org_nope on this fleet/ },
    { args: ['subscriptions', 'org_acme', 'org_beta'], error: /at most one organization id or email/ },
    { args: ['init-org', 'org_x'], error: /init-org needs an organization id, --name and --admin/ },
    { args: ['init-org', 'org_y', '--name', 'Y', '--admin', 'y'], error: /--admin: .*email address, got "y"/ },
    { args: ['init-org', 'acme', '--name', 'A', '--admin', 'a@a.test'], error: /an organization id is org_/ },
    { args: ['publish-plugin', 'x.js'], error: /publish-plugin needs a file and --version/ },
    { args: ['serve', 'now'], error: /serve takes no arguments/ },
  ].map((mistake) => ({ ...mistake, command: mistake.args[0]! }));
  for (const { args, error, command } of usageMistakes) {
    test(`a usage mistake exits 2 and says how: ${args.join(' ')}`, () => {
      const result = fleet(...args);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, error);
      assert.match(result.stderr, new RegExp(`\\nusage: ssg-fleet ${command}\\b`));
      assert.equal(result.stdout, '');
    });
  }

  test('usage mistakes changed nothing: no organization without an admin, no subscription', () => {
    assert.match(fleet('subscriptions', 'org_y').stderr, /no organization org_y/);
    assert.equal(listed().length, 3);
  });

  test('a failure exits 1 and says why', () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    const result = fleetWith(
      { SSG_FLEET_DATABASE_URL: `sqlite:${join(dir, 'not-a-folder', 'fleet.sqlite')}` },
      'subscriptions',
    );
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^ssg-fleet: /);
    assert.doesNotMatch(result.stderr, /usage:/);
  });

  test('publish-plugin publishes a build of the opencode plugin and makes the newest release latest', () => {
    const build = join(dir, 'ssg-governance.js');
    writeFileSync(build, 'export const plugin = 1;\n');
    const published = fleet('publish-plugin', build, '--version', '1.2.0');
    assert.equal(published.status, 0, published.stderr);
    assert.match(published.stdout, /published opencode plugin 1\.2\.0 \(now latest\)/);
    const latest = JSON.parse(readFileSync(join(dir, 'downloads/plugins/opencode/latest.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(latest.version, '1.2.0');
    const bad = fleet('publish-plugin', build, '--version', '../1');
    assert.equal(bad.status, 1);
  });

  test('--help, -h and help list every command with what it does; unknown commands are refused', () => {
    for (const asked of ['--help', '-h', 'help']) {
      const result = fleet(asked);
      assert.equal(result.status, 0, result.stderr);
      for (const command of COMMANDS) {
        assert.match(
          result.stdout,
          new RegExp(`^  ssg-fleet ${command}\\b.*\\n {6}\\S.+$`, 'm'),
          `${asked}: ${command}`,
        );
      }
    }
    for (const name of ['serve-please', 'constructor', '__proto__', '--version']) {
      const unknown = fleet(name);
      assert.equal(unknown.status, 2, name);
      assert.match(unknown.stderr, new RegExp(`unknown command "${name}"`));
      assert.match(unknown.stderr, /ssg-fleet --help says what each does/);
    }
  });

  test('the ssg-fleet launcher runs the command line from another folder', () => {
    const result = spawnSync(process.execPath, [BIN, 'subscriptions', 'org_beta'], {
      cwd: tmpdir(),
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(subscriptionRows(result.stdout)[0]!.holder, 'org_beta');
  });

  test('serves on the embedded database, warns about plain HTTP, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+) \(database: sqlite\)/.exec(stdout)?.[1];
        if (found) resolve(found);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    assert.deepEqual(await (await fetch(`${url}/health`)).json(), { ok: true, database: 'sqlite' });
    assert.match(stderr, /WARNING: plain HTTP, for development on this machine only/);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
