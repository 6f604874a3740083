// Why an SSO sign-in did not finish, for the person: each reason has a code (for the CLI's exit and the daemon's
// status) and a message that says what to do.
export type SsoLoginFailure =
  | 'cancelled'
  | 'port-in-use'
  | 'timeout'
  | 'aborted'
  | 'state-mismatch'
  | 'provider-error'
  | 'discovery-failed'
  | 'device-unsupported';

export class SsoLoginError extends Error {
  override readonly name = 'SsoLoginError';
  constructor(
    readonly reason: SsoLoginFailure,
    message: string,
  ) {
    super(message);
  }
}
