// Where each spending window begins and when it next resets. Calendar windows follow the local time zone through
// local Date arithmetic (`new Date(y, m, d)` is local midnight, and day 32 of a month rolls into the next), so a
// daylight-saving day is 23 or 25 hours long rather than off by one. Rolling windows are plain durations.
import type { BudgetWindow } from '@ssg/contracts/budget';

export const HOUR_MS = 60 * 60 * 1000;
export const WEEK_MS = 7 * 24 * HOUR_MS;

export type RollingWindow = Extract<BudgetWindow, 'hourly' | 'weekly'>;
export type CalendarWindow = Extract<BudgetWindow, 'daily' | 'monthly'>;

export const ROLLING_WINDOW_MS: Record<RollingWindow, number> = { hourly: HOUR_MS, weekly: WEEK_MS };

export const isRolling = (window: BudgetWindow): window is RollingWindow => window === 'hourly' || window === 'weekly';

/** The local calendar day or month containing `at`: [start, end). */
export function calendarBounds(window: CalendarWindow, at: number): { start: number; end: number } {
  const date = new Date(at);
  const year = date.getFullYear();
  const month = date.getMonth();
  if (window === 'monthly') {
    return { start: new Date(year, month, 1).getTime(), end: new Date(year, month + 1, 1).getTime() };
  }
  const day = date.getDate();
  return { start: new Date(year, month, day).getTime(), end: new Date(year, month, day + 1).getTime() };
}

/**
 * Rolling windows hold the entries with `at` after this cutoff, (now − length, now]: an entry leaves the window
 * at `at + length`, the moment the cutoff reaches it.
 */
export const rollingCutoff = (window: RollingWindow, now: number): number => now - ROLLING_WINDOW_MS[window];

/** Where `window` begins at `now`. */
export function windowStart(window: BudgetWindow, now: number, sessionStartedAt: number): number {
  if (window === 'session') return sessionStartedAt;
  if (isRolling(window)) return rollingCutoff(window, now);
  return calendarBounds(window, now).start;
}

/**
 * When the window's spend next goes down: the end of a calendar window; for a rolling window, when its oldest
 * counted entry leaves it (null when it counts nothing); for the session, never while the daemon runs (null).
 */
export function nextReset(window: BudgetWindow, now: number, oldestCountedAt: number | null): number | null {
  if (window === 'session') return null;
  if (isRolling(window)) return oldestCountedAt === null ? null : oldestCountedAt + ROLLING_WINDOW_MS[window];
  return calendarBounds(window, now).end;
}
