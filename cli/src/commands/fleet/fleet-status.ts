// What `ssg fleet status` gathers and prints. The sign-in (hosts.toml) names the fleet and organization; without
// one, the settings `ssg auth login --sso` would use. The fleet is asked for its health and, with a live session,
// for the organization.
import { hostname } from 'node:os';
import { printable } from '../../cli/printable';
import { type LicenceState, licenceState } from '@ssg/node/license/licence-state';
import type { Organization } from '@ssg/contracts/fleet';
import { ssgHome } from '@ssg/node/home';
import { FleetClient, FleetRequestError } from '@ssg/node/sso/fleet-client';
import { DEFAULT_FLEET_URL, resolveSsoSettings, SsoSettingsError } from '@ssg/node/sso/fleet-settings';
import { loadSignIn, loadTokens } from '@ssg/node/sso/sign-in-store';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { formatTime, licenceLabel } from '../auth/auth-report';
import { withSsoErrors } from '../auth/sso-cli-errors';

export interface FleetStatus {
  fleetUrl: string;
  reachable: boolean;
  /** What went wrong asking the fleet. */
  problem?: string;
  orgId: string | null;
  org: Organization | null;
  signedIn: { email: string; role: string; sessionExpiresAt: number } | null;
  licence: Pick<LicenceState, 'tier' | 'expiresAt' | 'source' | 'problem'>;
}

export async function fleetStatus(home = ssgHome(), env = process.env): Promise<FleetStatus> {
  const signIn = await withSsoErrors(async () => loadSignIn(home));
  let fleetUrl: string;
  let orgId: string | null;
  if (signIn) {
    ({ fleetUrl, orgId } = signIn);
  } else {
    try {
      ({ fleetUrl, orgId } = await resolveSsoSettings({ flags: {}, env, home }));
    } catch (error) {
      // No provider configured says nothing about which fleet: that has a default.
      if (!(error instanceof SsoSettingsError)) throw error;
      fleetUrl = (env.SSG_FLEET_URL?.trim() || DEFAULT_FLEET_URL).replace(/\/+$/, '');
      orgId = env.SSG_FLEET_ORG?.trim() || null;
    }
  }
  const { tier, expiresAt, source, problem: licenceProblem } = await licenceState(home);
  const status: FleetStatus = {
    fleetUrl,
    reachable: false,
    orgId,
    org: null,
    signedIn: signIn ? { email: signIn.email, role: signIn.role, sessionExpiresAt: signIn.sessionExpiresAt } : null,
    licence: { tier, expiresAt, source, ...(licenceProblem === undefined ? {} : { problem: licenceProblem }) },
  };
  const fleet = new FleetClient(fleetUrl, { machine: hostname() });
  try {
    await fleet.health();
    status.reachable = true;
    if (signIn && orgId !== null && signIn.sessionExpiresAt > Date.now()) {
      const tokens = await withSsoErrors(async () => loadTokens(home, { vault: tokenVault(env) }));
      if (tokens) status.org = await fleet.organization(orgId, tokens.sessionToken);
    }
  } catch (error) {
    if (!(error instanceof FleetRequestError)) throw error;
    status.problem = error.message;
  }
  return status;
}

export function renderFleetStatus(status: FleetStatus, now: number): string {
  const { org } = status;
  const rows: Array<[string, string]> = [
    ['fleet', `${printable(status.fleetUrl, 200)} (${status.reachable ? 'answering' : 'not answering'})`],
  ];
  if (status.problem) rows.push(['problem', printable(status.problem, 300)]);
  const orgName = org?.name && org.name !== org.org_id ? ` (${printable(org.name, 80)})` : '';
  rows.push(['org', status.orgId === null ? '(not known until you sign in)' : `${status.orgId}${orgName}`]);
  if (org) {
    rows.push(['sso domain', org.sso_domain ? printable(org.sso_domain, 253) : '(not set)']);
    rows.push([
      'provider',
      org.sso
        ? `${org.sso.provider} at ${printable(org.sso.issuer_url, 200)} (client ${printable(org.sso.client_id, 100)})`
        : '(none configured)',
    ]);
  }
  rows.push([
    'signed in',
    status.signedIn === null
      ? 'no — `ssg auth login --sso`'
      : `${printable(status.signedIn.email, 320)} (${status.signedIn.role}), session ${
          status.signedIn.sessionExpiresAt > now
            ? `until ${formatTime(status.signedIn.sessionExpiresAt)}`
            : `ended ${formatTime(status.signedIn.sessionExpiresAt)} — \`ssg auth login --sso\` for a new one`
        }`,
  ]);
  rows.push(['licence', licenceLabel(status.licence)]);
  return `${rows.map(([label, value]) => `${label.padEnd(11)} ${value}`).join('\n')}\n`;
}
