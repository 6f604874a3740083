// ssg's credentials on disk (daemon.token, admin.token): 32 random bytes as 64 hex digits and a newline, mode 0600.
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write';

const SECRET_FORMAT = /^[0-9a-f]{64}$/;

export const isSecret = (text: string | undefined): text is string => text !== undefined && SECRET_FORMAT.test(text);

export const newSecret = (): string => randomBytes(32).toString('hex');

/** The secret in `path`; undefined when the file is missing, unreadable or holds anything else. */
export function readSecretFile(path: string): string | undefined {
  try {
    const secret = readFileSync(path, 'utf8').trim();
    return isSecret(secret) ? secret : undefined;
  } catch {
    return undefined;
  }
}

/** The secret in `path`, created (or a malformed one replaced) when needed; a widened file mode is narrowed. */
export function ensureSecretFile(path: string): string {
  const existing = readSecretFile(path);
  if (existing !== undefined) {
    if ((statSync(path).mode & 0o077) !== 0) writeFileAtomic(path, `${existing}\n`, { mode: 0o600 });
    return existing;
  }
  const secret = newSecret();
  writeFileAtomic(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
