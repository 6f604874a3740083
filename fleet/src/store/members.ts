// Members of an organization: an email (lower-cased: identity providers differ in the case they send) and one
// role of ../auth/roles.ts.
import { isRole, ROLES, type Role } from '../auth/roles';
import type { Clock } from './clock';
import { type Queryable, UniqueViolationError } from './database';

export interface Member {
  orgId: string;
  /** The member's email, lower-cased. */
  userId: string;
  role: Role;
  createdAt: number;
}

export class InvalidMemberError extends Error {
  override readonly name = 'InvalidMemberError';
}
export class MemberExistsError extends Error {
  override readonly name = 'MemberExistsError';
}

/** Something, an @, a domain with a dot; no spaces. Deliverability is the identity provider's business. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email trimmed and lower-cased, or an InvalidMemberError when it does not look like one. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized) || normalized.length > 320) {
    throw new InvalidMemberError(`a member's user_id is an email address, got ${JSON.stringify(email)}`);
  }
  return normalized;
}

function checkedRole(role: string): Role {
  if (!isRole(role)) {
    throw new InvalidMemberError(`a role is one of ${ROLES.join(', ')}, got ${JSON.stringify(role)}`);
  }
  return role;
}

interface MemberRow {
  org_id: string;
  user_id: string;
  role: Role;
  created_at: number;
}

const COLUMNS = 'org_id, user_id, role, created_at';

export class Members {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async add(orgId: string, email: string, role: string): Promise<Member> {
    const userId = normalizeEmail(email);
    try {
      const [row] = await this.db.query<MemberRow>(
        `INSERT INTO members (org_id, user_id, role, created_at) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [orgId, userId, checkedRole(role), this.now()],
      );
      return toMember(row!);
    } catch (error) {
      if (error instanceof UniqueViolationError) {
        throw new MemberExistsError(`${userId} is already a member of ${orgId}`, { cause: error });
      }
      throw error;
    }
  }

  /** The member with the new role; undefined when there is no such member. */
  async setRole(orgId: string, email: string, role: string): Promise<Member | undefined> {
    const [row] = await this.db.query<MemberRow>(
      `UPDATE members SET role = $3 WHERE org_id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [orgId, normalizeEmail(email), checkedRole(role)],
    );
    return row && toMember(row);
  }

  async remove(orgId: string, email: string): Promise<boolean> {
    const result = await this.db.execute('DELETE FROM members WHERE org_id = $1 AND user_id = $2', [
      orgId,
      normalizeEmail(email),
    ]);
    return result.changes > 0;
  }

  /** The member whose email matches (case-insensitively); undefined for a non-member or a malformed email. */
  async get(orgId: string, email: string): Promise<Member | undefined> {
    const [row] = await this.db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE org_id = $1 AND user_id = $2`, [
      orgId,
      email.trim().toLowerCase(),
    ]);
    return row && toMember(row);
  }

  async list(orgId: string): Promise<Member[]> {
    const rows = await this.db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE org_id = $1 ORDER BY user_id`, [
      orgId,
    ]);
    return rows.map(toMember);
  }

  /** Every membership of one email, across organizations. */
  async ofUser(email: string): Promise<Member[]> {
    const rows = await this.db.query<MemberRow>(`SELECT ${COLUMNS} FROM members WHERE user_id = $1 ORDER BY org_id`, [
      email.trim().toLowerCase(),
    ]);
    return rows.map(toMember);
  }
}

function toMember(row: MemberRow): Member {
  return { orgId: row.org_id, userId: row.user_id, role: row.role, createdAt: row.created_at };
}
