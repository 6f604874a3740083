// Dashboard and CLI sessions, stored by the SHA-256 of their token (../crypto/service-account-keys.ts), so any
// app server can check a cookie another one set, and a copy of the database holds no usable token.
import type { Clock } from './clock';
import type { Queryable } from './database';

/** Spec, Session cookie: 8 hours. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

export interface Session {
  tokenHash: string;
  orgId: string;
  /** The member's email, lower-cased. */
  userId: string;
  createdAt: number;
  expiresAt: number;
}

interface SessionRow {
  token_hash: string;
  org_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

const COLUMNS = 'token_hash, org_id, user_id, created_at, expires_at';

export class Sessions {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(session: { tokenHash: string; orgId: string; userId: string }): Promise<Session> {
    const createdAt = this.now();
    const [row] = await this.db.query<SessionRow>(
      `INSERT INTO sessions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [
        session.tokenHash,
        session.orgId,
        session.userId.trim().toLowerCase(),
        createdAt,
        createdAt + SESSION_LIFETIME_MS,
      ],
    );
    return toSession(row!);
  }

  /** The session whose token hashes to `tokenHash`, while it has not expired. */
  async findValid(tokenHash: string): Promise<Session | undefined> {
    const [row] = await this.db.query<SessionRow>(
      `SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1 AND expires_at > $2`,
      [tokenHash, this.now()],
    );
    return row && toSession(row);
  }

  /** The organization's unexpired sessions, newest first (who is signed in). */
  async listValid(orgId: string): Promise<Session[]> {
    const rows = await this.db.query<SessionRow>(
      `SELECT ${COLUMNS} FROM sessions WHERE org_id = $1 AND expires_at > $2 ORDER BY created_at DESC, token_hash`,
      [orgId, this.now()],
    );
    return rows.map(toSession);
  }

  /** Ends a session (sign-out); false when there was none. */
  async delete(tokenHash: string): Promise<boolean> {
    return (await this.db.execute('DELETE FROM sessions WHERE token_hash = $1', [tokenHash])).changes > 0;
  }

  /** Removes expired sessions; returns how many. */
  async deleteExpired(): Promise<number> {
    return (await this.db.execute('DELETE FROM sessions WHERE expires_at <= $1', [this.now()])).changes;
  }
}

function toSession(row: SessionRow): Session {
  return {
    tokenHash: row.token_hash,
    orgId: row.org_id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
