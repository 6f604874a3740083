// Whose licenses ssg accepts: the issuer's name (the JWT `iss`) and its Ed25519 public key. Built in: ssg's own
// issuer. A self-hosted fleet that issues its own licenses is configured in `<home>/license-issuer.json`
// (`{"issuer": "…", "publicKey": "<SPKI PEM, or a JWK as JSON>"}`), a file in the ssg home that self-protection
// keeps agents from writing. There is deliberately no environment variable for this: any process can set one for
// the processes it starts, and a key that anyone can swap in is a license anyone can mint.
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lazyCrypto } from './lazy-crypto';
import { LicenseError } from './license-token';

export const LICENSE_ISSUER = 'ssg-accounts';

/** SPKI PEM of the issuer's Ed25519 key. The private half is held by the release owner, never in the repository. */
export const LICENSE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEACnKWc0lbFvr/nbbmRdqMISGLEH/cMRD+cEr/g5zPdww=
-----END PUBLIC KEY-----
`;

export const licenseIssuerPath = (home: string): string => join(home, 'license-issuer.json');

export interface LicenseIssuer {
  issuer: string;
  publicKey: KeyObject;
}

/** The issuer configured for this home, else ssg's own. A file that is there but wrong is an error, not ignored. */
export function licenseIssuer(home: string): LicenseIssuer {
  const path = licenseIssuerPath(home);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { issuer: LICENSE_ISSUER, publicKey: publicKeyFrom(LICENSE_PUBLIC_KEY_PEM, 'the built-in key') };
    }
    throw new LicenseError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    throw new LicenseError(`${path} is not valid JSON`);
  }
  const { issuer, publicKey } = (typeof config === 'object' && config !== null ? config : {}) as Record<
    string,
    unknown
  >;
  if (typeof issuer !== 'string' || issuer === '' || issuer.length > 256) {
    throw new LicenseError(`${path} names no issuer (a non-empty "issuer" string)`);
  }
  if (typeof publicKey !== 'string') throw new LicenseError(`${path} has no "publicKey" (SPKI PEM, or a JWK as JSON)`);
  return { issuer, publicKey: publicKeyFrom(publicKey, path) };
}

/** An Ed25519 public key from PEM or JWK text. */
function publicKeyFrom(text: string, where: string): KeyObject {
  const { createPublicKey } = lazyCrypto();
  let key: KeyObject;
  try {
    key = text.trimStart().startsWith('{')
      ? createPublicKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' })
      : createPublicKey(text);
  } catch (error) {
    throw new LicenseError(`the public key in ${where} is not a public key (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new LicenseError(`the license key must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'unknown'}`);
  }
  return key;
}
