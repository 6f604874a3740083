// What the organization dashboard shows about members' machines (issue 15): which machines are signed in with
// `ssg auth login`, and which licences were issued to whom.
//
// Sessions gain a public id (what the dashboard and the API name a session by; the token's hash never leaves the
// database), their kind (`browser`: the dashboard cookie; `cli`: a token `ssg auth login` exchanged an id_token
// for) and the machine name the CLI gave. Sessions last 8 hours, so the table is recreated rather than altered:
// whoever was signed in when this migration runs signs in again.
import type { Migration } from './migration';

export const machinesAndLicenceGrants: Migration = {
  id: '0003-machines-and-licence-grants',
  statements: [
    `DROP TABLE sessions`,
    `CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('browser', 'cli')),
      machine TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX sessions_by_expiry ON sessions (expires_at)`,
    `CREATE INDEX sessions_by_org ON sessions (org_id, kind)`,
    // One row per licence the accounts API signed: for whom, which tier, on which machine. org_id is the
    // organization the licence is counted under (the one whose sso_domain gave the tier, else the one whose
    // provider proved the email); NULL for an account's own. Kept 90 days past expiry (store/licence-grants.ts).
    `CREATE TABLE licence_grants (
      id TEXT PRIMARY KEY,
      org_id TEXT REFERENCES organizations (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      tier TEXT NOT NULL,
      machine TEXT,
      issued_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX licence_grants_by_org ON licence_grants (org_id, issued_at)`,
    `CREATE INDEX licence_grants_by_expiry ON licence_grants (expires_at)`,
  ],
};
