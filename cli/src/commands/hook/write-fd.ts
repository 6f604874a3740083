// Hooks write their answer straight to file descriptors 1 and 2. `process.stdout` and `process.stderr` are
// streams whose first use loads Node's stream and pipe machinery, about 3 ms each of a hook's start-up on
// every tool call; a hook writes one short answer and exits, which a synchronous write does as well.
import { writeSync } from 'node:fs';

export function writeFd(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length;) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      // A hook must exit 0 whatever happens: when nobody can read the answer (EPIPE, EBADF) there is nobody to
      // tell either. A full non-blocking pipe (EAGAIN) only needs its reader to catch up.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
}
