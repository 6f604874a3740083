// `ssg auth login --sso | status | token | refresh | logout`: signing this machine in to the organization’s fleet
// through its identity provider (spec: CLI commands, Authentication 3 and 4). The sign-in, the tokens and the
// licence live in ~/.ssg/hosts.toml (mode 0600) and, where there is one, the OS keychain (@ssg/node/sso).
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import type { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { authLogin } from './auth-login';
import { authLogout } from './auth-logout';
import { authRefresh } from './auth-refresh';
import { authStatus } from './auth-status';
import { authToken } from './auth-token';

const help = `Usage: ssg auth login --sso [--issuer=<issuer_url>] [--client-id=<client_id>] [--fleet-url=<url>]
                      [--org=<org_id>] [--device] [--no-browser]
       ssg auth status [--json]
       ssg auth token
       ssg auth refresh
       ssg auth logout

Signs this machine in to your organization’s fleet with its identity provider (SSO), and keeps the licence that
comes with it: ENTERPRISE when the organization has an active enterprise subscription and its sso_domain is your
email's domain.

login --sso  opens the provider’s sign-in page in your browser (and prints its URL, for machines without one),
             waits for the provider to send the browser back to http://127.0.0.1:8399/callback on this machine,
             then the fleet redeems the sign-in, opens an 8-hour session and issues the licence.
             Port 8399 is fixed: it is the one address the provider accepts. Over SSH, forward it
             (ssh -L 8399:127.0.0.1:8399 <host>) or use --device.
status       who is signed in, to which organization, the licence tier and until when, the session's end,
             and where the tokens are kept. Never prints a token.
token        prints the session token (ssg_session_…), a bearer for the Fleet API: admins use it for
             PATCH /api/v1/orgs/<org_id> and the other admin calls. Nothing else is printed.
refresh      asks the fleet for a new licence now, e.g. after an admin set sso_domain or the subscription
             changed; prints the tier before and after.
logout       ends the session at the fleet and removes the sign-in, its tokens and its licence from this
             machine (hosts.toml and the keychain).

Options (login):
  --sso                  sign in with your organization’s identity provider (the only way for now)
  --issuer <url>         the provider’s issuer URL; else $SSG_SSO_ISSUER, else [sso] issuer in ~/.ssg/fleet.toml,
                         else asked (on a terminal)
  --client-id <id>       the SSO application's client id; else $SSG_SSO_CLIENT_ID, else [sso] client_id in
                         ~/.ssg/fleet.toml, else asked
  --fleet-url <url>      the fleet server; else $SSG_FLEET_URL, else fleet_url in ~/.ssg/fleet.toml, else
                         https://fleet.ssg.dev
  --org <org_id>         the organization, when your email is a member of several; else $SSG_FLEET_ORG, else
                         org_id in ~/.ssg/fleet.toml
  --device               sign in on another device with a short code (device authorization), for machines
                         with no browser, where the provider supports it
  --no-browser           do not try to open a browser; open the printed URL yourself
Options (status):
  --json                 {"signedIn", "email", "orgId", "role", "fleetUrl", "issuer", "clientId",
                          "sessionExpiresAt", "sessionExpired", "tokenStore", "licence": {"tier", "expiresAt",
                          "source", "problem"?}} (times in ms since the epoch)
  -h, --help             show this help

Environment: SSG_TOKEN_STORE=file keeps the tokens in hosts.toml even where a keychain works.

Exit codes: 0 done, 1 failed (sign-in cancelled or refused, port 8399 taken, the fleet unreachable; status and
token: not signed in), 2 usage error, 6 token or logout under an agent host without a person's confirmation.

Examples:
  ssg auth login --sso --issuer=https://acme.okta.com/oauth2/default --client-id=0oa1b2c3
  ssg auth status
  curl -H "Authorization: Bearer $(ssg auth token)" https://fleet.ssg.dev/api/v1/orgs/org_acme
  ssg auth refresh
`;

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<ExitCode>> = {
  login: authLogin,
  status: authStatus,
  token: authToken,
  refresh: authRefresh,
  logout: authLogout,
};

export const authCommand: Command = {
  name: 'auth',
  summary: 'sign in to your organization’s fleet with SSO (`ssg auth login --sso`, `status`, `token`, `logout`)',
  help,
  async run(argv) {
    const [subcommand, ...rest] = argv;
    const fix = 'use `ssg auth login --sso`, `status`, `token`, `refresh` or `logout`';
    if (subcommand === undefined) throw usageError('missing subcommand', fix);
    const run = Object.hasOwn(SUBCOMMANDS, subcommand) ? SUBCOMMANDS[subcommand] : undefined;
    if (!run) throw usageError(`unknown subcommand '${printable(subcommand)}'`, fix);
    return run(rest);
  },
};
