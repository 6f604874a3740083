import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { withFileLock } from './file-lock';

describe('withFileLock', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-lock-'));
    file = join(dir, 'accounts.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the lock during the change and releases it after, also after an error', () => {
    assert.equal(
      withFileLock(file, () => existsSync(`${file}.lock`)),
      true,
    );
    assert.equal(existsSync(`${file}.lock`), false);
    assert.throws(
      () =>
        withFileLock(file, () => {
          throw new Error('change failed');
        }),
      /change failed/,
    );
    assert.equal(existsSync(`${file}.lock`), false);
  });

  it('waits for a held lock, then gives up with a clear error', () => {
    mkdirSync(`${file}.lock`);
    assert.throws(
      () => withFileLock(file, () => 'changed', { timeoutMs: 30 }),
      new RegExp(`${file.replace(/[.\\]/g, '\\$&')} is being changed by another process`),
    );
    assert.ok(existsSync(`${file}.lock`), 'another process’s lock is left alone');
  });

  it('takes over a lock left by a process that died', () => {
    mkdirSync(`${file}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    assert.equal(
      withFileLock(file, () => 'changed', { timeoutMs: 30 }),
      'changed',
    );
  });

  it('passes on an error that is not the lock being held', () => {
    assert.throws(() => withFileLock(join(dir, 'missing', 'accounts.json'), () => 'x'), /ENOENT/);
  });
});
