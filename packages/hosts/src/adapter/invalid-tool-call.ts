// Raised by an adapter's parseInput for payloads it cannot read; the message says what is wrong with it.
export class InvalidToolCallError extends Error {
  override readonly name = 'InvalidToolCallError';
}

/** JSON.parse that reports bad JSON as an InvalidToolCallError and insists on a JSON object. */
export function parseJsonObject(raw: string): Record<string, unknown> {
  if (raw.trim() === '') throw new InvalidToolCallError('stdin is empty');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new InvalidToolCallError(`stdin is not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(value)) throw new InvalidToolCallError(`stdin is ${describeJsonType(value)}, not a JSON object`);
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "an array", "a string", "null", "nothing" — for messages about a value of the wrong type. */
export function describeJsonType(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/** The tool name of a payload; `label` names the field in the message (`"tool"`, `tool_name`). */
export function requiredToolName(value: unknown, label: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new InvalidToolCallError(`${label} must be a non-empty string, got ${describeJsonType(value)}`);
  }
  return value;
}

/** The tool's arguments of a payload; `label` names the field in the message. */
export function requiredArguments(value: unknown, label: string): Record<string, unknown> {
  if (!isPlainObject(value))
    throw new InvalidToolCallError(`${label} must be a JSON object, got ${describeJsonType(value)}`);
  return value;
}

/** `payload[key]` when it is a string; absent or null → undefined; any other type is an InvalidToolCallError. */
export function optionalString(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new InvalidToolCallError(`"${key}" must be a string, got ${describeJsonType(value)}`);
  return value;
}
