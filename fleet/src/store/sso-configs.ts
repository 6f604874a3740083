// An organization's identity provider. The client secret arrives here already sealed (../crypto/secret-box.ts)
// and leaves sealed: this layer never sees it in clear.
import type { Clock } from './clock';
import type { Queryable } from './database';

export type SsoProvider = 'oidc' | 'saml';

export interface SsoConfig {
  orgId: string;
  /** Only `oidc` enables login; `saml` is accepted and stored. */
  provider: SsoProvider;
  issuerUrl: string;
  clientId: string;
  clientSecretCiphertext: string;
  /** The id of the key that sealed the secret. */
  clientSecretKeyId: string;
  updatedAt: number;
}

interface SsoConfigRow {
  org_id: string;
  provider: SsoProvider;
  issuer_url: string;
  client_id: string;
  client_secret_ciphertext: string;
  client_secret_key_id: string;
  updated_at: number;
}

const COLUMNS = 'org_id, provider, issuer_url, client_id, client_secret_ciphertext, client_secret_key_id, updated_at';

export class SsoConfigs {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  /** Creates or replaces the organization's configuration (PUT …/sso/config). */
  async put(config: Omit<SsoConfig, 'updatedAt'>): Promise<SsoConfig> {
    if (config.provider !== 'oidc' && config.provider !== 'saml') {
      throw new Error(`an SSO provider is oidc or saml, got ${JSON.stringify(config.provider)}`);
    }
    const [row] = await this.db.query<SsoConfigRow>(
      `INSERT INTO sso_configs (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (org_id) DO UPDATE SET provider = excluded.provider, issuer_url = excluded.issuer_url,
         client_id = excluded.client_id, client_secret_ciphertext = excluded.client_secret_ciphertext,
         client_secret_key_id = excluded.client_secret_key_id, updated_at = excluded.updated_at
       RETURNING ${COLUMNS}`,
      [
        config.orgId,
        config.provider,
        config.issuerUrl,
        config.clientId,
        config.clientSecretCiphertext,
        config.clientSecretKeyId,
        this.now(),
      ],
    );
    return toSsoConfig(row!);
  }

  async get(orgId: string): Promise<SsoConfig | undefined> {
    const [row] = await this.db.query<SsoConfigRow>(`SELECT ${COLUMNS} FROM sso_configs WHERE org_id = $1`, [orgId]);
    return row && toSsoConfig(row);
  }

  /** The OIDC configurations of a client id, oldest first: which organization a CLI's sign-in belongs to. */
  async oidcOfClient(clientId: string): Promise<SsoConfig[]> {
    const rows = await this.db.query<SsoConfigRow>(
      `SELECT ${COLUMNS} FROM sso_configs WHERE client_id = $1 AND provider = 'oidc' ORDER BY updated_at, org_id`,
      [clientId],
    );
    return rows.map(toSsoConfig);
  }

  /** Configurations whose secret is sealed under another key than `keyId`: what a key rotation must reseal. */
  async sealedWithOtherKey(keyId: string): Promise<SsoConfig[]> {
    const rows = await this.db.query<SsoConfigRow>(
      `SELECT ${COLUMNS} FROM sso_configs WHERE client_secret_key_id <> $1 ORDER BY org_id`,
      [keyId],
    );
    return rows.map(toSsoConfig);
  }
}

function toSsoConfig(row: SsoConfigRow): SsoConfig {
  return {
    orgId: row.org_id,
    provider: row.provider,
    issuerUrl: row.issuer_url,
    clientId: row.client_id,
    clientSecretCiphertext: row.client_secret_ciphertext,
    clientSecretKeyId: row.client_secret_key_id,
    updatedAt: row.updated_at,
  };
}
