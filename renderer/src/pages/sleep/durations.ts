// The Sleep at Night durations: presets and the custom one, bounded like the daemon (1 ms to 30 days).
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** "Until morning" means the next 07:00 local time. */
const MORNING_HOUR = 7;

export type PresetId = '1h' | '8h' | 'morning' | '7d' | 'indefinite';

export interface Preset {
  id: PresetId;
  label: string;
  /** Milliseconds from `now`; null: until turned off. */
  forMs(now: Date): number | null;
}

/** Milliseconds from `now` to the next 07:00 local (tomorrow's when it is 07:00 or later). */
export function untilMorning(now: Date): number {
  const morning = new Date(now);
  morning.setHours(MORNING_HOUR, 0, 0, 0);
  if (morning.getTime() <= now.getTime()) morning.setDate(morning.getDate() + 1);
  return morning.getTime() - now.getTime();
}

export const PRESETS: readonly Preset[] = [
  { id: '1h', label: '1 hour', forMs: () => HOUR },
  { id: '8h', label: '8 hours', forMs: () => 8 * HOUR },
  { id: 'morning', label: 'Until 07:00', forMs: untilMorning },
  { id: '7d', label: '7 days', forMs: () => 7 * DAY },
  { id: 'indefinite', label: 'Until I turn it off', forMs: () => null },
];

/** A custom duration in hours and days, or why it is not valid. */
export function customDuration(days: string, hours: string): { ms: number } | { problem: string } {
  const d = days.trim() === '' ? 0 : Number(days);
  const h = hours.trim() === '' ? 0 : Number(hours);
  if (!Number.isFinite(d) || !Number.isFinite(h) || d < 0 || h < 0) return { problem: 'Use positive numbers.' };
  const ms = Math.round(d * DAY + h * HOUR);
  if (ms < 60_000) return { problem: 'Choose at least one minute.' };
  if (ms > MAX_SLEEP_MS) return { problem: 'At most 30 days.' };
  return { ms };
}
