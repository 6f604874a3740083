// The local token that every daemon API call carries in `X-Service-Token`: 32 random bytes, hex, in
// `<home>/daemon.token` with mode 0600, created on the daemon's first start and kept across restarts so hooks and
// the CLI (same user) can read it. Agents run as that user too; self-preservation.rules stops them reading it.
import { timingSafeEqual } from 'node:crypto';
import { daemonTokenPath } from '@ssg/node/daemon-file';
import { ensureSecretFile } from '@ssg/node/secret-file';

/** Reads the token, creating it (or replacing a malformed one) when needed, and narrows a widened file mode. */
export const ensureDaemonToken = (home: string): string => ensureSecretFile(daemonTokenPath(home));

/** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
export function tokenMatches(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
