// Organizations: `org_<slug>`, a display name, and the optional sso_domain (lower-cased, one organization each).
import type { Clock } from './clock';
import { type Queryable, UniqueViolationError } from './database';

export interface Organization {
  id: string;
  name: string;
  ssoDomain: string | null;
  createdAt: number;
}

/** `org_` and a slug: lower-case letters, digits and inner hyphens, 1 to 63 characters (a DNS label's rules). */
const ORGANIZATION_ID = /^org_[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A DNS name of two labels or more, lower-cased before it is checked. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export class InvalidOrganizationError extends Error {
  override readonly name = 'InvalidOrganizationError';
}
export class OrganizationExistsError extends Error {
  override readonly name = 'OrganizationExistsError';
}
export class SsoDomainTakenError extends Error {
  override readonly name = 'SsoDomainTakenError';
}

export function isOrganizationId(value: string): boolean {
  return ORGANIZATION_ID.test(value);
}

/** The domain lower-cased, or an InvalidOrganizationError when it is not a domain name. */
export function normalizeSsoDomain(domain: string): string {
  const normalized = domain.trim().toLowerCase();
  if (!DOMAIN.test(normalized)) {
    throw new InvalidOrganizationError(
      `sso_domain must be a domain name such as example.com, got ${JSON.stringify(domain)}`,
    );
  }
  return normalized;
}

interface OrganizationRow {
  id: string;
  name: string;
  sso_domain: string | null;
  created_at: number;
}

const COLUMNS = 'id, name, sso_domain, created_at';

export class Organizations {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async create(organization: { id: string; name: string }): Promise<Organization> {
    if (!isOrganizationId(organization.id)) {
      throw new InvalidOrganizationError(
        `an organization id is org_ and a slug of lower-case letters, digits and hyphens, got ${JSON.stringify(organization.id)}`,
      );
    }
    if (organization.name.trim() === '') throw new InvalidOrganizationError('an organization needs a name');
    try {
      const [row] = await this.db.query<OrganizationRow>(
        `INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
        [organization.id, organization.name.trim(), this.now()],
      );
      return toOrganization(row!);
    } catch (error) {
      if (error instanceof UniqueViolationError) {
        throw new OrganizationExistsError(`the organization ${organization.id} already exists`, { cause: error });
      }
      throw error;
    }
  }

  async get(id: string): Promise<Organization | undefined> {
    const [row] = await this.db.query<OrganizationRow>(`SELECT ${COLUMNS} FROM organizations WHERE id = $1`, [id]);
    return row && toOrganization(row);
  }

  async list(): Promise<Organization[]> {
    const rows = await this.db.query<OrganizationRow>(`SELECT ${COLUMNS} FROM organizations ORDER BY id`);
    return rows.map(toOrganization);
  }

  /** Sets (or, with null, clears) the SSO domain; undefined when there is no such organization. */
  async setSsoDomain(id: string, domain: string | null): Promise<Organization | undefined> {
    const normalized = domain === null ? null : normalizeSsoDomain(domain);
    try {
      const [row] = await this.db.query<OrganizationRow>(
        `UPDATE organizations SET sso_domain = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, normalized],
      );
      return row && toOrganization(row);
    } catch (error) {
      if (error instanceof UniqueViolationError) {
        throw new SsoDomainTakenError(`the SSO domain ${normalized} belongs to another organization`, { cause: error });
      }
      throw error;
    }
  }

  /** The organization whose sso_domain is `domain` (compared lower-cased). */
  async findBySsoDomain(domain: string): Promise<Organization | undefined> {
    const [row] = await this.db.query<OrganizationRow>(`SELECT ${COLUMNS} FROM organizations WHERE sso_domain = $1`, [
      domain.trim().toLowerCase(),
    ]);
    return row && toOrganization(row);
  }

  /** Deletes the organization and, through the foreign keys, everything that belongs to it. */
  async delete(id: string): Promise<boolean> {
    return (await this.db.execute('DELETE FROM organizations WHERE id = $1', [id])).changes > 0;
  }
}

function toOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, ssoDomain: row.sso_domain, createdAt: row.created_at };
}
