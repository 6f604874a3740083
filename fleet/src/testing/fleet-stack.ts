// Test support for the browser tests (e2e/browser/fleet-login*.spec.ts, which Playwright compiles as CommonJS and
// so cannot import these ESM modules): real OpenID providers and a fleet server, run as a child process that
// prints one JSON line (StackInfo) and then answers commands on stdin, one JSON line each, until stdin closes:
//   advance <ms>   moves the fleet's clock forward (login states, sessions and the JWKS cache follow it; the
//                  providers keep real time)
//   rotate-keys    the `rotating` provider signs with a new key from now on
//
//   node --import tsx fleet/src/testing/fleet-stack.ts              one server on the embedded database
//   node --import tsx fleet/src/testing/fleet-stack.ts --postgres   two servers on one PostgreSQL behind a
//                                                                   round-robin proxy (the URL the browser uses)
//   node --import tsx fleet/src/testing/fleet-stack.ts --cli        one server, with what `ssg auth login --sso`
//                                                                   needs for its tiers (below)
// With --postgres and no PostgreSQL installed, the one line is `{"skip": "<why>"}` and the process ends.
//
// Organizations, one per way a login can go (so the cases do not disturb each other); bob@acme.test is a member
// of each, ada@acme.test is org_acme's admin, carol@acme.test is known to the providers only:
//   org_acme         the `main` provider, configured right               (only this one with --postgres); its
//                    client also registers the CLI's loopback callback, as the spec's one application does
//   org_wrongsecret  the `main` provider, the fleet holds a wrong client secret
//   org_badredirect  the `main` provider, whose client lists org_acme's callback instead of this one's
//   org_saml         provider `saml` (no OIDC login)
//   org_tampered     the `tampered` provider: id_token signatures altered after signing
//   org_untrusted    the `untrusted` provider: id_tokens signed with a key it does not publish
//   org_rotating     the `rotating` provider, whose keys rotate on `rotate-keys`
// With --cli the providers also offer the device authorization grant, and, for the tiers of the CLI's licence,
// org_acme holds the domain acme.test and an active enterprise subscription (its members' licences are
// ENTERPRISE), and
//   org_globex       the `main` provider with both callbacks, grace@globex.test its admin, an active enterprise
//                    subscription and no sso_domain yet (its licences are free until an admin sets globex.test)
// The licence issuer a client must trust (its license-issuer.json) is in the JSON line as `licenceIssuer`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import { type IdTokenSigning, OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { findPostgresBin, type PostgresServer, startPostgresServer } from '@ssg/testing/postgres-server';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { type LicenceIssuerFile, licenceSignerFromEnv } from '../licences/licence-signer';
import { testFleetEnv } from './fleet-env';
import { organizationWithSso } from './organization-with-sso';
import { RoundRobinProxy } from './round-robin-proxy';

export interface StackInfo {
  /** Where the browser reaches the fleet: the server itself, or the proxy in front of the two. */
  fleetUrl: string;
  database: 'sqlite' | 'postgres';
  /** The app servers' own URLs (two with --postgres). */
  instances: string[];
  /** The providers' issuers by name (main, and without --postgres tampered, untrusted, rotating). */
  issuers: Record<string, string>;
  /** What a client's `<home>/license-issuer.json` holds to accept the stack's licences. */
  licenceIssuer: LicenceIssuerFile;
}

const ACCOUNTS = [
  { email: 'ada@acme.test' },
  { email: 'bob@acme.test' },
  { email: 'carol@acme.test' },
  { email: 'grace@globex.test' },
];

const postgresMode = process.argv.includes('--postgres');
const cliMode = process.argv.includes('--cli');
if (postgresMode) {
  try {
    findPostgresBin();
  } catch (error) {
    console.log(JSON.stringify({ skip: (error as Error).message }));
    process.exit(0);
  }
}

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-stack-'));
  dirs.push(dir);
  return dir;
};

/** The fleet's clock: real time plus what `advance` added. */
let clockOffsetMs = 0;
const now = (): number => Date.now() + clockOffsetMs;

let postgres: PostgresServer | undefined;
let proxy: RoundRobinProxy | undefined;
const fleets: RunningFleet[] = [];
let licenceIssuer: LicenceIssuerFile;
if (postgresMode) {
  postgres = await startPostgresServer();
  const databaseUrl = await postgres.createDatabase();
  proxy = await RoundRobinProxy.start();
  // Keys the two servers share (one organization's sealed secret must open on both), as one deployment's would.
  const shared = await testFleetEnv('');
  for (let i = 0; i < 2; i += 1) {
    const env = {
      ...(await testFleetEnv(tempDir())),
      SSG_FLEET_SECRET_KEYS: shared.SSG_FLEET_SECRET_KEYS!,
      SSG_FLEET_LICENSE_SIGNING_KEY: shared.SSG_FLEET_LICENSE_SIGNING_KEY!,
      SSG_FLEET_DATABASE_URL: databaseUrl,
      SSG_FLEET_PUBLIC_URL: proxy.url,
    };
    fleets.push(await startFleetServer({ env, now }));
  }
  proxy.balance(fleets.map((fleet) => fleet.url));
  licenceIssuer = licenceSignerFromEnv(shared).issuerFile();
} else {
  const env = await testFleetEnv(tempDir());
  fleets.push(await startFleetServer({ env, now }));
  licenceIssuer = licenceSignerFromEnv(env).issuerFile();
}
const first = fleets[0]!;
const fleetUrl = proxy?.url ?? first.url;
const store = first.store;
const callback = (orgId: string): string => `${fleetUrl}${fleetPaths.oidcCallback(orgId)}`;

