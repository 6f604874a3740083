// Checks an id_token's signature against the identity provider's JWKS (spec Authentication 2). openid-client does
// not: over TLS from the token endpoint it trusts the token unsigned. The JWKS comes from the discovery
// document's jwks_uri and is kept for one hour in a shared store (so app servers behind one database fetch it
// once an hour between them).
//
// Refetch policy: none within the hour. A token whose kid is not in the cached set fails, even if the provider
// has just rotated its keys; the spec accepts that "a key rotation at the provider may take up to 1 hour to be
// seen". Refetching on an unknown kid would let anyone who can reach the callback make the server fetch the
// JWKS at will, and the hour would no longer be the bound the spec states.
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { isLoopbackHttp } from './oidc-discovery';

export const JWKS_CACHE_MS = 60 * 60 * 1000;

const FETCH_TIMEOUT_MS = 10_000;

/** Asymmetric JWS algorithms only: a JWKS holds public keys, and `none` or HMAC id_tokens are not accepted. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

export interface CachedJwks {
  readonly jwks: JSONWebKeySet;
  readonly fetchedAt: Date;
}

/** Where the fetched JWKS is kept between logins and app servers, keyed by jwks_uri. */
export interface JwksCacheStore {
  get(jwksUri: string): Promise<CachedJwks | undefined>;
  put(jwksUri: string, jwks: JSONWebKeySet, fetchedAt: Date): Promise<void>;
}

export class IdTokenSignatureError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('id_token signature verification failed', options);
    this.name = 'IdTokenSignatureError';
  }
}

/** Resolves when the signature verifies with a key of the provider's (cached) JWKS; throws IdTokenSignatureError. */
export async function verifyIdTokenSignature(
  idToken: string,
  jwksUri: string | undefined,
  cache: JwksCacheStore,
  options: { readonly now: () => Date },
): Promise<void> {
  try {
    if (!jwksUri) throw new Error('the discovery document names no jwks_uri');
    const jwks = await currentJwks(jwksUri, cache, options.now());
    await compactVerify(idToken, createLocalJWKSet(jwks), { algorithms: ALGORITHMS });
  } catch (error) {
    throw new IdTokenSignatureError({ cause: error });
  }
}

async function currentJwks(jwksUri: string, cache: JwksCacheStore, now: Date): Promise<JSONWebKeySet> {
  const cached = await cache.get(jwksUri);
  if (cached && now.getTime() - cached.fetchedAt.getTime() < JWKS_CACHE_MS) return cached.jwks;
  const jwks = await fetchJwks(jwksUri);
  await cache.put(jwksUri, jwks, now);
  return jwks;
}

async function fetchJwks(jwksUri: string): Promise<JSONWebKeySet> {
  const url = new URL(jwksUri);
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) {
    throw new Error(`jwks_uri must use https (plain http is allowed only on loopback): ${jwksUri}`);
  }
  const res = await fetch(url, {
    headers: { accept: 'application/json, application/jwk-set+json' },
    redirect: 'error',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`GET ${jwksUri} answered HTTP ${res.status}`);
  const body: unknown = await res.json();
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { keys?: unknown }).keys)) {
    throw new Error(`GET ${jwksUri} did not answer a JWK set`);
  }
  return body as JSONWebKeySet;
}
