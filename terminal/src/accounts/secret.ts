// A value that must never reach a log, an error, a JSON answer or the UI (an OAuth access token). Every way Node
// turns an object into text shows `[redacted]`; only `reveal()` gives the value, so each use is visible in review.
import { inspect } from 'node:util';

const REDACTED = '[redacted]';

export class Secret {
  // A private field: not enumerable, not copied by spread or structuredClone, not shown by util.inspect.
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.toPrimitive](): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
