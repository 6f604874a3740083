// A home the daemon cannot write: a read-only file system, a full one, a path through a regular file. `ssg daemon`
// must exit 5 with one line naming the problem; a running daemon asked to persist a change it cannot write must
// answer with a clear error and keep the state it had (in memory, on disk and in what GET says).
// Real file systems, not mocks: small tmpfs mounts, made read-only by a read-only bind mount over the home (the
// daemon's open database files pin the original mount, so only paths opened afresh see it read-only, which is
// exactly what a write of budget.json or sleep-mode.json does). Mounting needs root; where it is not permitted
// those cases are skipped and say so.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, type TestContext, test } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import type { BudgetResponse } from '@ssg/contracts/budget';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { TestDaemon } from '../testing/test-daemon';

/** Mounts used by this file, unmounted (newest first) at the end whatever happens. */
const mounts: string[] = [];

const mount = (...args: string[]): void => {
  execFileSync('mount', args, { stdio: 'pipe' });
};

function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  mount('-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir);
  mounts.push(dir);
}

/** Makes `dir` read-only for every path opened through it from now on. */
function bindReadOnly(dir: string): void {
  mount('--bind', dir, dir);
  mounts.push(dir);
  mount('-o', 'remount,ro,bind', dir);
}

function unmount(dir: string): void {
  execFileSync('umount', [dir], { stdio: 'pipe' });
  mounts.splice(mounts.lastIndexOf(dir), 1);
}

/** Writes zeros into `file` until the file system has no room left. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(4096);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

/** Whether this process may mount a tmpfs (root in a sandbox that allows it). */
function canMount(root: string): boolean {
  const probe = join(root, 'probe');
  try {
    mountTmpfs(probe, '64k');
    unmount(probe);
    return true;
  } catch {
    return false;
  }
}

const NO_MOUNT = 'mounting a tmpfs is not permitted here (needs root and CAP_SYS_ADMIN); the case cannot be staged';

