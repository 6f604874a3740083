// The shared SSO modules' errors as the CLI's one-line errors (`ssg auth …: <what> — <what to do>`, exit 1, or 2
// for settings the command line must supply). Messages come from the fleet or the sign-in and never hold a token.
import { CliError, usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { FleetRequestError } from '@ssg/node/sso/fleet-client';
import { SsoSettingsError } from '@ssg/node/sso/fleet-settings';
import { HostsFileError } from '@ssg/node/sso/hosts-file';
import { SignInExpiredError } from '@ssg/node/sso/sign-in-flow';
import { SignInStoreError } from '@ssg/node/sso/sign-in-store';
import { type SsoLoginFailure, SsoLoginError } from '@ssg/node/sso/login-error';

const LOGIN_AGAIN = 'run `ssg auth login --sso` to try again';

const LOGIN_FIXES: Record<SsoLoginFailure, string> = {
  cancelled: 'run `ssg auth login --sso` again when you want to sign in',
  'port-in-use': 'free the port, or sign in with `ssg auth login --sso --device`',
  timeout: LOGIN_AGAIN,
  aborted: LOGIN_AGAIN,
  'state-mismatch': 'finish the sign-in in the browser tab this command opened (or the URL it printed), then try again',
  'provider-error': 'ask your organization’s admin to check the SSO application at the identity provider',
  'discovery-failed': 'check --issuer (SSG_SSO_ISSUER): it must be the provider’s issuer URL, reachable from here',
  'device-unsupported': 'sign in in a browser: `ssg auth login --sso` (with --no-browser on a headless machine)',
};

/** What to do about a fleet refusal, by its HTTP status (0: not reached). */
function fleetFix(error: FleetRequestError): string {
  switch (error.status) {
    case 0:
      return 'check --fleet-url (SSG_FLEET_URL, fleet_url in ~/.ssg/fleet.toml) and your network';
    case 401:
    case 403:
      return 'ask your organization’s admin to add your email as a member, or sign in with the account they added';
    case 404:
      return 'check --issuer and --client-id against your organization’s SSO settings on the fleet';
    case 409:
      return 'name the organization with --org=<org_id>';
    default:
      return error.status >= 500 ? 'try again later; if it persists, tell the fleet’s operator' : LOGIN_AGAIN;
  }
}

/** The CLI form of an error from @ssg/node/sso; anything else is returned as it is. */
export function ssoCliError(error: unknown): unknown {
  if (error instanceof SsoSettingsError) {
    return usageError(error.message, 'pass --issuer=<issuer_url> and --client-id=<client_id> (`ssg auth --help`)');
  }
  if (error instanceof HostsFileError || error instanceof SignInStoreError || error instanceof SignInExpiredError) {
    return new CliError(error.message, 'sign in again: `ssg auth login --sso`', ExitCode.failures);
  }
  if (error instanceof SsoLoginError) return new CliError(error.message, LOGIN_FIXES[error.reason], ExitCode.failures);
  if (error instanceof FleetRequestError) {
    const where = error.status === 0 ? error.message : `the fleet refused: ${error.message}`;
    return new CliError(where, fleetFix(error), ExitCode.failures);
  }
  return error;
}

/** Runs an `ssg auth`/`ssg fleet` step, turning the SSO modules' errors into CLI errors. */
export async function withSsoErrors<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw ssoCliError(error);
  }
}
