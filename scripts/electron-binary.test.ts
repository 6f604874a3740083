// `npm start` fetches Electron's binary where it can, through stand-ins for the electron package's install script:
// one that succeeds, one that fails the way an offline machine does, one that hangs, and one that reports progress.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { electronFetchPlan, fetchElectronBinary } from './electron-binary';

const work = mkdtempSync(join(tmpdir(), 'ssg-electron-fetch-'));
after(() => rmSync(work, { recursive: true, force: true }));

function installScript(name: string, body: string): string {
  const path = join(work, `${name}.js`);
  writeFileSync(path, body);
  return path;
}

describe('electronFetchPlan', () => {
  const wanted = { binaryPresent: false, hasDisplay: true, env: {}, installScript: '/x/install.js' };

  test('fetches when the binary is missing and a display could show the app', () => {
    assert.deepEqual(electronFetchPlan(wanted), { fetch: true });
  });

  test('does nothing when the binary is there, or when only the daemon is asked for', () => {
    assert.deepEqual(electronFetchPlan({ ...wanted, binaryPresent: true }), { fetch: false });
    assert.deepEqual(electronFetchPlan({ ...wanted, env: { SSG_START: 'daemon' } }), { fetch: false });
  });

  test('does not download what no display could show', () => {
    assert.deepEqual(electronFetchPlan({ ...wanted, hasDisplay: false }), { fetch: false });
  });

  test('honours ELECTRON_SKIP_BINARY_DOWNLOAD, and says so', () => {
    const plan = electronFetchPlan({ ...wanted, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    assert.deepEqual(plan, { fetch: false, reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' });
  });

  test('says when the electron package itself is not installed', () => {
    const plan = electronFetchPlan({ ...wanted, installScript: undefined });
    assert.equal(plan.fetch, false);
    assert.match(plan.reason ?? '', /electron package is not installed/);
  });
});

describe('fetchElectronBinary', () => {
  test('reports a fetched binary when the install script succeeds, passing the environment on', async () => {
    const script = installScript(
      'ok',
      'process.exit(process.env.ELECTRON_MIRROR === "https://mirror.example/" ? 0 : 9)',
    );
    const outcome = await fetchElectronBinary(script, { env: { ELECTRON_MIRROR: 'https://mirror.example/' } });
    assert.deepEqual(outcome, { fetched: true });
  });

  test('an offline failure comes back as one line: the error the download met', async () => {
    const script = installScript(
      'offline',
      'console.error("RequestError: getaddrinfo ENOTFOUND github.com\\n    at ClientRequest.<anonymous> (got.js:1:1)"); process.exit(1)',
    );
    const outcome = await fetchElectronBinary(script, { env: {} });
    assert.deepEqual(outcome, { fetched: false, reason: 'RequestError: getaddrinfo ENOTFOUND github.com' });
  });

  test('a download that outlasts the time limit is stopped', async () => {
    const script = installScript('hang', 'setInterval(() => {}, 1000)');
    const started = Date.now();
    const outcome = await fetchElectronBinary(script, { env: {}, timeoutMs: 300 });
    assert.deepEqual(outcome, { fetched: false, reason: 'the download took longer than 0.3 s' });
    assert.ok(Date.now() - started < 5000);
  });

  test('reports the elapsed time while the download runs', async () => {
    const script = installScript('slow', 'setTimeout(() => process.exit(0), 400)');
    const ticks: number[] = [];
    const outcome = await fetchElectronBinary(script, {
      env: {},
      progressEveryMs: 100,
      onProgress: (ms) => ticks.push(ms),
    });
    assert.deepEqual(outcome, { fetched: true });
    assert.ok(ticks.length >= 2 && ticks.every((ms, i) => i === 0 || ms > ticks[i - 1]!), `ticks ${ticks.join(',')}`);
  });
});