describe('a home the daemon cannot write', () => {
  let root: string;
  let mountable: boolean;
  let ws: Workspace;

  before(() => {
    ensureBuilt();
    ws = new Workspace();
    root = mkdtempSync(join(tmpdir(), 'ssg-disk-faults-'));
    mountable = canMount(root);
  });
  after(() => {
    for (const dir of mounts.reverse()) execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    rmSync(root, { recursive: true, force: true });
    ws.cleanup();
  });

  /** Runs `ssg daemon --port 0` on `home`, which must fail at once: exit 5, one line on stderr. */
  function startMustFail(home: string): string {
    const run = ws.run(['daemon', '--port', '0'], { env: { SSG_HOME: home } });
    assert.equal(run.status, 5, `stdout: ${run.stdout} stderr: ${run.stderr}`);
    assert.equal(run.stdout, '');
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.length, 1, `more than one line: ${run.stderr}`);
    assert.match(lines[0]!, /^ssg daemon: /);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'a stack trace');
    return lines[0]!;
  }

  describe('ssg daemon exits 5 with one line naming the problem', () => {
    test('a home inside a regular file (not a directory)', () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a folder');
      const line = startMustFail(join(file, 'home'));
      assert.match(line, /not a directory/);
      assert.match(line, /a-file/);
    });

    test('an existing home on a read-only file system', (t: TestContext) => {
      if (!mountable) return t.skip(NO_MOUNT);
      const dir = join(root, 'ro-existing');
      mountTmpfs(dir, '256k');
      mkdirSync(join(dir, 'home'));
      mount('-o', 'remount,ro', dir);
      const line = startMustFail(join(dir, 'home'));
      assert.match(line, /read-only file system/);
      assert.match(line, /ro-existing\/home/);
    });

    test('a home still to be created on a read-only file system', (t: TestContext) => {
      if (!mountable) return t.skip(NO_MOUNT);
      const dir = join(root, 'ro-missing');
      mountTmpfs(dir, '256k');
      mount('-o', 'remount,ro', dir);
      const line = startMustFail(join(dir, 'home'));
      assert.match(line, /read-only file system/);
      assert.match(line, /ro-missing\/home/);
    });

    test('a home on a full file system', (t: TestContext) => {
      if (!mountable) return t.skip(NO_MOUNT);
      const dir = join(root, 'full');
      mountTmpfs(dir, '256k');
      mkdirSync(join(dir, 'home'));
      fill(join(dir, 'filler'));
      const line = startMustFail(join(dir, 'home'));
      assert.match(line, /no space left on device/);
      assert.match(line, /full\/home/);
    });
  });

  describe('a running daemon refuses a change it cannot persist, and keeps its state', () => {
    let daemon: TestDaemon;
    let dir: string;
    let home: string;

    const snapshot = async () => ({
      budget: (await daemon.request<BudgetResponse>('GET', '/api/json/budget')).body.config,
      sleepMode: await daemon.request<SleepModeResponse>('GET', '/api/json/sleep-mode').then((r) => {
        const { since: _since, remainingMs: _remaining, ...rest } = r.body;
        return rest;
      }),
      budgetFile: readFileSync(join(home, 'budget.json'), 'utf8'),
      sleepFile: readFileSync(join(home, 'sleep-mode.json'), 'utf8'),
    });

    /** POSTs a change that must fail with a clear 5xx naming `problem`, and proves nothing changed. */
    async function refused(path: string, body: unknown, problem: RegExp): Promise<void> {
      const before = await snapshot();
      const response = await daemon.request<{ message: string; error: string }>('POST', path, { body });
      assert.ok(response.status >= 500 && response.status < 600, `${response.status} ${JSON.stringify(response.body)}`);
      assert.match(response.body.message, problem);
      assert.match(response.body.message, /so nothing was changed: (free some disk space|make the ssg home writable)/);
      assert.doesNotMatch(response.body.message, /\n\s+at /, 'a stack trace');
      assert.ok(!response.body.message.includes(daemon.daemon.token));
      assert.deepEqual(await snapshot(), before);
    }

    before(async () => {
      if (!mountable) return;
      dir = join(root, 'running');
      mountTmpfs(dir, '4m');
      home = join(dir, 'home');
      daemon = await TestDaemon.start({ home });
      assert.equal((await daemon.request('POST', '/api/json/budget', { body: { mode: 'enforce' } })).status, 200);
    });
    after(async () => {
      if (daemon) await daemon.stop();
    });

    test('read-only home: budget and Sleep at Night changes are refused, nothing changes', async (t) => {
      if (!mountable) return t.skip(NO_MOUNT);
      assert.equal((await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: true } })).status, 200);
      bindReadOnly(home);
      try {
        await refused('/api/json/budget', { mode: 'off' }, /read-only file system/);
        await refused('/api/json/sleep-mode', { enabled: false }, /read-only file system/);
        await refused('/api/json/sleep-mode', { enabled: true, forMs: 60_000 }, /read-only file system/);
        // Still armed, every layer in place: a failed "off" never leaves the guard half down.
        const state = (await daemon.request<SleepModeResponse>('GET', '/api/json/sleep-mode')).body;
        assert.equal(state.mode, 'indefinite');
        assert.equal(state.layers.failClosed.active, true);
        assert.equal(state.layers.rules.active, true);
      } finally {
        unmount(home);
      }
      // Writable again: the same change goes through.
      assert.equal((await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: false } })).status, 200);
    });

    test('full disk: budget and Sleep at Night changes are refused, nothing changes', async (t) => {
      if (!mountable) return t.skip(NO_MOUNT);
      const filler = join(dir, 'filler');
      fill(filler);
      try {
        await refused('/api/json/budget', { mode: 'warn', global: { dailyUsd: 5 } }, /no space left on device/);
        await refused('/api/json/sleep-mode', { enabled: true }, /no space left on device/);
        const state = (await daemon.request<SleepModeResponse>('GET', '/api/json/sleep-mode')).body;
        assert.equal(state.mode, 'off');
        assert.equal(state.layers.failClosed.active, false);
      } finally {
        rmSync(filler);
      }
      const saved = await daemon.request<BudgetResponse>('POST', '/api/json/budget', { body: { mode: 'warn' } });
      assert.equal(saved.status, 200);
      assert.equal(saved.body.config.mode, 'warn');
    });
  });
});
