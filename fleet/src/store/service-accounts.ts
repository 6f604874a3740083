// Service accounts: an organization's non-expiring admin keys (`ssg_sa_…`). Only the key's hash is stored (see
// ../crypto/service-account-keys.ts); a key is looked up by that hash, and revoking ends it for good.
import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import type { Queryable } from './database';

export interface ServiceAccount {
  id: string;
  orgId: string;
  name: string;
  keyHash: string;
  createdAt: number;
  revokedAt: number | null;
}

interface ServiceAccountRow {
  id: string;
  org_id: string;
  name: string;
  key_hash: string;
  created_at: number;
  revoked_at: number | null;
}

const COLUMNS = 'id, org_id, name, key_hash, created_at, revoked_at';

export class ServiceAccounts {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(account: { orgId: string; name: string; keyHash: string }): Promise<ServiceAccount> {
    if (account.name.trim() === '') throw new Error('a service account needs a name');
    const [row] = await this.db.query<ServiceAccountRow>(
      `INSERT INTO service_accounts (id, org_id, name, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS}`,
      [`sa_${randomUUID()}`, account.orgId, account.name.trim(), account.keyHash, this.now()],
    );
    return toServiceAccount(row!);
  }

  /** The unrevoked account whose key hashes to `keyHash`. */
  async findActiveByKeyHash(keyHash: string): Promise<ServiceAccount | undefined> {
    const [row] = await this.db.query<ServiceAccountRow>(
      `SELECT ${COLUMNS} FROM service_accounts WHERE key_hash = $1 AND revoked_at IS NULL`,
      [keyHash],
    );
    return row && toServiceAccount(row);
  }

  /** The organization's accounts, revoked ones included, oldest first. */
  async list(orgId: string): Promise<ServiceAccount[]> {
    const rows = await this.db.query<ServiceAccountRow>(
      `SELECT ${COLUMNS} FROM service_accounts WHERE org_id = $1 ORDER BY created_at, id`,
      [orgId],
    );
    return rows.map(toServiceAccount);
  }

  /** Revokes the account; false when the organization has no such account or it was revoked already. */
  async revoke(orgId: string, id: string): Promise<boolean> {
    const result = await this.db.execute(
      'UPDATE service_accounts SET revoked_at = $3 WHERE org_id = $1 AND id = $2 AND revoked_at IS NULL',
      [orgId, id, this.now()],
    );
    return result.changes > 0;
  }
}

function toServiceAccount(row: ServiceAccountRow): ServiceAccount {
  return {
    id: row.id,
    orgId: row.org_id,
    name: row.name,
    keyHash: row.key_hash,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}
