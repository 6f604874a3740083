// How CLI commands (`ssg sleep`, `ssg budget`, `ssg approve`, …) talk to the daemon: one call of a route, typed
// from the route table (@ssg/client's typed client), and a failure becomes a CliError that says what went wrong
// and what to do, exit code 5.
import type { RouteKey, RouteResponse } from '@ssg/contracts/routes';
import { daemonClient, type RouteArgs } from '@ssg/client/daemon-client';
import { daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { netTransport } from '@ssg/client/net-transport';
import { ssgHome } from '@ssg/node/home';
import { CliError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';

export async function callDaemon<Key extends RouteKey>(
  route: Key,
  ...input: RouteArgs<Key>
): Promise<RouteResponse<Key>> {
  const reply = await daemonClient(netTransport(daemonEndpoint(ssgHome()))).call(route, ...input);
  switch (reply.kind) {
    case 'ok':
      return reply.body;
    case 'unreachable':
      throw new CliError(
        `cannot reach the ssg daemon (${reply.problem})`,
        'start it with `ssg daemon` (or open the ssg desktop app), then try again',
        ExitCode.daemon,
      );
    case 'error':
      throw new CliError(
        `the daemon refused: ${reply.message}`,
        reply.status === 401
          ? 'the token in ~/.ssg/daemon.token does not match the running daemon; restart the daemon'
          : 'correct the value and try again',
        ExitCode.daemon,
      );
  }
}
