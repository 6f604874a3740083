// The license this machine runs under, for `ssg doctor`: its tier, until when, where it came from (the SSO sign-in
// in hosts.toml, or license.jwt), and what is wrong with it and what to do — no license, an expired or unverifiable
// one, a free tier after an SSO sign-in, an ended fleet session.
import { licenceState } from '@ssg/node/license/licence-state';
import { HostsFileError } from '@ssg/node/sso/hosts-file';
import { loadSignIn, type SignIn } from '@ssg/node/sso/sign-in-store';
import { FREE_TIER_HINT, formatTime } from '../auth/auth-report';

export interface LicenseStatus {
  /** The tier (`pro`, `team`, `free` …); null without a valid license. */
  tier: string | null;
  /** ISO time the license expires. */
  expiresAt?: string;
  /** What it unlocks when it lists features; absent: everything its tier unlocks. */
  features?: string[];
  /** Why there is no valid license. */
  problem?: string;
  /** `sso`: from `ssg auth login --sso` (hosts.toml); `license.jwt`: the file; null: neither. */
  source: 'sso' | 'license.jwt' | null;
  /** The SSO sign-in, when there is one. */
  signIn?: { email: string; orgId: string; sessionExpiresAt: number };
  /** What to do, one line each; empty when all is well. */
  advice: string[];
}

/** `now` in ms since the epoch. */
export async function licenseStatus(home: string, now = Date.now()): Promise<LicenseStatus> {
  const state = await licenceState(home, now);
  const advice: string[] = [];
  let signIn: SignIn | undefined;
  try {
    signIn = loadSignIn(home);
  } catch (error) {
    if (!(error instanceof HostsFileError)) throw error;
    advice.push(error.message);
  }
  const source = state.source === 'file' ? 'license.jwt' : state.source;
  if (state.tier === null) {
    if (state.source === null) {
      advice.push('sign in with `ssg auth login --sso`, or put a license from your account in license.jwt');
    } else if (state.source === 'sso') {
      advice.push('get a new one from the fleet: `ssg auth refresh`');
    } else {
      advice.push('replace license.jwt with a valid license from your account, or sign in with `ssg auth login --sso`');
    }
  } else if (state.tier === 'free' && state.source === 'sso') {
    advice.push(`free tier: ${FREE_TIER_HINT}`);
  }
  if (signIn && signIn.sessionExpiresAt <= now) {
    advice.push(
      `the fleet session of ${signIn.email} ended ${formatTime(signIn.sessionExpiresAt)}: ` +
        '`ssg auth login --sso` for a new one (`ssg auth token` and `ssg auth refresh` need it once the id_token is over)',
    );
  }
  return {
    tier: state.tier,
    ...(state.expiresAt === null ? {} : { expiresAt: new Date(state.expiresAt).toISOString() }),
    ...(state.features ? { features: state.features } : {}),
    ...(state.problem === undefined ? {} : { problem: state.problem }),
    source,
    ...(signIn
      ? { signIn: { email: signIn.email, orgId: signIn.orgId, sessionExpiresAt: signIn.sessionExpiresAt } }
      : {}),
    advice,
  };
}

/** The license line, then one indented line per piece of advice. */
export function renderLicenseStatus(status: LicenseStatus): string[] {
  const from =
    status.source === 'sso'
      ? status.signIn
        ? ` from the SSO sign-in (${status.signIn.email}, ${status.signIn.orgId})`
        : ' from the SSO sign-in'
      : status.source === 'license.jwt'
        ? ' from license.jwt'
        : '';
  const head =
    status.tier === null
      ? `license: none (${status.problem})${from}`
      : `license: ${status.tier} (until ${status.expiresAt}${
          status.features ? `, features: ${status.features.join(', ') || 'none'}` : ''
        })${from}`;
  return [head, ...status.advice.map((line) => `  fix: ${line}`)];
}
