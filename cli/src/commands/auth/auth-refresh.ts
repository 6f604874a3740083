// `ssg auth refresh`: a new licence from the fleet now, rather than at the next sign-in — after an admin set the
// organization's sso_domain or its subscription changed (spec, Errors: the CLI row). How the email is proven to the
// fleet (id_token, refresh token, session): refreshLicence in @ssg/node/sso/sign-in-flow.
import { hostname } from 'node:os';
import { parseCommandArgs } from '../../cli/args';
import { ExitCode } from '../../cli/exit-codes';
import { licenceState } from '@ssg/node/license/licence-state';
import { ssgHome } from '@ssg/node/home';
import { FleetClient } from '@ssg/node/sso/fleet-client';
import { refreshLicence } from '@ssg/node/sso/sign-in-flow';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { FREE_TIER_HINT, renderRefreshed } from './auth-report';
import { withSsoErrors } from './sso-cli-errors';

export async function authRefresh(argv: string[]): Promise<ExitCode> {
  parseCommandArgs('auth', argv, {});
  const home = ssgHome();
  const { previousTier, licence } = await withSsoErrors(() =>
    refreshLicence((fleetUrl) => new FleetClient(fleetUrl, { machine: hostname() }), {
      home,
      vault: tokenVault(process.env),
      now: Date.now(),
    }),
  );
  process.stdout.write(renderRefreshed(previousTier, { tier: licence.tier, expiresAt: licence.expires_at }));
  if (licence.tier === 'free') process.stdout.write(`${FREE_TIER_HINT}.\n`);
  const local = await licenceState(home);
  if (local.tier === null) process.stderr.write(`Warning: ssg cannot use this licence here: ${local.problem}\n`);
  return ExitCode.ok;
}
