// `ssg auth status [--json]`: who is signed in, to which organization and fleet, the licence as this machine
// verifies it, the session's end and where the tokens are. Reads local files only, so it answers offline; never a
// token. Exit 1 when nobody is signed in (for scripts: `ssg auth status >/dev/null || ssg auth login --sso`).
import { parseCommandArgs } from '../../cli/args';
import { ExitCode } from '../../cli/exit-codes';
import { licenceState } from '@ssg/node/license/licence-state';
import { ssgHome } from '@ssg/node/home';
import { hostsFilePath } from '@ssg/node/sso/hosts-path';
import { loadSignIn } from '@ssg/node/sso/sign-in-store';
import { renderStatus } from './auth-report';
import { withSsoErrors } from './sso-cli-errors';

export async function authStatus(argv: string[]): Promise<ExitCode> {
  const { values } = parseCommandArgs('auth', argv, { json: { type: 'boolean' } });
  const home = ssgHome();
  const now = Date.now();
  const signIn = await withSsoErrors(async () => loadSignIn(home));
  const licence = await licenceState(home, now);
  if (values.json) {
    const { tier, expiresAt, source, problem } = licence;
    const licenceJson = { tier, expiresAt, source, ...(problem === undefined ? {} : { problem }) };
    const report = signIn
      ? {
          signedIn: true,
          email: signIn.email,
          orgId: signIn.orgId,
          role: signIn.role,
          fleetUrl: signIn.fleetUrl,
          issuer: signIn.issuer,
          clientId: signIn.clientId,
          sessionExpiresAt: signIn.sessionExpiresAt,
          sessionExpired: signIn.sessionExpiresAt <= now,
          tokenStore: signIn.tokenStore,
          licence: licenceJson,
        }
      : { signedIn: false, licence: licenceJson };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    process.stdout.write(renderStatus(signIn, licence, hostsFilePath(home), now));
  }
  return signIn ? ExitCode.ok : ExitCode.failures;
}
