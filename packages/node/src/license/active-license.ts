// The license of this machine: the one the fleet issued at the SSO sign-in (`[license] token` in
// `<home>/hosts.toml`, saved by `ssg auth login --sso` and `ssg auth refresh`), else `<home>/license.jwt`. Verified
// on every use (a hook process is short-lived, and verifying costs well under a millisecond), so an expired or
// replaced license takes effect at once. The opencode hook runs this before every call: hosts.toml is scanned for
// its one line here rather than parsed with a TOML library, which the hook bundle must not load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hostsFilePath } from '../sso/hosts-path';
import { licenseIssuer } from './issuer-key';
import { type License, LicenseError, verifyLicenseToken } from './license-token';

export const licensePath = (home: string): string => join(home, 'license.jwt');

export interface LicenseContext {
  home: string;
  /** Seconds since the epoch. */
  now: number;
}

export interface LicenseToken {
  token: string;
  /** `sso`: from hosts.toml (the SSO sign-in); `file`: license.jwt. */
  source: 'sso' | 'file';
  /** The file it was read from. */
  path: string;
}

/** The verified license; a LicenseError says why there is none. */
export async function activeLicense({ home, now }: LicenseContext): Promise<License> {
  const { token } = readLicenseToken(home);
  const { issuer, publicKey } = licenseIssuer(home);
  return verifyLicenseToken(token, { publicKey, issuer, now });
}

/** The license token in force and where it came from, unverified; a LicenseError when there is none. */
export function readLicenseToken(home: string): LicenseToken {
  const hosts = hostsFilePath(home);
  const fromSignIn = readIfPresent(hosts);
  const ssoToken = fromSignIn === undefined ? undefined : licenseTokenIn(fromSignIn);
  if (ssoToken) return { token: ssoToken, source: 'sso', path: hosts };
  const path = licensePath(home);
  const token = readIfPresent(path);
  if (token === undefined) {
    throw new LicenseError(`no license at ${path}, and no SSO sign-in (ssg auth login --sso) in ${hosts}`);
  }
  return { token, source: 'file', path };
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new LicenseError(`${path} cannot be read (${code})`);
  }
}

/** `token = "…"` in the `[license]` table, as hosts-file.ts writes it (a JWT needs no escapes). */
function licenseTokenIn(toml: string): string | undefined {
  let inLicense = false;
  for (const raw of toml.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inLicense = /^\[\s*license\s*\]\s*(#.*)?$/.test(line);
      continue;
    }
    if (!inLicense) continue;
    const match = /^token\s*=\s*(?:"([^"\\]*)"|'([^']*)')\s*(#.*)?$/.exec(line);
    if (match) return (match[1] ?? match[2])?.trim() || undefined;
  }
  return undefined;
}
