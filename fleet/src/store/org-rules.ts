// An organization's published rules: the `.rules` text its members' agents are governed by on the hosted MCP (on
// top of ssg's default rules). Stored as text, as published; it is parsed where it is used, so a rule the engine
// learns to read later needs no migration.
import type { Clock } from './clock';
import type { Queryable } from './database';

export interface PublishedRules {
  orgId: string;
  rulesText: string;
  updatedAt: number;
  /** Who published them: a member's email or a service account's id. */
  updatedBy: string;
}

interface OrgRulesRow {
  org_id: string;
  rules_text: string;
  updated_at: number;
  updated_by: string;
}

/** Large rule sets are a few tens of kilobytes; a megabyte is a mistake, not a policy. */
export const MAX_RULES_TEXT_BYTES = 1024 * 1024;

const COLUMNS = 'org_id, rules_text, updated_at, updated_by';

export class OrgRulesTooLargeError extends Error {
  override readonly name = 'OrgRulesTooLargeError';
}

export class OrgRules {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  async get(orgId: string): Promise<PublishedRules | undefined> {
    const [row] = await this.db.query<OrgRulesRow>(`SELECT ${COLUMNS} FROM org_rules WHERE org_id = $1`, [orgId]);
    return row && toPublishedRules(row);
  }

  /** Replaces the organization's rules (the organization must exist). */
  async put(orgId: string, rulesText: string, updatedBy: string): Promise<PublishedRules> {
    const bytes = Buffer.byteLength(rulesText);
    if (bytes > MAX_RULES_TEXT_BYTES) {
      throw new OrgRulesTooLargeError(`the rules are ${bytes} bytes; at most ${MAX_RULES_TEXT_BYTES} are accepted`);
    }
    const [row] = await this.db.query<OrgRulesRow>(
      `INSERT INTO org_rules (${COLUMNS}) VALUES ($1, $2, $3, $4)
       ON CONFLICT (org_id) DO UPDATE SET rules_text = $2, updated_at = $3, updated_by = $4
       RETURNING ${COLUMNS}`,
      [orgId, rulesText, this.now(), updatedBy],
    );
    return toPublishedRules(row!);
  }
}

function toPublishedRules(row: OrgRulesRow): PublishedRules {
  return { orgId: row.org_id, rulesText: row.rules_text, updatedAt: row.updated_at, updatedBy: row.updated_by };
}
