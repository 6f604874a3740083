// The licence this machine runs under, as every hook and the daemon see it (@ssg/node/license/active-license: the
// SSO sign-in's licence in hosts.toml, else license.jwt), with where it came from: for `ssg doctor` and
// `ssg auth status|login|refresh`, which explain it.
import { activeLicense, readLicenseToken } from '@ssg/node/license/active-license';
import { LicenseError } from '@ssg/node/license/license-token';

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
  let found: { source: 'sso' | 'file'; path: string };
  try {
    found = readLicenseToken(home);
  } catch (error) {
    if (error instanceof LicenseError) {
      return { tier: null, expiresAt: null, source: null, path: null, problem: error.message };
    }
    throw error;
  }
  const { source, path } = found;
  try {
    const licence = await activeLicense({ home, now: now / 1000 });
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
