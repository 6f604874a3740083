// The licence this machine runs under, as every hook sees it (active-license.ts: the SSO sign-in's licence in
// hosts.toml, else license.jwt), with where it came from: for `ssg doctor`, `ssg auth status|login|refresh` and the
// dashboard's Fleet page, which explain it.
import { type LicenseToken, readLicenseToken } from './active-license';
import { licenseIssuer } from './issuer-key';
import { LicenseError, verifyLicenseToken } from './license-token';

export interface LicenceState {
  /** null without a valid licence (`problem` says why). */
  tier: string | null;
  /** ms since the epoch. */
  expiresAt: number | null;
  /** What it unlocks when it lists features; absent: everything its tier unlocks. */
  features?: string[];
  /** `sso`: hosts.toml, from `ssg auth login --sso`; `file`: license.jwt; null: neither has one. */
  source: 'sso' | 'file' | null;
  /** The file the licence was read from. */
  path: string | null;
  problem?: string;
}

/** `now` in ms since the epoch. */
export async function licenceState(home: string, now = Date.now()): Promise<LicenceState> {
  let found: LicenseToken;
  try {
    found = readLicenseToken(home);
  } catch (error) {
    if (error instanceof LicenseError) {
      return { tier: null, expiresAt: null, source: null, path: null, problem: error.message };
    }
    throw error;
  }
  const { token, source, path } = found;
  try {
    const { issuer, publicKey } = licenseIssuer(home);
    const licence = await verifyLicenseToken(token, { publicKey, issuer, now: now / 1000 });
    return {
      tier: licence.tier,
      expiresAt: licence.expiresAt * 1000,
      ...(licence.features ? { features: licence.features } : {}),
      source,
      path,
    };
  } catch (error) {
    if (error instanceof LicenseError) return { tier: null, expiresAt: null, source, path, problem: error.message };
    throw error;
  }
}
