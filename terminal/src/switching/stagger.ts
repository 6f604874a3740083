// The stagger planner. A 5-hour window starts at an account's first message and resets 5 hours later, so a short
// "start" message sent to an idle account at a chosen time places its reset. Spacing the accounts' resets evenly
// means some account always has a fresh window soon. The planner chains them: an idle account gets its message once
// its reset (now + 5 h) would land `spacing` after the latest running reset, where spacing is 5 h / N for N
// accounts, or gapMinutes when that is larger. A message goes only to an account whose window is not running, at
// most one per account per window, and only while some window is in real use — the chain follows the user's work
// and stops within one window once the user stops, instead of spending messages all night.
import { type AccountStanding, isLimited, isWindowRunning } from './account-standing';
import { pickOrder } from './pick-order';
import { type StaggerSettings } from './stagger-settings';

export const WINDOW_MS = 5 * 3600_000;

/** A window at this usage or more has seen real work: a one-line start message uses far less of a window. */
const IN_USE_PERCENT = 5;
/** The service may round a window's start (to the hour in 2025, to 10 minutes in 2026), so the window a message
 * opened can end a little before or after exactly 5 h later. */
const WINDOW_START_SLACK_MS = 3600_000;

export interface StaggerState {
  /** Account id → when it last got a start message (epoch ms). The message is for the window it opened, which ends
   * about 5 h later; until then the account gets no other. */
  readonly lastMessageAt: Readonly<Record<string, number>>;
}

export const INITIAL_STAGGER_STATE: StaggerState = { lastMessageAt: {} };

export interface StaggerPlan {
  /** The account to send a start message to now. */
  messageTo?: string;
  /** When to plan again if nothing else changes; undefined when only a new usage reading or a settings change
   * can change the plan. The pty host also plans again on every usage reading. */
  nextCheckAt?: number;
}

export interface StaggerInput {
  now: number;
  accounts: readonly AccountStanding[];
  settings: StaggerSettings;
  state: StaggerState;
}

export function staggerSpacingMs(accountCount: number, gapMinutes: number): number {
  return Math.max(WINDOW_MS / accountCount, gapMinutes * 60_000);
}

export function recordStaggerMessage(state: StaggerState, accountId: string, now: number): StaggerState {
  return { lastMessageAt: { ...state.lastMessageAt, [accountId]: now } };
}

interface Window {
  account: AccountStanding;
  resetsAt: number;
  inUse: boolean;
}

/** The account's running window: from its reading, or the one a recent start message opened that no reading shows
 * yet. */
function runningWindow(account: AccountStanding, state: StaggerState, now: number): Window | undefined {
  const sentAt = state.lastMessageAt[account.id];
  const fiveHour = account.usage?.fiveHour;
  if (isWindowRunning(fiveHour, now)) {
    const opened =
      sentAt !== undefined &&
      fiveHour!.resetsAt! > sentAt &&
      fiveHour!.resetsAt! <= sentAt + WINDOW_MS + WINDOW_START_SLACK_MS;
    return { account, resetsAt: fiveHour!.resetsAt!, inUse: !opened || fiveHour!.usedPercent >= IN_USE_PERCENT };
  }
  if (sentAt !== undefined && sentAt + WINDOW_MS > now) return { account, resetsAt: sentAt + WINDOW_MS, inUse: false };
  return undefined;
}

export function planStagger({ now, accounts, settings, state }: StaggerInput): StaggerPlan {
  if (!settings.enabled || accounts.length < 2) return {};
  const spacing = staggerSpacingMs(accounts.length, settings.gapMinutes);
  const running = accounts
    .map((account) => runningWindow(account, state, now))
    .filter((w): w is Window => w !== undefined);
  if (!running.some((window) => window.inUse)) return {};

  const idle = accounts.filter((account) => !running.some((w) => w.account === account) && !isLimited(account, now));
  const firstReset = Math.min(...running.map((window) => window.resetsAt));
  if (idle.length === 0) return { nextCheckAt: firstReset };

  const dueAt = Math.max(...running.map((window) => window.resetsAt)) + spacing - WINDOW_MS;
  if (now < dueAt) return { nextCheckAt: Math.min(dueAt, firstReset) };
  // The next message can be due no sooner than `spacing` from now, when this one's window is the latest.
  return { messageTo: pickOrder(idle, now)[0]!.id, nextCheckAt: now + spacing };
}
