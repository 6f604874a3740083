// Where the daemon is, how to prove we may talk to it, and how it proves it is ssg's daemon: the url from
// `SSG_DAEMON_URL` (loopback only), else from `<home>/daemon.json` a running daemon wrote, else the default
// http://127.0.0.1:5599; the token from `<home>/daemon.token`; the daemon's public key from daemon.json, which
// is stale — and absent — once its daemon is gone.
import { readFileSync } from 'node:fs';
import { daemonTokenPath, readDaemonFile } from '@ssg/node/daemon-file';

export const DEFAULT_DAEMON_URL = 'http://127.0.0.1:5599';

export interface DaemonEndpoint {
  url: string;
  /** Undefined when the daemon never ran for this home (no token file yet). */
  token: string | undefined;
  /** The key the daemon proves itself with (daemon.json); undefined when no running daemon announced one. */
  publicKey?: string;
}

/** Where the hooks ask, or why they do not ask a daemon at all. */
export type AnnouncedDaemon = { kind: 'announced'; endpoint: DaemonEndpoint } | { kind: 'none'; problem: string };

export function daemonEndpoint(home: string, env: NodeJS.ProcessEnv = process.env): DaemonEndpoint {
  const file = readDaemonFile(home);
  const fromEnv = loopbackOnly(env.SSG_DAEMON_URL);
  return withToken(home, fromEnv || file?.url || DEFAULT_DAEMON_URL, file?.publicKey);
}

/**
 * The daemon serving this home, only if a running one announced itself in daemon.json (`SSG_DAEMON_URL` may move
 * its url, on loopback). Without one, no daemon for this home is running — one for another home would refuse our
 * token, and a process on the default port could be anyone — so the hooks evaluate at once instead of asking.
 */
export function announcedDaemonEndpoint(home: string, env: NodeJS.ProcessEnv = process.env): AnnouncedDaemon {
  if (env.SSG_DAEMON_URL && !loopbackOnly(env.SSG_DAEMON_URL)) {
    return { kind: 'none', problem: `SSG_DAEMON_URL ${JSON.stringify(env.SSG_DAEMON_URL)} is not a loopback http url` };
  }
  const file = readDaemonFile(home);
  if (!file) return { kind: 'none', problem: 'no daemon is running for this ssg home' };
  return { kind: 'announced', endpoint: withToken(home, env.SSG_DAEMON_URL || file.url, file.publicKey) };
}

/** The url when it is http on a loopback address (the daemon never listens anywhere else), else undefined. */
function loopbackOnly(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const { protocol, hostname } = new URL(raw);
    const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
    return protocol === 'http:' && loopback ? raw : undefined;
  } catch {
    return undefined;
  }
}

function withToken(home: string, rawUrl: string, publicKey: string | undefined): DaemonEndpoint {
  const url = rawUrl.replace(/\/+$/, '');
  let token: string | undefined;
  try {
    token = readFileSync(daemonTokenPath(home), 'utf8').trim() || undefined;
  } catch {
    token = undefined;
  }
  return publicKey === undefined ? { url, token } : { url, token, publicKey };
}
