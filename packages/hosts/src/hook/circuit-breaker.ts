// The claude-code hook's count for the circuit breaker: per session, a file under <home>/state/circuit-breaker/
// counts consecutive denials (block, force). Once it reaches BREAKER_THRESHOLD the breaker is due, and the next
// denial it may override (@ssg/engine's circuit-breaker.ts: never self-protection, Sleep at Night, fail-closed,
// a spending cap or an `# override: never` rule) is let through; the count then starts over. Any call that is not
// denied resets it too; `ask` leaves it as it is (a human decides those). Hook processes run concurrently: each
// update is an atomic rename, so the file is never corrupt, but two processes updating at once can lose one
// increment (last writer wins). That only delays the breaker by a call, which is acceptable for a lock-out guard.
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BREAKER_THRESHOLD, type Decision } from '@ssg/engine';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { nameHash } from '@ssg/node/name-hash';

/** State files untouched for this long belong to finished sessions and are deleted. */
export const BREAKER_STATE_TTL_MS = 24 * 60 * 60 * 1000;

interface BreakerState {
  consecutiveDenials: number;
}

export const breakerDir = (home: string): string => join(home, 'state', 'circuit-breaker');

export function breakerStatePath(home: string, sessionId: string): string {
  // Hashed: a session id is host-controlled text and must not steer the path.
  return join(breakerDir(home), `${nameHash(sessionId)}.json`);
}

/** Whether this session has been denied BREAKER_THRESHOLD times in a row, so its next denial may be overridden. */
export const breakerDue = (home: string, sessionId: string): boolean =>
  readDenials(breakerStatePath(home, sessionId)) >= BREAKER_THRESHOLD;

/** What happened to a call, as the count sees it. */
export type BreakerOutcome = Decision | 'overridden';

/** Counts one call of the session: a denial adds one; an override or an allowed call starts over; ask: nothing. */
export function countBreakerOutcome(home: string, sessionId: string, outcome: BreakerOutcome, now = Date.now()): void {
  if (outcome === 'ask') return;
  const path = breakerStatePath(home, sessionId);
  if (outcome !== 'block' && outcome !== 'force') {
    removeState(path);
    return;
  }
  const state: BreakerState = { consecutiveDenials: readDenials(path) + 1 };
  writeFileAtomic(path, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  removeStaleStates(breakerDir(home), now);
}

/** The count in a state file; a missing, corrupt or foreign file counts as zero. */
export function readDenials(path: string): number {
  let state: unknown;
  try {
    state = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return 0;
  }
  const count = (state as Partial<BreakerState> | null)?.consecutiveDenials;
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
}

function removeStaleStates(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isFile() && now - stat.mtimeMs > BREAKER_STATE_TTL_MS) removeState(path);
  }
}

/** Deletes a state file if it exists (`rmSync` would load Node's rimraf on every allowed call for this). */
function removeState(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
