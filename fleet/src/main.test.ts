// `ssg-fleet` as an operator runs it: init-org sets up an organization and prints its first key once; a second
// init-org for the same id is refused; bad usage says how; serving on the embedded database answers /health and
// says loudly that plain HTTP is for this machine only; SIGTERM stops it.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { testFleetEnv } from './testing/fleet-env';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-main-'));
const env = { ...process.env, ...(await testFleetEnv(dir)), SSG_FLEET_PORT: '0' };
const fleet = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { env, encoding: 'utf8', timeout: 60_000 });

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

  test('bad usage says how', () => {
    const missing = fleet('init-org', 'org_x');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /usage: ssg-fleet init-org <org_id> --name <name> --admin <email>/);
    for (const name of ['serve-please', 'constructor', '__proto__']) {
      const unknown = fleet(name);
      assert.equal(unknown.status, 2, name);
      assert.match(unknown.stderr, new RegExp(`unknown command "${name}"`));
    }
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
