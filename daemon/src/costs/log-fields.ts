// Readers for the untrusted fields of a log line, shared by the sources: a count must be a non-negative safe
// integer and a name a short string, or the line is malformed — never a NaN, a negative or a megabyte-long key
// in the ledger.

/** Longest id or model name we accept; real ones are well under 100 characters. */
const MAX_NAME_LENGTH = 256;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A token count, with a missing field read as 0 (logs omit the cache fields when unused); undefined when invalid. */
export function tokenCount(value: unknown): number | undefined {
  if (value === undefined || value === null) return 0;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** Every value read with tokenCount, or undefined when any of them is invalid. */
export function tokenCounts<K extends string>(values: Record<K, unknown>): Record<K, number> | undefined {
  const counts = {} as Record<K, number>;
  for (const name of Object.keys(values) as K[]) {
    const count = tokenCount(values[name]);
    if (count === undefined) return undefined;
    counts[name] = count;
  }
  return counts;
}

export function shortName(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME_LENGTH ? value : undefined;
}

/** ms since the epoch from an ISO timestamp; undefined when missing or unreadable. */
export function timestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** JSON.parse that answers undefined instead of throwing, for one line of a log. */
export function parseJsonObject(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
