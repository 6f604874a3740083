// Sleep at Night's fail-closed switch: while `<home>/fail-closed` exists, a call that ssg cannot evaluate is
// stopped instead of let through. (The full fail-closed layer, with the daemon, arrives with the daemon work.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const failClosedSentinel = (home: string): string => join(home, 'fail-closed');

export const isFailClosed = (home: string): boolean => existsSync(failClosedSentinel(home));

/** The reason given for a call denied because it could not be evaluated while fail-closed mode is on. */
export const failClosedReason = (problem: string, home: string): string =>
  `ssg could not evaluate this call (${problem}) and fail-closed mode is on, so it is blocked. ` +
  `Fix the problem, or remove ${failClosedSentinel(home)} to fail open.`;
