// `ssg auth logout`: ends the session at the fleet (so its token stops working at once, not in 8 hours) and removes
// the sign-in, its tokens and its licence from this machine. The local part happens even when the fleet cannot be
// reached: signing out must never leave credentials behind. It drops the licence the hooks enforce with, so under an
// agent host a person must confirm it at the terminal.
import { hostname } from 'node:os';
import { parseCommandArgs } from '../../cli/args';
import { ExitCode } from '../../cli/exit-codes';
import { requirePerson } from '../../person/require-person';
import { licenceState } from '@ssg/node/license/licence-state';
import { ssgHome } from '@ssg/node/home';
import { FleetClient } from '@ssg/node/sso/fleet-client';
import { signOut } from '@ssg/node/sso/sign-in-flow';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { formatTime, licenceLabel } from './auth-report';

const say = (text: string): boolean => process.stdout.write(text);
const warn = (text: string): boolean => process.stderr.write(`Warning: ${text}\n`);

export async function authLogout(argv: string[]): Promise<ExitCode> {
  parseCommandArgs('auth', argv, {});
  requirePerson('sign this machine out of the fleet');
  const home = ssgHome();
  const { signIn, unreadable, fleetProblem, keychainProblem } = await signOut(
    (fleetUrl) => new FleetClient(fleetUrl, { machine: hostname() }),
    { home, vault: tokenVault(process.env), now: Date.now() },
  );
  if (unreadable) warn(unreadable);
  if (signIn && fleetProblem) {
    warn(`${fleetProblem}; the session ends by itself at ${formatTime(signIn.sessionExpiresAt)}`);
  }
  if (keychainProblem) {
    warn(`the keychain entry could not be deleted (${keychainProblem}); remove "ssg" entries by hand`);
  }
  say(
    signIn
      ? `Signed out ${signIn.email} from ${signIn.orgId} at ${signIn.fleetUrl}; the sign-in, its tokens and its licence are gone from this machine.\n`
      : 'Not signed in; nothing to sign out of.\n',
  );
  const remaining = await licenceState(home);
  if (signIn && remaining.source === 'file')
    say(`ssg now runs under the licence in ${remaining.path}: ${licenceLabel(remaining)}.\n`);
  return ExitCode.ok;
}
