// How CLI commands (`ssg sleep`, `ssg budget`, `ssg approve`, …) talk to the daemon: one call of a route, typed
// from the route table (@ssg/client's typed client), and a failure becomes a CliError that says what went wrong
// and what to do, exit code 5. Reads go with the hooks' credential (daemon.token); what lowers protection goes
// through callDaemonAsPerson: a person confirms first when an agent runs ssg, then the admin credential is sent.
import type { RouteKey, RouteResponse } from '@ssg/contracts/routes';
import { daemonClient, type RouteArgs } from '@ssg/client/daemon-client';
import { type DaemonEndpoint, daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { netTransport } from '@ssg/client/net-transport';
import { readAdminCredential } from '@ssg/node/admin-credential';
import { ssgHome } from '@ssg/node/home';
import { CliError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';
import { requirePerson } from '../person/require-person';

export function callDaemon<Key extends RouteKey>(route: Key, ...input: RouteArgs<Key>): Promise<RouteResponse<Key>> {
  return callWith(daemonEndpoint(ssgHome()), route, ...input);
}

/** A route that needs the admin credential; `action` names it for the person asked to confirm it. */
export async function callDaemonAsPerson<Key extends RouteKey>(
  action: string,
  route: Key,
  ...input: RouteArgs<Key>
): Promise<RouteResponse<Key>> {
  requirePerson(action);
  const home = ssgHome();
  const credential = readAdminCredential(home);
  if (!credential) {
    throw new CliError(
      'there is no admin credential for this ssg home yet',
      'the daemon creates it on its first start: run `ssg daemon` (or open the ssg desktop app), then try again',
      ExitCode.daemon,
    );
  }
  const endpoint = daemonEndpoint(home);
  await proveDaemon(endpoint);
  return callWith({ ...endpoint, token: credential.secret }, route, ...input);
}

/**
 * Before the admin credential leaves this process: the daemon proves it is the one this home announced (a public
 * route, no credential sent), so a process squatting on its port never receives the credential.
 */
async function proveDaemon(endpoint: DaemonEndpoint): Promise<void> {
  if (endpoint.publicKey === undefined) {
    throw new CliError(
      'no ssg daemon is running for this ssg home (no daemon.json of a running daemon)',
      'start it with `ssg daemon` (or open the ssg desktop app), then try again',
      ExitCode.daemon,
    );
  }
  await callWith({ ...endpoint, token: undefined }, 'GET /api/json/health');
}

async function callWith<Key extends RouteKey>(
  endpoint: DaemonEndpoint,
  route: Key,
  ...input: RouteArgs<Key>
): Promise<RouteResponse<Key>> {
  const reply = await daemonClient(netTransport(endpoint)).call(route, ...input);
  switch (reply.kind) {
    case 'ok':
      return reply.body;
    case 'unreachable':
      throw new CliError(
        `cannot reach the ssg daemon (${reply.problem})`,
        'start it with `ssg daemon` (or open the ssg desktop app), then try again',
        ExitCode.daemon,
      );
    case 'unproven':
      throw new CliError(
        reply.problem,
        'stop whatever listens there, then start ssg with `ssg daemon` (or the ssg desktop app)',
        ExitCode.daemon,
      );
    case 'error':
      throw new CliError(
        `the daemon refused: ${reply.message}`,
        reply.status === 401 || reply.status === 403
          ? 'the credentials in this ssg home do not match the running daemon; restart the daemon'
          : 'correct the value and try again',
        ExitCode.daemon,
      );
  }
}
