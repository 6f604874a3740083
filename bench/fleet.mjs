// The fleet server under load: licence requests per second (GET /api/license with a real id_token, verified and
// signed each time) and the web login's round trip (login → the OpenID provider's pages → callback → session),
// against one server on the embedded database and two servers on one PostgreSQL (the login started on one and
// finished on the other), with GET /health on the same servers as the baseline for requests per second.
// Servers run as `ssg-fleet` processes of their own; the provider (oidc-provider) and the load run in this one.
// Run: node --import tsx bench/fleet.mjs [seconds = 10] [connections = 10] [logins = 100]
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import * as client from 'openid-client';
import { loginHeadless, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { startPostgresServer } from '@ssg/testing/postgres-server';
import { summarize } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const MAIN = join(root, 'fleet/src/main.ts');
const ORG = 'org_acme';
const EMAIL = 'ada@acme.test';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function fleetCommand(env, ...args) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ssg-fleet ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

function startFleet(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`ssg-fleet exited ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url) resolve({ child, url });
    });
  });
}

/** One deployment: `count` servers on `databaseUrl` (or each its own SQLite), the organization set up for SSO. */
async function deploy(work, count, databaseUrl) {
  const shared = {
    ...process.env,
    SSG_FLEET_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    SSG_FLEET_LICENSE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }),
    SSG_FLEET_DATA_DIR: work,
    ...(databaseUrl && { SSG_FLEET_DATABASE_URL: databaseUrl }),
  };
  const ports = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  const key = /ssg_sa_[A-Za-z0-9_-]{43}/.exec(
    fleetCommand(shared, 'init-org', ORG, '--name', 'Acme', '--admin', EMAIL),
  )[0];
  const servers = [];
  for (const port of ports) {
    servers.push(await startFleet({ ...shared, SSG_FLEET_PORT: String(port), SSG_FLEET_PUBLIC_URL: publicUrl }));
  }
  const callback = `${publicUrl}/api/v1/orgs/${ORG}/sso/oidc/callback`;
  const secret = randomBytes(24).toString('base64url');
  const provider = await OidcProviderServer.start({
    clients: [{ clientId: 'ssg-fleet', clientSecret: secret, redirectUris: [callback] }],
    accounts: [{ email: EMAIL }],
  });
  const admin = (method, path, body) =>
    fetch(`${publicUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const body = { provider: 'oidc', issuer_url: provider.issuer, client_id: 'ssg-fleet', client_secret: secret };
  if (!(await admin('PUT', `/api/v1/orgs/${ORG}/sso/config`, body)).ok) throw new Error('SSO configuration failed');
  if (!(await admin('PATCH', `/api/v1/orgs/${ORG}`, { sso_domain: 'acme.test' })).ok) throw new Error('PATCH failed');
  // The member's id_token, as `ssg auth login --sso` gets it: the code flow with PKCE at the provider.
  const config = await client.discovery(new URL(provider.issuer), 'ssg-fleet', secret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const back = await loginHeadless(url, { email: EMAIL, redirectUri: callback });
  const tokens = await client.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return {
    servers,
    provider,
    idToken: tokens.id_token,
    close: async () => {
      for (const { child } of servers) child.kill('SIGTERM');
      await provider.close();
    },
  };
}

/** autocannon against every server at once (as a balancer spreads it); requests per second summed. */
async function load(servers, path, headers, seconds, connections) {
  const runs = await Promise.all(
    servers.map(({ url }) =>
      autocannon({
        url: `${url}${path}`,
        headers,
        duration: seconds,
        connections: Math.ceil(connections / servers.length),
      }),
    ),
  );
  const errors = runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  if (errors > 0) throw new Error(`${errors} failed requests on ${path}`);
  return {
    rps: runs.reduce((sum, r) => sum + r.requests.average, 0),
    p50Ms: Math.max(...runs.map((r) => r.latency.p50)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
  };
}

/** The web login, end to end: started on the first server, finished on the last. */
async function logins(servers, count) {
  const [first, last] = [servers[0].url, servers.at(-1).url];
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const login = await fetch(`${first}/api/v1/orgs/${ORG}/sso/oidc/login`, { redirect: 'manual' });
    const stateCookie = login.headers.getSetCookie()[0].split(';')[0];
    const callback = await loginHeadless(login.headers.get('location'), {
      email: EMAIL,
      redirectUri: `${first}/api/v1/orgs/${ORG}/sso/oidc/callback`,
    });
    const done = await fetch(`${last}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: { cookie: stateCookie },
    });
    if (done.status !== 302) throw new Error(`login ${i} ended with ${done.status}: ${await done.text()}`);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

export async function runFleetBench(seconds = 10, connections = 10, loginCount = 100) {
  const work = mkdtempSync(join(tmpdir(), 'ssg-bench-fleet-'));
  const postgres = await startPostgresServer();
  const results = {};
  try {
    for (const [name, count, databaseUrl] of [
      ['one server, SQLite', 1, undefined],
      ['two servers, one PostgreSQL', 2, await postgres.createDatabase()],
    ]) {
      const dir = join(work, name.replace(/\W+/g, '-'));
      mkdirSync(dir);
      const deployment = await deploy(dir, count, databaseUrl);
      try {
        const headers = { 'x-auth-method': 'sso', 'x-sso-email': EMAIL, authorization: `Bearer ${deployment.idToken}` };
        const health = await load(deployment.servers, '/health', {}, seconds, connections);
        const license = await load(deployment.servers, '/api/license', headers, seconds, connections);
        const login = await logins(deployment.servers, loginCount);
        results[name] = { health, license, licenseToHealth: license.rps / health.rps, login };
        console.log(
          `${name}: licences ${license.rps.toFixed(0)}/s (p50 ${license.p50Ms} ms, p99 ${license.p99Ms} ms), ` +
            `health ${health.rps.toFixed(0)}/s, ratio ${(license.rps / health.rps).toFixed(2)}; ` +
            `login round trip p50 ${login.p50.toFixed(1)} ms, p99 ${login.p99.toFixed(1)} ms (${login.n} logins)`,
        );
      } finally {
        await deployment.close();
      }
    }
    mkdirSync(new URL('results/', import.meta.url), { recursive: true });
    writeFileSync(new URL('results/fleet.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
    return results;
  } finally {
    await postgres.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runFleetBench(Number(process.argv[2]) || 10, Number(process.argv[3]) || 10, Number(process.argv[4]) || 100);
  process.exit(0);
}
