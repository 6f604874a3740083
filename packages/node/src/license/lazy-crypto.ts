// node:crypto, loaded on first use. The hook bundle holds the licence key code for `ssg hook opencode`, and loading
// node:crypto costs every other hook about 3 ms of start-up per tool call (see hook/name-hash.ts), so it must
// not be a top-level import of a module the bundle evaluates.
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

let loaded: typeof Crypto | undefined;

export function lazyCrypto(): typeof Crypto {
  loaded ??= createRequire(import.meta.url)('node:crypto') as typeof Crypto;
  return loaded;
}
