// How CLI commands (`ssg sleep`, `ssg budget`, `ssg approve`, …) talk to the daemon: one request, and a failure
// becomes a CliError that says what went wrong and what to do, exit code 5.
import { CliError } from '../cli/errors';
import { ExitCode } from '../cli/exit-codes';
import { ssgHome } from '@ssg/node/home';
import { daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { daemonRequest, type DaemonRequestOptions } from '@ssg/client/daemon-request';

export async function callDaemon<T>(path: string, options: DaemonRequestOptions = {}): Promise<T> {
  const endpoint = daemonEndpoint(ssgHome());
  const reply = await daemonRequest<T>(endpoint, path, options);
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
