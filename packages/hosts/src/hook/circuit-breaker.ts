// The claude-code hook's circuit breaker (spec: "after 5 consecutive denies the circuit breaker allows the
// call"), so a rule that misfires cannot lock an agent in a loop of blocked calls. Per session, a file under
// <home>/state/circuit-breaker/ counts consecutive denials (block, force). The call after the fifth denial is
// let through and the count starts over; any call that is not denied resets it too; `ask` leaves it as it is
// (a human decides those). Hook processes run concurrently: each update is an atomic rename, so the file is
// never corrupt, but two processes updating at once can lose one increment (last writer wins). That only
// delays the breaker by a call, which is acceptable for a lock-out guard.
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Decision } from '@ssg/engine';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { nameHash } from '@ssg/node/name-hash';

export const BREAKER_THRESHOLD = 5;
/** State files untouched for this long belong to finished sessions and are deleted. */
export const BREAKER_STATE_TTL_MS = 24 * 60 * 60 * 1000;

/** `enforce`: use the verdict as it is. `override`: the breaker lets this denied call through. */
export type BreakerVerdict = 'enforce' | 'override';

interface BreakerState {
  consecutiveDenials: number;
}

export const breakerDir = (home: string): string => join(home, 'state', 'circuit-breaker');

export function breakerStatePath(home: string, sessionId: string): string {
  // Hashed: a session id is host-controlled text and must not steer the path.
  return join(breakerDir(home), `${nameHash(sessionId)}.json`);
}

export function applyCircuitBreaker(
  home: string,
  sessionId: string,
  decision: Decision,
  now = Date.now(),
): BreakerVerdict {
  const path = breakerStatePath(home, sessionId);
  if (decision === 'ask') return 'enforce';
  if (decision !== 'block' && decision !== 'force') {
    removeState(path);
    return 'enforce';
  }
  const denials = readDenials(path);
  if (denials >= BREAKER_THRESHOLD) {
    removeState(path);
    return 'override';
  }
  const state: BreakerState = { consecutiveDenials: denials + 1 };
  writeFileAtomic(path, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  removeStaleStates(breakerDir(home), now);
  return 'enforce';
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
