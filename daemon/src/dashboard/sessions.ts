// The dashboard's browser sessions: random tokens the page keeps in its tab's sessionStorage and sends as
// `Authorization: Bearer`, kept here in memory only, so they end after 8 hours, at sign-out, or when the daemon
// stops, whichever comes first. Nothing about them is ever written to disk.
import { randomBytes } from 'node:crypto';
import type { DashboardSession } from '@ssg/contracts/dashboard';
import type { Clock } from '../clock';

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Sessions kept at most; the oldest goes first (each needs a redeemed ticket, so this is never reached in use). */
const MAX_SESSIONS = 1000;

export class DashboardSessions {
  /** session token → expiry (ms since the epoch), oldest first. */
  private readonly live = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  start(): DashboardSession {
    const now = this.clock.now();
    for (const [token, expiresAt] of this.live) if (expiresAt <= now) this.live.delete(token);
    if (this.live.size >= MAX_SESSIONS) this.live.delete(this.live.keys().next().value!);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + SESSION_TTL_MS;
    this.live.set(token, expiresAt);
    return { token, expiresAt };
  }

  isLive(token: string): boolean {
    const expiresAt = this.live.get(token);
    if (expiresAt === undefined) return false;
    if (this.clock.now() < expiresAt) return true;
    this.live.delete(token);
    return false;
  }

  end(token: string): void {
    this.live.delete(token);
  }
}
