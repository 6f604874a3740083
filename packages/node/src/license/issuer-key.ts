// Whose licenses ssg accepts: the issuer's name (the JWT `iss`) and its Ed25519 public key. Both can be replaced
// through the environment, for tests and for self-hosted fleets that issue their own licenses.
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { lazyCrypto } from './lazy-crypto';
import { LicenseError } from './license-token';

export const LICENSE_ISSUER = 'ssg-accounts';

/** SPKI PEM of the issuer's Ed25519 key. The private half is held by the release owner, never in the repository. */
export const LICENSE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEACnKWc0lbFvr/nbbmRdqMISGLEH/cMRD+cEr/g5zPdww=
-----END PUBLIC KEY-----
`;

export const licenseIssuer = (env: NodeJS.ProcessEnv): string => env.SSG_LICENSE_ISSUER || LICENSE_ISSUER;

/** The key from `SSG_LICENSE_PUBLIC_KEY` (PEM, or a JWK as JSON) when set, else the built-in one. */
export function licensePublicKey(env: NodeJS.ProcessEnv): KeyObject {
  const text = env.SSG_LICENSE_PUBLIC_KEY || LICENSE_PUBLIC_KEY_PEM;
  const { createPublicKey } = lazyCrypto();
  let key: KeyObject;
  try {
    key = text.trimStart().startsWith('{')
      ? createPublicKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' })
      : createPublicKey(text);
  } catch (error) {
    throw new LicenseError(`SSG_LICENSE_PUBLIC_KEY is not a public key (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new LicenseError(`the license key must be an Ed25519 key, not ${key.asymmetricKeyType ?? 'unknown'}`);
  }
  return key;
}
