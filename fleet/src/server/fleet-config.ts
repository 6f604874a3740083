// The fleet server's configuration, from its environment: where it listens, how HTTPS reaches it, where its
// data is. A value that cannot be used is an error that names the variable, at start-up, never a guess.
import { join } from 'node:path';

export type Transport =
  /** TLS served here from the configured certificate. */
  | { kind: 'tls'; certFile: string; keyFile: string }
  /** Behind a proxy that terminates TLS: X-Forwarded-Proto from it is trusted, and must say https. */
  | { kind: 'behind-proxy'; trustedProxies: string }
  /** Plain HTTP, allowed only on loopback, for development. */
  | { kind: 'loopback-http' };

export interface FleetConfig {
  host: string;
  port: number;
  /** Where users reach the server (the IdP's redirect URIs and the dashboard's links are built from it). */
  publicUrl: string;
  transport: Transport;
  /** `sqlite:<path>` (the default, in the data folder) or `postgres://…`. */
  databaseUrl: string;
  dataDir: string;
}

export class FleetConfigError extends Error {
  override readonly name = 'FleetConfigError';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const DEFAULT_PORT = 8443;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host);
}

export function fleetConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): FleetConfig {
  const host = env.SSG_FLEET_HOST ?? '127.0.0.1';
  const port = parsePort(env.SSG_FLEET_PORT);
  const dataDir = env.SSG_FLEET_DATA_DIR ?? join(cwd, 'fleet-data');
  const transport = chooseTransport(env, host);
  const scheme = transport.kind === 'loopback-http' ? 'http' : 'https';
  const publicUrl = (
    env.SSG_FLEET_PUBLIC_URL ?? `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`
  ).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(publicUrl);
  } catch {
    throw new FleetConfigError(`SSG_FLEET_PUBLIC_URL is not a URL: ${JSON.stringify(publicUrl)}`);
  }
  if (parsed.protocol !== 'https:' && !(transport.kind === 'loopback-http' && isLoopbackHost(parsed.hostname))) {
    throw new FleetConfigError(
      `SSG_FLEET_PUBLIC_URL must be https (got ${publicUrl}); plain http is for loopback only`,
    );
  }
  return {
    host,
    port,
    publicUrl,
    transport,
    databaseUrl: env.SSG_FLEET_DATABASE_URL ?? `sqlite:${join(dataDir, 'fleet.sqlite')}`,
    dataDir,
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new FleetConfigError(`SSG_FLEET_PORT must be a port number (0 to 65535), got ${JSON.stringify(value)}`);
  }
  return port;
}

function chooseTransport(env: NodeJS.ProcessEnv, host: string): Transport {
  const { SSG_FLEET_TLS_CERT: certFile, SSG_FLEET_TLS_KEY: keyFile, SSG_FLEET_TRUST_PROXY: proxies } = env;
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new FleetConfigError('SSG_FLEET_TLS_CERT and SSG_FLEET_TLS_KEY go together: set both, or neither');
  }
  if (certFile !== undefined && keyFile !== undefined) {
    if (proxies !== undefined) {
      throw new FleetConfigError('set SSG_FLEET_TLS_CERT/KEY or SSG_FLEET_TRUST_PROXY, not both');
    }
    return { kind: 'tls', certFile, keyFile };
  }
  if (proxies !== undefined) {
    if (proxies.trim() === '') throw new FleetConfigError('SSG_FLEET_TRUST_PROXY names no proxy address');
    return { kind: 'behind-proxy', trustedProxies: proxies };
  }
  if (isLoopbackHost(host)) return { kind: 'loopback-http' };
  throw new FleetConfigError(
    `the fleet server serves HTTPS only: set SSG_FLEET_TLS_CERT and SSG_FLEET_TLS_KEY, or SSG_FLEET_TRUST_PROXY ` +
      `behind a proxy that terminates TLS (plain HTTP is allowed on loopback only, and ${host} is not loopback)`,
  );
}
