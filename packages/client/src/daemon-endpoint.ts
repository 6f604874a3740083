// Where the daemon is and how to prove we may talk to it: `SSG_DAEMON_URL`, else the url the running daemon wrote
// in `<home>/daemon.json`, else the default http://127.0.0.1:5599; the token from `<home>/daemon.token`.
import { readFileSync } from 'node:fs';
import { daemonTokenPath, readDaemonFile } from '@ssg/node/daemon-file';

export const DEFAULT_DAEMON_URL = 'http://127.0.0.1:5599';

export interface DaemonEndpoint {
  url: string;
  /** Undefined when the daemon never ran for this home (no token file yet). */
  token: string | undefined;
}

export function daemonEndpoint(home: string, env: NodeJS.ProcessEnv = process.env): DaemonEndpoint {
  return withToken(home, env.SSG_DAEMON_URL || readDaemonFile(home)?.url || DEFAULT_DAEMON_URL);
}

/**
 * The daemon serving this home, only if one announced itself: `SSG_DAEMON_URL`, or the daemon.json a daemon
 * writes once it listens and removes when it stops. Without either no daemon for this home is running (one for
 * another home would refuse our token), so the hooks evaluate at once instead of trying the default port.
 */
export function announcedDaemonEndpoint(
  home: string,
  env: NodeJS.ProcessEnv = process.env,
): DaemonEndpoint | undefined {
  const url = env.SSG_DAEMON_URL || readDaemonFile(home)?.url;
  return url ? withToken(home, url) : undefined;
}

function withToken(home: string, rawUrl: string): DaemonEndpoint {
  const url = rawUrl.replace(/\/+$/, '');
  let token: string | undefined;
  try {
    token = readFileSync(daemonTokenPath(home), 'utf8').trim() || undefined;
  } catch {
    token = undefined;
  }
  return { url, token };
}
