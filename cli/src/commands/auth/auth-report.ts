// What `ssg auth …` prints: pure functions of the stored sign-in and the verified licence, so every wording is
// tested as a table (auth-report.test.ts). None of them is ever given a token.
import { printable } from '../../cli/printable';

/** The sign-in as hosts.toml keeps it, without its tokens. */
export interface SignInView {
  email: string;
  orgId: string;
  /** The organization's display name, when the fleet told it. */
  orgName?: string | null;
  role: string;
  fleetUrl: string;
  issuer: string;
  clientId: string;
  /** ms since the epoch. */
  sessionExpiresAt: number;
  tokenStore: 'keychain' | 'file';
}

/** The licence as this machine verifies it (or why it has none). */
export interface LicenceView {
  tier: string | null;
  /** ms since the epoch. */
  expiresAt: number | null;
  problem?: string;
}

/** `2026-12-27 14:00 UTC`: a person reads it, a script reads --json. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const tierLabel = (tier: string): string => tier.toUpperCase();

function orgLabel(signIn: Pick<SignInView, 'orgId' | 'orgName'>): string {
  const name = signIn.orgName?.trim();
  return name && name !== signIn.orgId ? `${signIn.orgId} (${printable(name, 80)})` : signIn.orgId;
}

export function licenceLabel(licence: LicenceView): string {
  if (licence.tier === null) return `none (${licence.problem ?? 'no licence'})`;
  return `${tierLabel(licence.tier)}${licence.expiresAt === null ? '' : ` until ${formatTime(licence.expiresAt)}`}`;
}

/** The last line of a successful `ssg auth login --sso`. */
export function renderSignedIn(signIn: SignInView, licence: LicenceView): string {
  return `Signed in as ${printable(signIn.email, 320)} to ${orgLabel(signIn)} — licence ${licenceLabel(licence)}\n`;
}

/** Where the tokens are, in words (never the tokens). */
export function tokenStoreLabel(store: SignInView['tokenStore'], hostsFile: string): string {
  return store === 'keychain' ? 'the OS keychain' : `${hostsFile} (mode 0600)`;
}

/** A free licence after an SSO sign-in almost always means one of these (spec, Errors: the CLI row). */
export const FREE_TIER_HINT =
  "ENTERPRISE needs an active enterprise subscription and the organization's sso_domain set to your email's domain; " +
  'once both are in place, run `ssg auth refresh`';

export function renderStatus(
  signIn: SignInView | undefined,
  licence: LicenceView,
  hostsFile: string,
  now: number,
): string {
  if (signIn === undefined) {
    return (
      "Not signed in. Run `ssg auth login --sso` to sign in with your organization's identity provider.\n" +
      `licence    ${licenceLabel(licence)}\n`
    );
  }
  const sessionExpired = signIn.sessionExpiresAt <= now;
  const rows: Array<[string, string]> = [
    ['user', `${printable(signIn.email, 320)} (${signIn.role})`],
    ['org', orgLabel(signIn)],
    ['fleet', printable(signIn.fleetUrl, 200)],
    ['provider', `${printable(signIn.issuer, 200)} (client ${printable(signIn.clientId, 100)})`],
    ['licence', licenceLabel(licence)],
    [
      'session',
      sessionExpired
        ? `expired ${formatTime(signIn.sessionExpiresAt)} — run \`ssg auth login --sso\` for a new one`
        : `until ${formatTime(signIn.sessionExpiresAt)}`,
    ],
    ['tokens', tokenStoreLabel(signIn.tokenStore, hostsFile)],
  ];
  const lines = rows.map(([label, value]) => `${label.padEnd(10)} ${value}`);
  if (licence.tier === 'free') lines.push('', `Note: the licence is free. ${FREE_TIER_HINT}.`);
  return `Signed in to the fleet.\n${lines.join('\n')}\n`;
}

/** `ssg auth refresh`: old → new tier. */
export function renderRefreshed(before: string | null, after: LicenceView): string {
  const now = licenceLabel(after);
  if (before === after.tier) return `Licence re-checked: ${now} (tier unchanged)\n`;
  return `Licence re-checked: ${before === null ? 'none' : tierLabel(before)} → ${now}\n`;
}
