// The local token that every daemon API call carries in `X-Service-Token`: 32 random bytes, hex, in
// `<home>/daemon.token` with mode 0600, created on the daemon's first start and kept across restarts so hooks and
// the CLI (same user) can read it. Agents run as that user too; self-preservation.rules stops them reading it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { daemonTokenPath } from '@ssg/node/daemon-file';
import { writeFileAtomic } from '@ssg/node/atomic-write';

const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

/** Reads the token, creating it (or replacing a malformed one) when needed, and narrows a widened file mode. */
export function ensureDaemonToken(home: string): string {
  const path = daemonTokenPath(home);
  const existing = readToken(path);
  if (existing !== undefined) {
    if ((statSync(path).mode & 0o077) !== 0) writeFileAtomic(path, `${existing}\n`, { mode: 0o600 });
    return existing;
  }
  const token = randomBytes(32).toString('hex');
  writeFileAtomic(path, `${token}\n`, { mode: 0o600 });
  return token;
}

function readToken(path: string): string | undefined {
  try {
    const token = readFileSync(path, 'utf8').trim();
    return TOKEN_FORMAT.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
export function tokenMatches(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
