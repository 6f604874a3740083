// `ssg auth refresh`: a new licence from the fleet now, rather than at the next sign-in — after an admin set the
// organization's sso_domain or its subscription changed (spec, Errors: the CLI row). The fleet wants proof of the
// email: the provider's id_token while it is valid, else a new one through the fleet's broker with the refresh
// token, else the fleet session's token while the session lasts.
import { hostname } from 'node:os';
import { parseCommandArgs } from '../../cli/args';
import { CliError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { licenceState } from '../../license/licence-state';
import { ssgHome } from '@ssg/node/home';
import { FleetClient } from '@ssg/node/sso/fleet-client';
import { loadLicence, loadSignIn, loadTokens, saveLicence, saveSignIn } from '@ssg/node/sso/sign-in-store';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { FREE_TIER_HINT, renderRefreshed } from './auth-report';
import { jwtExpiry } from './jwt-expiry';
import { withSsoErrors } from './sso-cli-errors';

/** An id_token this close to its end may expire on the way; the refresh token gets a fresh one instead. */
const ID_TOKEN_MARGIN_MS = 60_000;

export async function authRefresh(argv: string[]): Promise<ExitCode> {
  parseCommandArgs('auth', argv, {});
  const home = ssgHome();
  const vault = tokenVault(process.env);
  const now = Date.now();
  const signIn = await withSsoErrors(async () => loadSignIn(home));
  if (!signIn) throw new CliError('not signed in', 'sign in with `ssg auth login --sso`', ExitCode.failures);
  const tokens = await withSsoErrors(async () => loadTokens(home, { vault }));
  if (!tokens) throw new CliError('not signed in', 'sign in with `ssg auth login --sso`', ExitCode.failures);
  const before = (await withSsoErrors(async () => loadLicence(home)))?.tier ?? null;
  const fleet = new FleetClient(signIn.fleetUrl, { machine: hostname() });

  let bearer: string;
  if ((jwtExpiry(tokens.idToken) ?? 0) > now + ID_TOKEN_MARGIN_MS) {
    bearer = tokens.idToken;
  } else if (tokens.refreshToken) {
    const client = { issuer: signIn.issuer, clientId: signIn.clientId, orgId: signIn.orgId };
    const fresh = await withSsoErrors(() => fleet.refreshTokens(client, tokens.refreshToken!));
    const { tokenStore: _where, ...metadata } = signIn;
    saveSignIn(
      home,
      metadata,
      { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken, sessionToken: tokens.sessionToken },
      { vault },
    );
    bearer = fresh.idToken;
  } else if (signIn.sessionExpiresAt > now) {
    bearer = tokens.sessionToken;
  } else {
    throw new CliError(
      `the sign-in of ${signIn.email} has expired (its id_token and session both ended, and the provider gave no refresh token)`,
      'sign in again with `ssg auth login --sso`',
      ExitCode.failures,
    );
  }

  const licence = await withSsoErrors(() => fleet.licence(signIn.email, bearer));
  saveLicence(home, { token: licence.license, tier: licence.tier, expiresAt: licence.expires_at });
  process.stdout.write(renderRefreshed(before, { tier: licence.tier, expiresAt: licence.expires_at }));
  if (licence.tier === 'free') process.stdout.write(`${FREE_TIER_HINT}.\n`);
  const local = await licenceState(home);
  if (local.tier === null) process.stderr.write(`Warning: ssg cannot use this licence here: ${local.problem}\n`);
  return ExitCode.ok;
}
