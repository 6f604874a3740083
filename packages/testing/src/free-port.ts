// Waiting for a fixed loopback port: the spec fixes the CLI's sign-in callback at 127.0.0.1:8399, so the suites
// that sign in there take turns, each waiting until the one before has let go of the port.
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once nothing listens on 127.0.0.1:`port`; throws after `attempts` tries `intervalMs` apart. */
export async function waitForFreePort(port: number, { attempts = 120, intervalMs = 500 } = {}): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    await sleep(intervalMs);
  }
  throw new Error(`127.0.0.1:${port} stayed busy for ${(attempts * intervalMs) / 1000} seconds`);
}
