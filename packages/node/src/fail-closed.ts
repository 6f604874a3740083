// Sleep at Night's fail-closed switch: while `<home>/fail-closed` exists, a call that ssg cannot evaluate is
// stopped instead of let through. (The full fail-closed layer, with the daemon, arrives with the daemon work.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const failClosedSentinel = (home: string): string => join(home, 'fail-closed');

export const isFailClosed = (home: string): boolean => existsSync(failClosedSentinel(home));

/**
 * What the agent is told about a call blocked because it could not be evaluated while fail-closed mode is on. The
 * agent reads it, so it says what to do instead and never how protection could be lowered: that is for a person,
 * who learns it from the dashboard, the desktop app or `ssg doctor`.
 */
export const failClosedReason = (problem: string): string =>
  `This call could not be evaluated (${problem}) while Sleep at Night's fail-closed layer is on, so ssg blocked it. ` +
  'Leave this step for a person, or try again once ssg can evaluate calls (`ssg daemon` starts its daemon); ' +
  'do not look for another way to run it.';
