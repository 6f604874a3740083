// Signs the licences the accounts API hands out: JWTs signed with Ed25519 (JWS alg "EdDSA"), the one algorithm the
// clients' verifier (packages/node/src/license/license-token.ts) accepts, with the claims it reads: `iss`, `sub`
// (the licensee's email), `tier`, optional `features`, `exp`.
//
// Configuration:
//   SSG_FLEET_LICENSE_SIGNING_KEY  the Ed25519 private key: PKCS#8 PEM (`openssl genpkey -algorithm ed25519`; real
//                                  newlines or "\n" escapes, as one-line environments need) or a private JWK as JSON
//   SSG_FLEET_LICENSE_ISSUER       the `iss` clients expect; default "ssg-accounts", ssg's own issuer. A self-hosted
//                                  fleet names its own and gives clients `issuerFile()` as license-issuer.json.
// The key id (`kid`) is the key's RFC 7638 thumbprint: derived, so it cannot be misconfigured, and a new key gets
// a new id by itself.
//
// Lifetime: 30 days. Clients verify offline and nothing can recall a licence once issued, so the lifetime bounds
// how long a cancelled subscription, or a member removed from an organization, keeps a working licence; 30 days
// follows the monthly billing period, and clients renew with `ssg auth refresh` well before expiry.
import { createHash, createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { LICENSE_ISSUER } from '@ssg/node/license/issuer-key';
import { SignJWT } from 'jose';

export const SIGNING_KEY_VARIABLE = 'SSG_FLEET_LICENSE_SIGNING_KEY';
export const ISSUER_VARIABLE = 'SSG_FLEET_LICENSE_ISSUER';
export const LICENCE_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** The clients' verifier refuses longer issuer names in license-issuer.json. */
const MAX_ISSUER_LENGTH = 256;

export class LicenceSignerConfigError extends Error {
  override readonly name = 'LicenceSignerConfigError';
}

export interface LicenceClaims {
  /** The licensee: the user's email. */
  subject: string;
  /** e.g. "free", "pro", "enterprise". */
  tier: string;
  /** What the licence unlocks; absent, a paid tier unlocks everything (the clients' rule). */
  features?: string[];
}

export interface SignedLicence {
  token: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** What a client's `<home>/license-issuer.json` holds to accept this fleet's licences. */
export interface LicenceIssuerFile {
  issuer: string;
  /** SPKI PEM. */
  publicKey: string;
}

export interface LicenceSigner {
  readonly issuer: string;
  readonly keyId: string;
  /** `now` in seconds since the epoch. */
  sign(claims: LicenceClaims, now: number): Promise<SignedLicence>;
  issuerFile(): LicenceIssuerFile;
  /** The public key as a JWK with its kid, for a JWKS document. */
  publicJwk(): JsonWebKey & { kid: string; alg: 'EdDSA'; use: 'sig' };
}

export function licenceSignerFromEnv(env: NodeJS.ProcessEnv): LicenceSigner {
  const issuer = env[ISSUER_VARIABLE] ?? LICENSE_ISSUER;
  return createLicenceSigner({ privateKey: parseSigningKey(env[SIGNING_KEY_VARIABLE]), issuer });
}

/** An Ed25519 private key from PKCS#8 PEM or JWK text; errors never quote the text. */
export function parseSigningKey(text: string | undefined): KeyObject {
  if (text === undefined || text.trim() === '') {
    throw new LicenceSignerConfigError(
      `${SIGNING_KEY_VARIABLE} is not set: it must hold the Ed25519 private key that signs licences, ` +
        'as PKCS#8 PEM (openssl genpkey -algorithm ed25519) or a private JWK',
    );
  }
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.startsWith('{')) {
    let jwk: JsonWebKey;
    try {
      jwk = JSON.parse(trimmed) as JsonWebKey;
    } catch {
      // JSON.parse's message quotes the text, which here is a private key.
      throw new LicenceSignerConfigError(`${SIGNING_KEY_VARIABLE} starts with "{" but is not valid JSON (a JWK)`);
    }
    if (typeof jwk.d !== 'string') {
      throw new LicenceSignerConfigError(`${SIGNING_KEY_VARIABLE} is a public JWK; the signer needs the private one`);
    }
    key = privateKeyOrError(() => createPrivateKey({ key: jwk, format: 'jwk' }), 'JWK');
  } else {
    const pem = trimmed.replaceAll('\\n', '\n');
    key = privateKeyOrError(() => createPrivateKey(pem), 'PKCS#8 PEM');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new LicenceSignerConfigError(
      `${SIGNING_KEY_VARIABLE} is a ${key.asymmetricKeyType ?? 'unknown'} key; licences are signed with Ed25519`,
    );
  }
  return key;
}

function privateKeyOrError(create: () => KeyObject, format: string): KeyObject {
  try {
    return create();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LicenceSignerConfigError(
      `${SIGNING_KEY_VARIABLE} is not a usable ${format} private key${code ? ` (${code})` : ''}`,
    );
  }
}

export interface LicenceSignerOptions {
  privateKey: KeyObject;
  issuer: string;
}

export function createLicenceSigner({ privateKey, issuer }: LicenceSignerOptions): LicenceSigner {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') {
    throw new LicenceSignerConfigError('the licence signing key must be an Ed25519 private key');
  }
  if (issuer.trim() === '' || issuer.length > MAX_ISSUER_LENGTH) {
    throw new LicenceSignerConfigError(`${ISSUER_VARIABLE} must be 1 to ${MAX_ISSUER_LENGTH} characters`);
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  const keyId = ed25519Thumbprint(jwk);
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  return {
    issuer,
    keyId,
    async sign({ subject, tier, features }, now) {
      if (subject === '') throw new TypeError('a licence names its licensee (sub)');
      if (tier === '') throw new TypeError('a licence names a tier');
      const expiresAt = Math.floor(now) + LICENCE_LIFETIME_SECONDS;
      const token = await new SignJWT(features === undefined ? { tier } : { tier, features: [...features] })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: keyId })
        .setIssuer(issuer)
        .setSubject(subject)
        .setIssuedAt(Math.floor(now))
        .setExpirationTime(expiresAt)
        .sign(privateKey);
      return { token, expiresAt };
    },
    issuerFile: () => ({ issuer, publicKey: publicPem }),
    publicJwk: () => ({ ...jwk, kid: keyId, alg: 'EdDSA', use: 'sig' }),
  };
}

/** RFC 7638: SHA-256 over the required members of an OKP key, in lexicographic order, base64url. */
function ed25519Thumbprint({ crv, kty, x }: JsonWebKey): string {
  return createHash('sha256').update(JSON.stringify({ crv, kty, x })).digest('base64url');
}
