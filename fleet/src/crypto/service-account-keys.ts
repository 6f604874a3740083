// The fleet's bearer tokens: service account keys (`ssg_sa_…`, created by an admin, shown once, never expiring) and
// session tokens (`ssg_session_…`, the `ssg_fleet_session` cookie's value and what `ssg auth token` prints). Each
// is a prefix and 32 random bytes in base64url (43 characters); the prefix tells the kinds apart in an
// Authorization header and lets secret scanners recognise a leaked one.
//
// Only a SHA-256 hash is stored. A slow password hash (scrypt, argon2) exists to make guessing low-entropy
// passwords expensive; these tokens carry 256 random bits, so there is nothing to guess, and a fast, unsalted
// hash can be the database's lookup key. A token of the wrong shape is refused before it is hashed.
import { createHash, randomBytes as cryptoRandomBytes, timingSafeEqual } from 'node:crypto';

export type BearerTokenKind = 'service_account' | 'session';

const PREFIXES: Record<BearerTokenKind, string> = { service_account: 'ssg_sa_', session: 'ssg_session_' };
const TOKEN_BYTES = 32;
const BODY = /^[A-Za-z0-9_-]{43}$/;
const HASH = /^[0-9a-f]{64}$/;

export const SERVICE_ACCOUNT_KEY_PREFIX = PREFIXES.service_account;
export const SESSION_TOKEN_PREFIX = PREFIXES.session;

/** A bytes source, injectable for tests. */
export type RandomBytes = (size: number) => Buffer;

export interface IssuedToken {
  /** Shown to its owner once (the service account key) or set as the cookie; never stored. */
  token: string;
  /** What is stored: the SHA-256 of the token, 64 lowercase hex digits. */
  hash: string;
}

export function newServiceAccountKey(randomBytes: RandomBytes = cryptoRandomBytes): IssuedToken {
  return newToken('service_account', randomBytes);
}

export function newSessionToken(randomBytes: RandomBytes = cryptoRandomBytes): IssuedToken {
  return newToken('session', randomBytes);
}

function newToken(kind: BearerTokenKind, randomBytes: RandomBytes): IssuedToken {
  const bytes = randomBytes(TOKEN_BYTES);
  if (bytes.length !== TOKEN_BYTES) throw new Error(`the random source gave ${bytes.length} bytes, not ${TOKEN_BYTES}`);
  const token = PREFIXES[kind] + bytes.toString('base64url');
  return { token, hash: sha256(token) };
}

/**
 * The kind of a well-formed token, else null. Well-formed means the prefix and exactly the 43 characters 32 bytes
 * encode to (the last character carries 4 bits, so some spellings are not canonical and are refused too).
 */
export function bearerTokenKind(text: string): BearerTokenKind | null {
  for (const kind of Object.keys(PREFIXES) as BearerTokenKind[]) {
    const prefix = PREFIXES[kind];
    if (!text.startsWith(prefix)) continue;
    const body = text.slice(prefix.length);
    const canonical = BODY.test(body) && Buffer.from(body, 'base64url').toString('base64url') === body;
    return canonical ? kind : null;
  }
  return null;
}

/** The stored hash of a presented token, or null when it is not a well-formed token of `kind` (refused unhashed). */
export function tokenHash(presented: string, kind: BearerTokenKind): string | null {
  return bearerTokenKind(presented) === kind ? sha256(presented) : null;
}

/** Whether `presented` is the token whose hash is `storedHash`, compared in constant time. */
export function tokenMatches(presented: string, kind: BearerTokenKind, storedHash: string): boolean {
  const hash = tokenHash(presented, kind);
  if (hash === null || !HASH.test(storedHash)) return false;
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(storedHash, 'hex'));
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
