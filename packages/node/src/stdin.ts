// Reads all of stdin synchronously, up to a limit, so a runaway producer cannot make ssg buffer without bound.
// Synchronous on purpose: it is the cheapest way to read a small payload in a short-lived process.
import { readSync } from 'node:fs';

/** Payloads above this are refused; no real tool call comes near it. */
export const MAX_STDIN_BYTES = 8 * 1024 * 1024;

export class StdinTooLargeError extends Error {
  override readonly name = 'StdinTooLargeError';
  constructor(readonly limit: number) {
    super(`stdin is larger than ${limit / 1024 / 1024} MiB`);
  }
}

export function readStdin(limit: number = MAX_STDIN_BYTES, fd = 0): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A non-blocking stdin (inherited from some parents) has nothing *yet*: wait a moment and retry.
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      // A closed stdin (`<&-`) or end of a pseudo-terminal reads as empty input.
      if (code === 'EOF' || code === 'EBADF') break;
      throw error;
    }
    if (n === 0) break;
    total += n;
    if (total > limit) throw new StdinTooLargeError(limit);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
