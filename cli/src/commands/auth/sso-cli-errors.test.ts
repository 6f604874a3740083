import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CliError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { FleetRequestError } from '@ssg/node/sso/fleet-client';
import { SsoSettingsError } from '@ssg/node/sso/fleet-settings';
import { HostsFileError } from '@ssg/node/sso/hosts-file';
import { SsoLoginError } from '@ssg/node/sso/login-error';
import { ssoCliError } from './sso-cli-errors';

describe('the SSO errors as CLI errors', () => {
  for (const [name, error, exitCode, message, fix] of [
    [
      'missing settings',
      new SsoSettingsError('SSO sign-in needs the issuer'),
      ExitCode.usage,
      'SSO sign-in needs the issuer',
      /--issuer=<issuer_url> and --client-id/,
    ],
    [
      'a cancelled sign-in',
      new SsoLoginError('cancelled', 'the sign-in was cancelled at the identity provider'),
      ExitCode.failures,
      'the sign-in was cancelled at the identity provider',
      /again when you want/,
    ],
    [
      'the port taken',
      new SsoLoginError('port-in-use', 'port 8399 on 127.0.0.1 is taken'),
      ExitCode.failures,
      'port 8399 on 127.0.0.1 is taken',
      /--device/,
    ],
    [
      'a provider without the device grant',
      new SsoLoginError('device-unsupported', 'no device endpoint'),
      ExitCode.failures,
      'no device endpoint',
      /--no-browser/,
    ],
    [
      'a fleet out of reach',
      new FleetRequestError(0, 'the fleet at https://f cannot be reached (ECONNREFUSED)'),
      ExitCode.failures,
      'the fleet at https://f cannot be reached (ECONNREFUSED)',
      /--fleet-url/,
    ],
    [
      'not a member',
      new FleetRequestError(401, 'carol@acme.test is not a member of an organization'),
      ExitCode.failures,
      'the fleet refused: carol@acme.test is not a member of an organization',
      /add your email as a member/,
    ],
    [
      'an unknown application',
      new FleetRequestError(404, 'no organization uses this client'),
      ExitCode.failures,
      'the fleet refused: no organization uses this client',
      /--issuer and --client-id/,
    ],
    [
      'several organizations',
      new FleetRequestError(409, 'a member of several organizations'),
      ExitCode.failures,
      'the fleet refused: a member of several organizations',
      /--org=<org_id>/,
    ],
    [
      'a fleet failure',
      new FleetRequestError(502, 'OIDC token exchange failed'),
      ExitCode.failures,
      'the fleet refused: OIDC token exchange failed',
      /try again later/,
    ],
    [
      'a broken hosts.toml',
      new HostsFileError('/h/hosts.toml is not valid TOML'),
      ExitCode.failures,
      '/h/hosts.toml is not valid TOML',
      /ssg auth login --sso/,
    ],
  ] as const) {
    it(`turns ${name} into exit ${exitCode}`, () => {
      const cli = ssoCliError(error);
      assert.ok(cli instanceof CliError);
      assert.equal(cli.exitCode, exitCode);
      assert.equal(cli.message, message);
      assert.match(cli.fix, fix);
    });
  }

  it('leaves other errors alone', () => {
    const bug = new TypeError('x is undefined');
    assert.equal(ssoCliError(bug), bug);
  });
});
