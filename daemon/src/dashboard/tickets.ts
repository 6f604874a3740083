// One-time sign-in tickets for the dashboard. `ssg dashboard` (or the desktop app) asks for one with the admin
// credential and hands the browser a link carrying it; the dashboard page trades it once for a session token. A
// ticket lives 60 s, so a link that leaks through shell history or a screenshot is worthless by the time anyone
// reads it.
import { randomBytes } from 'node:crypto';
import { SIGN_IN_TICKET_KEY } from '@ssg/contracts/dashboard';
import type { Clock } from '../clock';

export const TICKET_TTL_MS = 60_000;
/** Unredeemed tickets kept at most: a caller with the token cannot grow the daemon's memory without bound. */
const MAX_OPEN_TICKETS = 1000;

export interface IssuedTicket {
  ticket: string;
  expiresAt: number;
}

export class DashboardTickets {
  /** ticket → expiry (ms since the epoch), oldest first. */
  private readonly open = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  issue(): IssuedTicket {
    this.dropExpired();
    if (this.open.size >= MAX_OPEN_TICKETS) this.open.delete(this.open.keys().next().value!);
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = this.clock.now() + TICKET_TTL_MS;
    this.open.set(ticket, expiresAt);
    return { ticket, expiresAt };
  }

  /** True once for a ticket issued here and not yet expired; the ticket is spent either way. */
  redeem(ticket: string): boolean {
    const expiresAt = this.open.get(ticket);
    if (expiresAt === undefined) return false;
    this.open.delete(ticket);
    return this.clock.now() < expiresAt;
  }

  private dropExpired(): void {
    const now = this.clock.now();
    for (const [ticket, expiresAt] of this.open) {
      if (expiresAt <= now) this.open.delete(ticket);
    }
  }
}

/**
 * The link a ticket is redeemed through: `ssg dashboard` prints it, the desktop app opens it. The ticket is in the
 * fragment, which the browser sends to no server (not even in a Referer); the page takes it out of the address bar
 * and its history entry before trading it.
 */
export const signInUrl = (daemonUrl: string, ticket: string): string =>
  `${daemonUrl}/#${SIGN_IN_TICKET_KEY}=${encodeURIComponent(ticket)}`;
