// Time as the daemon sees it: one injectable source, so tests can move the windows of spending caps and the
// expiry of Sleep at Night without sleeping.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
