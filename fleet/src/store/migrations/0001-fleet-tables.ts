// The fleet's first tables (issue 15). Conventions (see ../database.ts): ids and emails TEXT, timestamps BIGINT
// epoch milliseconds, no booleans (a nullable timestamp says when something ended). Emails (`user_id`,
// `account_email`) and `sso_domain` are stored lower-cased; the repositories lower-case them on the way in.
// Rows belonging to an organization go when it goes (ON DELETE CASCADE).
import type { Migration } from './migration';

export const fleetTables: Migration = {
  id: '0001-fleet-tables',
  statements: [
    // id `org_<slug>`; sso_domain maps SSO users to the organization for licence resolution, so one domain
    // belongs to one organization at most (NULL, not set, may repeat).
    `CREATE TABLE organizations (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      sso_domain TEXT UNIQUE,
      created_at BIGINT NOT NULL
    )`,
    // user_id is the member's email, matched against the identity provider's email claim.
    `CREATE TABLE members (
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('org_admin', 'policy_author', 'auditor', 'member')),
      created_at BIGINT NOT NULL,
      PRIMARY KEY (org_id, user_id)
    )`,
    `CREATE INDEX members_by_user ON members (user_id)`,
    // key_hash: SHA-256 of the `ssg_sa_…` key, which is shown once and never stored. Never expires; revoked_at
    // ends it.
    `CREATE TABLE service_accounts (
      id TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      key_hash TEXT NOT NULL UNIQUE,
      created_at BIGINT NOT NULL,
      revoked_at BIGINT
    )`,
    `CREATE INDEX service_accounts_by_org ON service_accounts (org_id)`,
    // The client secret sealed with AES-256-GCM (`v1:<keyId>:…`); its key id beside it, so the rows still under
    // an old key can be found and resealed when keys rotate. `saml` is stored but enables no login.
    `CREATE TABLE sso_configs (
      org_id TEXT PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      provider TEXT NOT NULL CHECK (provider IN ('oidc', 'saml')),
      issuer_url TEXT NOT NULL,
      client_id TEXT NOT NULL,
      client_secret_ciphertext TEXT NOT NULL,
      client_secret_key_id TEXT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    // One row per OIDC login in flight, between the redirect to the provider and its callback (valid 10
    // minutes). A callback consumes its row by deleting it, so a state works once even when two app servers
    // race; a replayed state then looks like an unknown one, which is the answer the callback gives anyway.
    `CREATE TABLE login_states (
      state TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      code_verifier TEXT NOT NULL,
      nonce TEXT NOT NULL,
      redirect_after TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX login_states_by_expiry ON login_states (expires_at)`,
    // token_hash: SHA-256 of the `ssg_session_…` token (the `ssg_fleet_session` cookie, or what `ssg auth token`
    // prints), never the token itself. 8 hours.
    `CREATE TABLE sessions (
      token_hash TEXT PRIMARY KEY,
      org_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX sessions_by_expiry ON sessions (expires_at)`,
    // An identity provider's JWKS as JSON text, shared by every app server so a key rotation is seen by all
    // within the cache hour, whichever server fetched it.
    `CREATE TABLE jwks_cache (
      issuer_url TEXT PRIMARY KEY,
      jwks TEXT NOT NULL,
      fetched_at BIGINT NOT NULL
    )`,
    // What a licence request resolves its tier from: held by an organization (its members and its sso_domain's
    // users) or by one account email, never both. Active from starts_at until ends_at (NULL: open-ended).
    `CREATE TABLE subscriptions (
      id TEXT PRIMARY KEY,
      org_id TEXT REFERENCES organizations (id) ON DELETE CASCADE,
      account_email TEXT,
      tier TEXT NOT NULL,
      starts_at BIGINT NOT NULL,
      ends_at BIGINT,
      created_at BIGINT NOT NULL,
      CHECK ((org_id IS NULL) <> (account_email IS NULL))
    )`,
    `CREATE INDEX subscriptions_by_org ON subscriptions (org_id)`,
    `CREATE INDEX subscriptions_by_account ON subscriptions (account_email)`,
  ],
};