/** A provider with one client per organization it serves (client id = org id), signing as `signing` says. */
async function startProvider(orgIds: readonly string[], secrets: Map<string, string>, signing: IdTokenSigning) {
  const provider = await OidcProviderServer.start({
    clients: orgIds.map((orgId) => ({
      clientId: orgId,
      clientSecret: secrets.get(orgId)!,
      redirectUris: [
        callback(orgId === 'org_badredirect' ? 'org_acme' : orgId),
        ...(orgId === 'org_acme' || orgId === 'org_globex' ? [CLI_SSO_CALLBACK] : []),
      ],
    })),
    accounts: ACCOUNTS,
    // `ssg auth login --sso --device`: the fleet starts and redeems the device grant at the provider.
    deviceFlow: cliMode,
  });
  if (signing !== 'valid') provider.setIdTokenSigning(signing);
  return provider;
}

/** The organization (org_acme is "Acme"), bob as its member, and its SSO configuration PUT by its admin. */
async function createOrg(orgId: string, sso: { provider: 'oidc' | 'saml'; issuer: string; secret: string }) {
  const slug = orgId.slice('org_'.length);
  await organizationWithSso(
    first,
    { id: orgId, name: slug.charAt(0).toUpperCase() + slug.slice(1) },
    { provider: sso.provider, issuer: sso.issuer, clientId: orgId, clientSecret: sso.secret },
  );
  await store.members.add(orgId, 'bob@acme.test', 'member');
}

const mainOrgs = postgresMode
  ? ['org_acme']
  : ['org_acme', 'org_wrongsecret', 'org_badredirect', 'org_saml', ...(cliMode ? ['org_globex'] : [])];
const secrets = new Map(
  [...mainOrgs, 'org_tampered', 'org_untrusted', 'org_rotating'].map((o) => [o, randomBytes(24).toString('base64url')]),
);
const providers: Record<string, OidcProviderServer> = {
  main: await startProvider(mainOrgs, secrets, 'valid'),
};
if (!postgresMode) {
  providers.tampered = await startProvider(['org_tampered'], secrets, 'tampered-signature');
  providers.untrusted = await startProvider(['org_untrusted'], secrets, 'untrusted-key');
  providers.rotating = await startProvider(['org_rotating'], secrets, 'valid');
}

await createOrg('org_acme', { provider: 'oidc', issuer: providers.main!.issuer, secret: secrets.get('org_acme')! });
await store.members.add('org_acme', 'ada@acme.test', 'org_admin');
if (!postgresMode) {
  const main = providers.main!.issuer;
  await createOrg('org_wrongsecret', { provider: 'oidc', issuer: main, secret: 'not-the-client-secret' });
  await createOrg('org_badredirect', { provider: 'oidc', issuer: main, secret: secrets.get('org_badredirect')! });
  await createOrg('org_saml', { provider: 'saml', issuer: main, secret: secrets.get('org_saml')! });
  for (const [orgId, provider] of [
    ['org_tampered', providers.tampered!],
    ['org_untrusted', providers.untrusted!],
    ['org_rotating', providers.rotating!],
  ] as const) {
    await createOrg(orgId, { provider: 'oidc', issuer: provider.issuer, secret: secrets.get(orgId)! });
  }
}
if (cliMode && !postgresMode) {
  await store.organizations.setSsoDomain('org_acme', 'acme.test');
  await store.subscriptions.create({ orgId: 'org_acme', tier: 'enterprise' });
  await createOrg('org_globex', {
    provider: 'oidc',
    issuer: providers.main!.issuer,
    secret: secrets.get('org_globex')!,
  });
  await store.members.add('org_globex', 'grace@globex.test', 'org_admin');
  await store.subscriptions.create({ orgId: 'org_globex', tier: 'enterprise' });
}

const info: StackInfo = {
  fleetUrl,
  database: postgresMode ? 'postgres' : 'sqlite',
  instances: fleets.map((fleet) => fleet.url),
  issuers: Object.fromEntries(Object.entries(providers).map(([name, provider]) => [name, provider.issuer])),
  licenceIssuer,
};
console.log(JSON.stringify(info));

function answer(command: string): Record<string, unknown> {
  const [name, argument] = command.trim().split(/\s+/);
  if (name === 'advance' && argument !== undefined && /^\d+$/.test(argument)) {
    clockOffsetMs += Number(argument);
    return { ok: true, clockOffsetMs };
  }
  if (name === 'rotate-keys' && providers.rotating) {
    providers.rotating.rotateKeys();
    return { ok: true, kid: providers.rotating.currentKid };
  }
  return { ok: false, error: `unknown command: ${JSON.stringify(command)}` };
}

const commands = createInterface({ input: process.stdin });
commands.on('line', (line) => console.log(JSON.stringify(answer(line))));
commands.on('close', () => {
  void Promise.all([
    ...fleets.map((fleet) => fleet.close()),
    ...Object.values(providers).map((provider) => provider.close()),
    proxy?.close(),
  ])
    .then(() => postgres?.stop())
    .finally(() => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});
