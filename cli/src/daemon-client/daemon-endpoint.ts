// Where the daemon is and how to prove we may talk to it: `SSG_DAEMON_URL`, else the url the running daemon wrote
// in `<home>/daemon.json`, else the default http://127.0.0.1:5599; the token from `<home>/daemon.token`.
import { readFileSync } from 'node:fs';
import { daemonTokenPath, readDaemonFile } from './daemon-file';

export const DEFAULT_DAEMON_URL = 'http://127.0.0.1:5599';

export interface DaemonEndpoint {
  url: string;
  /** Undefined when the daemon never ran for this home (no token file yet). */
  token: string | undefined;
}

export function daemonEndpoint(home: string, env: NodeJS.ProcessEnv = process.env): DaemonEndpoint {
  const url = (env.SSG_DAEMON_URL || readDaemonFile(home)?.url || DEFAULT_DAEMON_URL).replace(/\/+$/, '');
  let token: string | undefined;
  try {
    token = readFileSync(daemonTokenPath(home), 'utf8').trim() || undefined;
  } catch {
    token = undefined;
  }
  return { url, token };
}
