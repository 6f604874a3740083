// Waiting in tests for something another thread, process, timer or file watcher does: look again every 10 ms
// until it holds. The deadline only ends a test that would otherwise hang; it is generous because CI machines
// are slow and busy, and it is never the thing a test asserts.
import assert from 'node:assert/strict';

const LOOK_EVERY_MS = 10;

/** Resolves once `check` holds; fails the test with `what` when it still does not after `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
