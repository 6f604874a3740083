// The dashboard's browser sessions: random ids behind an HttpOnly cookie, kept in memory only, so they end after
// 8 hours or when the daemon stops, whichever comes first. Nothing about them is ever written to disk.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';

export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Sessions kept at most; the oldest goes first (each needs a redeemed ticket, so this is never reached in use). */
const MAX_SESSIONS = 1000;

export class DashboardSessions {
  /** session id → expiry (ms since the epoch), oldest first. */
  private readonly live = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  start(): string {
    const now = this.clock.now();
    for (const [id, expiresAt] of this.live) if (expiresAt <= now) this.live.delete(id);
    if (this.live.size >= MAX_SESSIONS) this.live.delete(this.live.keys().next().value!);
    const id = randomBytes(32).toString('base64url');
    this.live.set(id, now + SESSION_TTL_MS);
    return id;
  }

  isLive(id: string): boolean {
    const expiresAt = this.live.get(id);
    if (expiresAt === undefined) return false;
    if (this.clock.now() < expiresAt) return true;
    this.live.delete(id);
    return false;
  }

  end(id: string): void {
    this.live.delete(id);
  }
}
