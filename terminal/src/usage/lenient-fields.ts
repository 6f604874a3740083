// Reading fields of JSON that ssg does not control (Claude Code's status line, an undocumented endpoint) without
// trusting its shape: a field of the wrong type reads as absent, never as a throw or a made-up zero.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number, given as a number or a numeric string ("61.0"); anything else is undefined. */
export function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A percentage of a window used: finite and not negative (it may exceed 100). */
export function percentFrom(value: unknown): number | undefined {
  const percent = numberFrom(value);
  return percent !== undefined && percent >= 0 ? percent : undefined;
}

/** A non-empty string of at most `max` characters. */
export function textFrom(value: unknown, max = 4096): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** An instant as epoch ms, from Unix seconds (a number or numeric string) or an ISO-8601 text. */
export function instantFrom(value: unknown): number | undefined {
  const seconds = numberFrom(value);
  if (seconds !== undefined) return seconds > 0 ? seconds * 1000 : undefined;
  // Date.parse alone accepts loose text ("March 7" is a date in 2001); only an ISO date with a time is taken.
  if (typeof value !== 'string' || value.length > 64 || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
