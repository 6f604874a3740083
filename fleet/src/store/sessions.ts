// Dashboard and CLI sessions, stored by the SHA-256 of their token (../crypto/service-account-keys.ts), so any
// app server can check a cookie another one set, and a copy of the database holds no usable token. A session is
// named outside the database by its `id` (the dashboard's list of machines, signing one out), never by the hash.
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Queryable } from './database';

/** Spec, Session cookie: 8 hours. CLI sessions last as long. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** `browser`: the dashboard's cookie. `cli`: the token `ssg auth login` obtained (`ssg auth token` prints it). */
export type SessionKind = 'browser' | 'cli';

export interface Session {
  id: string;
  tokenHash: string;
  orgId: string;
  /** The member's email, lower-cased. */
  userId: string;
  kind: SessionKind;
  /** The name the CLI gave for its machine (its host name); null for browser sessions. */
  machine: string | null;
  createdAt: number;
  expiresAt: number;
}

interface SessionRow {
  id: string;
  token_hash: string;
  org_id: string;
  user_id: string;
  kind: SessionKind;
  machine: string | null;
  created_at: number;
  expires_at: number;
}

const COLUMNS = 'id, token_hash, org_id, user_id, kind, machine, created_at, expires_at';

export class Sessions {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(session: {
    tokenHash: string;
    orgId: string;
    userId: string;
    kind: SessionKind;
    machine?: string | null;
  }): Promise<Session> {
    const createdAt = this.now();
    const [row] = await this.db.query<SessionRow>(
      `INSERT INTO sessions (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [
        `ses_${randomUUID()}`,
        session.tokenHash,
        session.orgId,
        session.userId.trim().toLowerCase(),
        session.kind,
        session.machine ?? null,
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

  /** The organization's unexpired CLI sessions, newest first: the machines signed in with `ssg auth login`. */
  async machines(orgId: string): Promise<Session[]> {
    const rows = await this.db.query<SessionRow>(
      `SELECT ${COLUMNS} FROM sessions WHERE org_id = $1 AND kind = 'cli' AND expires_at > $2
       ORDER BY created_at DESC, id`,
      [orgId, this.now()],
    );
    return rows.map(toSession);
  }

  /** Signs a machine out (an admin, from the dashboard); false when the organization has no such CLI session. */
  async revokeMachine(orgId: string, id: string): Promise<boolean> {
    const { changes } = await this.db.execute(`DELETE FROM sessions WHERE org_id = $1 AND id = $2 AND kind = 'cli'`, [
      orgId,
      id,
    ]);
    return changes > 0;
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
    id: row.id,
    tokenHash: row.token_hash,
    orgId: row.org_id,
    userId: row.user_id,
    kind: row.kind,
    machine: row.machine,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
