// How much of an account's Claude usage windows is used. Claude enforces several windows at once (the 5-hour
// session, the 7-day week, model-scoped weeks…) and hitting any one of them blocks the account, even while the
// one a user looks at shows room (claude-code#22976): so every bucket is kept, under its service name, and the
// most restrictive one is what counts.

/** One usage window. `usedPercent` is 0–100 and may exceed 100; `resetsAt` (epoch ms) is absent while no window
 *  runs (a 5-hour window starts with the account's first message, not before). */
export interface UsageWindow {
  readonly usedPercent: number;
  readonly resetsAt?: number;
}

export type UsageSource = 'status-line' | 'usage-api';

/** The buckets one reading knows about. A bucket that is absent is unknown, never 0. */
export interface UsageBuckets {
  /** `five_hour`: the session window. */
  readonly fiveHour?: UsageWindow;
  /** `seven_day`: the weekly window across models. */
  readonly sevenDay?: UsageWindow;
  /** Every other bucket under the service's name (`seven_day_opus`, a model-scoped week…). */
  readonly otherBuckets?: Readonly<Record<string, UsageWindow>>;
}

export interface AccountUsage extends UsageBuckets {
  readonly accountId: string;
  readonly source: UsageSource;
  /** When the numbers were read (epoch ms). */
  readonly observedAt: number;
  /** Set while the source that should refresh these numbers is failing: they are the last ones known. */
  readonly stale?: { readonly reason: string };
}

export const FIVE_HOUR = 'five_hour';
export const SEVEN_DAY = 'seven_day';

/** The window as it stands at `now`: once its reset has passed it has not started again until a new reading says
 *  so (the service keeps no window open between an account's messages). */
export function windowAsOf(window: UsageWindow, now: number): UsageWindow {
  return window.resetsAt !== undefined && window.resetsAt <= now ? { usedPercent: 0 } : window;
}

/** A window runs from the account's first message until its reset. Without a known reset it is not running. */
export function isRunning(window: UsageWindow, now: number): boolean {
  return window.resetsAt !== undefined && window.resetsAt > now;
}

/** Every bucket of a reading as [service name, window] pairs. */
export function bucketsOf(usage: UsageBuckets): [string, UsageWindow][] {
  const buckets: [string, UsageWindow][] = [];
  if (usage.fiveHour) buckets.push([FIVE_HOUR, usage.fiveHour]);
  if (usage.sevenDay) buckets.push([SEVEN_DAY, usage.sevenDay]);
  for (const [name, window] of Object.entries(usage.otherBuckets ?? {})) buckets.push([name, window]);
  return buckets;
}

/** Builds buckets from [service name, window] pairs (the inverse of `bucketsOf`). */
export function bucketsFrom(entries: Iterable<[string, UsageWindow]>): UsageBuckets {
  let fiveHour: UsageWindow | undefined;
  let sevenDay: UsageWindow | undefined;
  const others: [string, UsageWindow][] = [];
  for (const [name, window] of entries) {
    if (name === FIVE_HOUR) fiveHour = window;
    else if (name === SEVEN_DAY) sevenDay = window;
    else others.push([name, window]);
  }
  return {
    ...(fiveHour && { fiveHour }),
    ...(sevenDay && { sevenDay }),
    // fromEntries defines own properties: a bucket named "__proto__" in hostile input stays a bucket.
    ...(others.length > 0 && { otherBuckets: Object.fromEntries(others) }),
  };
}

/** The reading with every window as it stands at `now`. */
export function usageAsOf<T extends UsageBuckets>(usage: T, now: number): T {
  // Every bucket of `usage` comes back under the same name, so the spread replaces each one.
  return { ...usage, ...bucketsFrom(bucketsOf(usage).map(([name, window]) => [name, windowAsOf(window, now)])) };
}

/** The bucket that blocks the account first: the highest use at `now`; on a tie, the one that resets later (it
 *  blocks for longer). Undefined when no bucket is known. */
export function mostRestrictiveBucket(
  usage: UsageBuckets,
  now: number,
): { name: string; window: UsageWindow } | undefined {
  let worst: { name: string; window: UsageWindow } | undefined;
  for (const [name, known] of bucketsOf(usage)) {
    const window = windowAsOf(known, now);
    if (
      !worst ||
      window.usedPercent > worst.window.usedPercent ||
      (window.usedPercent === worst.window.usedPercent && (window.resetsAt ?? 0) > (worst.window.resetsAt ?? 0))
    ) {
      worst = { name, window };
    }
  }
  return worst;
}
