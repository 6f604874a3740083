// Identity providers' key sets, cached in the database for an hour (spec, Authentication 2) so that every app
// server sees one fetch and one expiry: a provider's key rotation is seen by all of them within the hour.
import type { Clock } from './clock';
import type { Queryable } from './database';

/** Spec, Limits: the JWKS cache holds for 1 hour. */
export const JWKS_CACHE_MS = 60 * 60 * 1000;

/** A JSON Web Key Set (RFC 7517 §5); the keys are kept as the provider sent them. */
export interface JsonWebKeySet {
  keys: Record<string, unknown>[];
}

export interface CachedJwks {
  issuerUrl: string;
  jwks: JsonWebKeySet;
  fetchedAt: number;
}

interface JwksRow {
  issuer_url: string;
  jwks: string;
  fetched_at: number;
}

export class JwksCache {
  constructor(
    private readonly db: Queryable,
    private readonly now: Clock = Date.now,
  ) {}

  /** The issuer's key set when it was fetched less than `maxAgeMs` ago; undefined means fetch it again. */
  async getFresh(issuerUrl: string, maxAgeMs = JWKS_CACHE_MS): Promise<CachedJwks | undefined> {
    const [row] = await this.db.query<JwksRow>(
      'SELECT issuer_url, jwks, fetched_at FROM jwks_cache WHERE issuer_url = $1 AND fetched_at > $2',
      [issuerUrl, this.now() - maxAgeMs],
    );
    return row && { issuerUrl: row.issuer_url, jwks: JSON.parse(row.jwks) as JsonWebKeySet, fetchedAt: row.fetched_at };
  }

  /** Stores a key set just fetched, replacing the issuer's previous one. */
  async put(issuerUrl: string, jwks: JsonWebKeySet): Promise<CachedJwks> {
    if (!Array.isArray((jwks as Partial<JsonWebKeySet>).keys)) throw new Error('a JWKS has a "keys" array');
    const fetchedAt = this.now();
    await this.db.execute(
      `INSERT INTO jwks_cache (issuer_url, jwks, fetched_at) VALUES ($1, $2, $3)
       ON CONFLICT (issuer_url) DO UPDATE SET jwks = excluded.jwks, fetched_at = excluded.fetched_at`,
      [issuerUrl, JSON.stringify(jwks), fetchedAt],
    );
    return { issuerUrl, jwks, fetchedAt };
  }
}
