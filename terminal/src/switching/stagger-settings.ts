// Settings of the stagger (names from the spec): stagger.enabled (default false) and stagger.gapMinutes, an integer
// from 15 to 300: the least spacing between two accounts' resets. The default 15 is the range's floor, so by
// default the spacing is 5 h / N (150 min for two accounts, 75 for four) and the gap only matters when it is set
// higher than that.
import { describeValue, isPlainObject, type SettingsCheck } from './settings-check';

export interface StaggerSettings {
  enabled: boolean;
  gapMinutes: number;
}

export const MIN_GAP_MINUTES = 15;
export const MAX_GAP_MINUTES = 300;

export const DEFAULT_STAGGER_SETTINGS: Readonly<StaggerSettings> = { enabled: false, gapMinutes: MIN_GAP_MINUTES };

/** A message for a gapMinutes that is not allowed, or undefined for one that is. */
export function gapMinutesProblem(value: unknown): string | undefined {
  const range = `from ${MIN_GAP_MINUTES} to ${MAX_GAP_MINUTES}`;
  if (typeof value !== 'number')
    return `stagger.gapMinutes must be a whole number of minutes ${range}, got ${describeValue(value)}`;
  if (!Number.isInteger(value)) return `stagger.gapMinutes must be a whole number of minutes ${range}, got ${value}`;
  if (value < MIN_GAP_MINUTES || value > MAX_GAP_MINUTES)
    return `stagger.gapMinutes must be ${range} minutes, got ${value}`;
  return undefined;
}

/** Checks the `stagger` object of PUT /api/terminal/claude-accounts/settings (`{enabled, gapMinutes}`). */
export function checkStaggerSettings(input: unknown): SettingsCheck<StaggerSettings> {
  if (!isPlainObject(input)) return { ok: false, message: `stagger must be an object, got ${describeValue(input)}` };
  const { enabled, gapMinutes } = input;
  if (typeof enabled !== 'boolean') {
    return { ok: false, message: `stagger.enabled must be true or false, got ${describeValue(enabled)}` };
  }
  const problem = gapMinutesProblem(gapMinutes);
  if (problem) return { ok: false, message: problem };
  return { ok: true, settings: { enabled, gapMinutes: gapMinutes as number } };
}
