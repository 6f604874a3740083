// The daemon's line in `ssg doctor`: whether one answers where the hooks will look, and what that means for them.
import { daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { daemonRequest } from '@ssg/client/daemon-request';
import { isFailClosed } from '@ssg/node/fail-closed';
import { HEALTH_PATH, type Health } from '@ssg/contracts/health';

export interface DaemonStatus {
  url: string;
  running: boolean;
  /** The running daemon's version, or why none answered. */
  detail: string;
}

export async function daemonStatus(home: string): Promise<DaemonStatus> {
  const endpoint = daemonEndpoint(home);
  const reply = await daemonRequest<Health>(endpoint, HEALTH_PATH, {
    timeoutMs: 2000,
  });
  if (reply.kind === 'ok') {
    const { version = '?', pid, regexBoundsProblem } = reply.body;
    const bounds =
      regexBoundsProblem === undefined ? '' : `; WARNING: regex time bounds do not hold: ${regexBoundsProblem}`;
    return { url: endpoint.url, running: true, detail: `ssg ${version}, pid ${pid}${bounds}` };
  }
  const why = reply.kind === 'error' ? `answered ${reply.status}: ${reply.message}` : reply.problem;
  const consequence = isFailClosed(home)
    ? 'Sleep at Night is failing closed, so hooks block every call until it runs'
    : 'hooks evaluate the rules themselves (no spending limits, approvals or audit)';
  return { url: endpoint.url, running: false, detail: `${why}; ${consequence}` };
}
