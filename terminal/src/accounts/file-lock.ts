// A lock between processes around a short synchronous read-change-write of one file: a folder `<file>.lock` made
// with mkdir, which fails when it exists on every platform and file system. A lock older than `staleMs` was left by
// a process that died mid-change and is taken over (a change holds it for milliseconds).
import { mkdirSync, rmSync, statSync } from 'node:fs';

export interface FileLockOptions {
  /** How long to wait for another process's change; then an error. */
  timeoutMs?: number;
  staleMs?: number;
}

export function withFileLock<T>(file: string, change: () => T, options: FileLockOptions = {}): T {
  const lock = `${file}.lock`;
  const timeoutMs = options.timeoutMs ?? 5000;
  const staleMs = options.staleMs ?? 30_000;
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockAge(lock) > staleMs) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - start > timeoutMs)
      throw new Error(`${file} is being changed by another process (${lock} exists); try again.`);
    // A synchronous wait: the change it waits for is a few milliseconds of another process's work.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  }
  try {
    return change();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockAge(lock: string): number {
  try {
    return Date.now() - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}
