// The Sleep at Night durations the tray offers, as the renderer's Sleep page offers them: 1 hour, 8 hours, until
// morning, 7 days, indefinite. "Until morning" is not a fixed length, so every preset is resolved at the moment
// it is chosen into the `forMs` that POST /api/json/sleep-mode takes.
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';

export type SleepPresetId = '1h' | '8h' | 'morning' | '7d' | 'indefinite';

export interface SleepPreset {
  id: SleepPresetId;
  label: string;
}

export const SLEEP_PRESETS: readonly SleepPreset[] = [
  { id: '1h', label: 'For 1 hour' },
  { id: '8h', label: 'For 8 hours' },
  { id: 'morning', label: 'Until morning (7:00)' },
  { id: '7d', label: 'For 7 days' },
  { id: 'indefinite', label: 'Until I turn it off' },
];

/** The local hour "morning" means. */
export const MORNING_HOUR = 7;

const HOUR_MS = 3_600_000;

/** The `forMs` of a preset chosen at `now`; undefined for indefinite (no end). */
export function presetDurationMs(id: SleepPresetId, now: Date): number | undefined {
  switch (id) {
    case '1h':
      return HOUR_MS;
    case '8h':
      return 8 * HOUR_MS;
    case '7d':
      return Math.min(7 * 24 * HOUR_MS, MAX_SLEEP_MS);
    case 'morning':
      return untilMorningMs(now);
    case 'indefinite':
      return undefined;
  }
}

/**
 * Milliseconds from `now` to the next 7:00 local time: today's if it is still ahead, else tomorrow's. Computed on
 * the calendar (setDate), not by adding 24 h, so a daylight-saving change overnight still lands on 7:00.
 */
export function untilMorningMs(now: Date): number {
  const morning = new Date(now);
  morning.setHours(MORNING_HOUR, 0, 0, 0);
  if (morning.getTime() <= now.getTime()) morning.setDate(morning.getDate() + 1);
  return morning.getTime() - now.getTime();
}
