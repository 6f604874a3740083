// The outcome of checking settings sent to PUT /api/terminal/claude-accounts/settings: the settings, or a message
// the route returns with its 400.
export type SettingsCheck<T> = { ok: true; settings: T } | { ok: false; message: string };

/** How a value that is not what was asked for reads in a message: "a string", "null", "an array", "no value". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'no value';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
