// `ssg auth token`: the session token, alone on one line, for `Authorization: Bearer $(ssg auth token)` on the
// Fleet API (spec, Authentication 1). The one command that prints a token: under an agent host a person must confirm
// it at the terminal (the self-protection rules deny it to agents as well).
import { parseCommandArgs } from '../../cli/args';
import { CliError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { requirePerson } from '../../person/require-person';
import { ssgHome } from '@ssg/node/home';
import { loadSignIn, loadTokens } from '@ssg/node/sso/sign-in-store';
import { tokenVault } from '@ssg/node/sso/token-vault';
import { formatTime } from './auth-report';
import { withSsoErrors } from './sso-cli-errors';

export async function authToken(argv: string[]): Promise<ExitCode> {
  parseCommandArgs('auth', argv, {});
  requirePerson('print the fleet session token');
  const home = ssgHome();
  const signIn = await withSsoErrors(async () => loadSignIn(home));
  if (!signIn) throw new CliError('not signed in', 'sign in with `ssg auth login --sso`', ExitCode.failures);
  if (signIn.sessionExpiresAt <= Date.now()) {
    throw new CliError(
      `the session of ${signIn.email} ended at ${formatTime(signIn.sessionExpiresAt)}`,
      'sign in again with `ssg auth login --sso` for a new one',
      ExitCode.failures,
    );
  }
  const tokens = await withSsoErrors(async () => loadTokens(home, { vault: tokenVault(process.env) }));
  if (!tokens) throw new CliError('not signed in', 'sign in with `ssg auth login --sso`', ExitCode.failures);
  process.stdout.write(`${tokens.sessionToken}\n`);
  return ExitCode.ok;
}
