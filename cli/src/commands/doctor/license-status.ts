// The license this machine runs under, for `ssg doctor`: its tier and until when, or why there is none.
import { activeLicense } from '@ssg/node/license/active-license';
import { LicenseError } from '@ssg/node/license/license-token';

export interface LicenseStatus {
  /** The tier (`pro`, `team`, `free` …); null without a valid license. */
  tier: string | null;
  /** ISO time the license expires. */
  expiresAt?: string;
  /** What it unlocks when it lists features; absent: everything its tier unlocks. */
  features?: string[];
  /** Why there is no valid license. */
  problem?: string;
}

export async function licenseStatus(home: string, now = Date.now() / 1000): Promise<LicenseStatus> {
  try {
    const license = await activeLicense({ home, now });
    return {
      tier: license.tier,
      expiresAt: new Date(license.expiresAt * 1000).toISOString(),
      ...(license.features ? { features: license.features } : {}),
    };
  } catch (error) {
    if (error instanceof LicenseError) return { tier: null, problem: error.message };
    throw error;
  }
}

export function renderLicenseStatus(status: LicenseStatus): string {
  if (status.tier === null) return `license: none (${status.problem})`;
  const features = status.features ? `, features: ${status.features.join(', ') || 'none'}` : '';
  return `license: ${status.tier} (until ${status.expiresAt}${features})`;
}
