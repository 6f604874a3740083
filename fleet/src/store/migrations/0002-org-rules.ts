// Each organization's published rules (issue 15: the hosted MCP evaluates against them): one `.rules` text per
// organization, replaced whole when a policy author publishes, so the rules in force are always one coherent
// file. `updated_by` is the member's email or service account id that published it, for the audit trail.
import type { Migration } from './migration';

export const orgRulesTable: Migration = {
  id: '0002-org-rules',
  statements: [
    `CREATE TABLE org_rules (
      org_id TEXT PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      rules_text TEXT NOT NULL,
      updated_at BIGINT NOT NULL,
      updated_by TEXT NOT NULL
    )`,
  ],
};
