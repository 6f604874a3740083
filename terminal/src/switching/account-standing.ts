// What the switcher knows of an account: its usage windows (from terminal/src/usage, structurally) and whether
// the switcher itself marked it limited. Every window is enforced at once, so any window at 100% blocks the account,
// whatever the 5-hour meter shows (research doc §2.4).
export interface UsageWindow {
  /** 0–100, may exceed 100. */
  usedPercent: number;
  /** Epoch ms; undefined when the window has not started. */
  resetsAt?: number;
}

export interface AccountUsage {
  fiveHour?: UsageWindow;
  sevenDay?: UsageWindow;
}

export interface AccountStanding {
  id: string;
  isDefault: boolean;
  usage?: AccountUsage;
  /** Set by the auto-switch when the agent reported a usage limit on this account. */
  limitedUntil?: number;
}

/** A window runs from the first message until its reset; one whose reset has passed has ended, whatever its last
 * reading said. */
export function isWindowRunning(window: UsageWindow | undefined, now: number): boolean {
  return window?.resetsAt !== undefined && window.resetsAt > now;
}

/** At 100% or more and not yet reset. A full window that names no reset counts as full: waiting for the next
 * reading is cheaper than switching a conversation onto an account that refuses it. */
function isWindowExhausted(window: UsageWindow | undefined, now: number): window is UsageWindow {
  return window !== undefined && window.usedPercent >= 100 && (window.resetsAt === undefined || window.resetsAt > now);
}

function windows(account: AccountStanding): UsageWindow[] {
  return [account.usage?.fiveHour, account.usage?.sevenDay].filter((w): w is UsageWindow => w !== undefined);
}

export function isLimited(account: AccountStanding, now: number): boolean {
  return (
    (account.limitedUntil !== undefined && account.limitedUntil > now) ||
    windows(account).some((window) => isWindowExhausted(window, now))
  );
}

/** When the account can take a message again: `now` when it can already, undefined when a full window names no
 * reset. The latest of its limits, since each one blocks until it lifts. */
export function availableAt(account: AccountStanding, now: number): number | undefined {
  if (!isLimited(account, now)) return now;
  let until = account.limitedUntil !== undefined && account.limitedUntil > now ? account.limitedUntil : now;
  for (const window of windows(account)) {
    if (!isWindowExhausted(window, now)) continue;
    if (window.resetsAt === undefined) return undefined;
    until = Math.max(until, window.resetsAt);
  }
  return until;
}
