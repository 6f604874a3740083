// Writes a file so that readers see either the old or the new content, never a half-written one, even
// across a crash: write a temp file in the same directory, fsync it, rename it over the target, then
// fsync the directory so the rename itself is durable.
import { closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** File mode of the result; 0o600 for secrets. Applied with fchmod, so the umask cannot widen or narrow it. */
  mode?: number;
}

export function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const mode = options.mode ?? 0o644;
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A temp name only has to differ between concurrent writers (`wx` never reuses or follows an existing file),
  // so Math.random will do: loading node:crypto would cost every hook process ~3 ms, and hooks write through here.
  const temp = join(dir, `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    try {
      fchmodSync(fd, mode);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDirectory(dir);
}

function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) and file systems refuse to open or fsync a directory; the rename is done.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
