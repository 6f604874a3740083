// Durations as people type and read them: `30m`, `8h`, `7d`, `1h30m` in, `7h 59m` out. Sleep at Night's
// `--for` and its remaining time; the daemon's limit (30 days) is checked here too, so the error is a usage
// error that names the flag rather than the daemon's 400.
import { printable } from '../../cli/printable';
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';
import { UNIT_MS } from '@ssg/contracts/wording';

/** Days, hours, minutes, seconds, each at most once and in that order; at least one. */
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

export type ParsedDuration = { ok: true; ms: number } | { ok: false; problem: string };

/** Parses a Sleep at Night duration: more than zero, at most 30 days. */
export function parseSleepDuration(text: string): ParsedDuration {
  const match = DURATION.exec(text);
  if (text === '' || !match) {
    return { ok: false, problem: `'${printable(text)}' is not a duration; write it like 30m, 8h, 7d or 1h30m` };
  }
  const [, days, hours, minutes, seconds] = match;
  const ms =
    Number(days ?? 0) * UNIT_MS.d +
    Number(hours ?? 0) * UNIT_MS.h +
    Number(minutes ?? 0) * UNIT_MS.m +
    Number(seconds ?? 0) * UNIT_MS.s;
  if (ms === 0)
    return { ok: false, problem: `'${printable(text)}' is no time at all; give a duration longer than zero` };
  if (ms > MAX_SLEEP_MS)
    return { ok: false, problem: `'${printable(text)}' is longer than 30 days, the most Sleep at Night allows` };
  return { ok: true, ms };
}
