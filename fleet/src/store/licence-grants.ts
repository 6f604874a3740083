// The licences the accounts API signed (GET /api/license): what the organization dashboard lists as licences
// issued to its members. Licences are JWTs the clients verify offline, so this is a record, not what makes a
// licence valid; rows go 90 days after the licence expired.
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Queryable } from './database';
import { normalizeEmail } from './members';

const KEPT_AFTER_EXPIRY_MS = 90 * 24 * 60 * 60 * 1000;

export interface LicenceGrant {
  id: string;
  /** The organization the licence is counted under; null for an account's own. */
  orgId: string | null;
  /** Lower-cased email. */
  userId: string;
  tier: string;
  /** The name the CLI gave for its machine, if any. */
  machine: string | null;
  issuedAt: number;
  expiresAt: number;
}

interface LicenceGrantRow {
  id: string;
  org_id: string | null;
  user_id: string;
  tier: string;
  machine: string | null;
  issued_at: number;
  expires_at: number;
}

const COLUMNS = 'id, org_id, user_id, tier, machine, issued_at, expires_at';

export class LicenceGrants {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async record(grant: Omit<LicenceGrant, 'id' | 'issuedAt'>): Promise<LicenceGrant> {
    const [row] = await this.db.query<LicenceGrantRow>(
      `INSERT INTO licence_grants (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        `lic_${randomUUID()}`,
        grant.orgId,
        normalizeEmail(grant.userId),
        grant.tier,
        grant.machine,
        this.now(),
        grant.expiresAt,
      ],
    );
    return toGrant(row!);
  }

  /** The organization's latest `limit` grants, newest first. */
  async recent(orgId: string, limit: number): Promise<LicenceGrant[]> {
    const rows = await this.db.query<LicenceGrantRow>(
      `SELECT ${COLUMNS} FROM licence_grants WHERE org_id = $1 ORDER BY issued_at DESC, id LIMIT $2`,
      [orgId, limit],
    );
    return rows.map(toGrant);
  }

  /** Removes grants whose licence expired more than 90 days ago; returns how many. */
  async deleteOld(): Promise<number> {
    return (
      await this.db.execute('DELETE FROM licence_grants WHERE expires_at <= $1', [this.now() - KEPT_AFTER_EXPIRY_MS])
    ).changes;
  }
}

function toGrant(row: LicenceGrantRow): LicenceGrant {
  return {
    id: row.id,
    orgId: row.org_id,
    userId: row.user_id,
    tier: row.tier,
    machine: row.machine,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
  };
}
