// The license of this machine: `<home>/license.jwt`, verified on every use (a hook process is short-lived, and
// verifying costs well under a millisecond), so an expired or replaced license takes effect at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { licenseIssuer } from './issuer-key';
import { type License, LicenseError, verifyLicenseToken } from './license-token';

export const licensePath = (home: string): string => join(home, 'license.jwt');

export interface LicenseContext {
  home: string;
  /** Seconds since the epoch. */
  now: number;
}

/** The verified license; a LicenseError says why there is none. */
export async function activeLicense({ home, now }: LicenseContext): Promise<License> {
  const path = licensePath(home);
  let token: string;
  try {
    token = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LicenseError(code === 'ENOENT' ? `no license at ${path}` : `${path} cannot be read (${code})`);
  }
  const { issuer, publicKey } = licenseIssuer(home);
  return verifyLicenseToken(token, { publicKey, issuer, now });
}
