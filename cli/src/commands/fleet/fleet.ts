// `ssg fleet status [--json]`: the fleet this machine belongs to — its URL and whether it answers, the
// organization (id, name, sso_domain, identity provider), who is signed in and the licence (spec: CLI commands).
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { fleetStatus, renderFleetStatus } from './fleet-status';

const help = `Usage: ssg fleet status [--json]

The fleet this machine signs in to and its organization:
  fleet       the fleet server's URL, and whether it answers (GET /health)
  org         the organization's id and name
  sso domain  the email domain whose users get the organization's licence tier (set by an org_admin)
  provider    the identity provider (issuer URL, client id)
  signed in   who, with which role, and until when the session lasts
  licence     the licence tier this machine runs under, and until when
The organization's details come from the fleet with the sign-in's session; signed out, the fleet and organization
come from ~/.ssg/fleet.toml and SSG_FLEET_URL / SSG_FLEET_ORG / SSG_SSO_ISSUER / SSG_SSO_CLIENT_ID.

Options:
  --json      {"fleetUrl", "reachable", "problem"?, "orgId", "org": {"org_id", "name", "sso_domain", "sso"} | null,
               "signedIn": {"email", "role", "sessionExpiresAt"} | null, "licence": {"tier", "expiresAt", "source"}}
  -h, --help  show this help

Exit codes: 0 the fleet answered, 1 it did not (or refused the organization's details), 2 usage error.
`;

export const fleetCommand: Command = {
  name: 'fleet',
  summary: 'show the fleet and organization this machine signs in to (`ssg fleet status`)',
  help,
  async run(argv) {
    const [subcommand, ...rest] = argv;
    if (subcommand !== 'status') {
      const fix = 'use `ssg fleet status`';
      throw subcommand === undefined
        ? usageError('missing subcommand', fix)
        : usageError(`unknown subcommand '${printable(subcommand)}'`, fix);
    }
    const { values } = parseCommandArgs('fleet', rest, { json: { type: 'boolean' } });
    const status = await fleetStatus();
    process.stdout.write(values.json ? `${JSON.stringify(status, null, 2)}\n` : renderFleetStatus(status, Date.now()));
    return status.reachable && status.problem === undefined ? ExitCode.ok : ExitCode.failures;
  },
};
