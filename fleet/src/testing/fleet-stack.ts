// Test support for the browser tests (e2e/browser/fleet-login.spec.ts, which Playwright compiles as CommonJS and so
// cannot import these ESM modules): a real OpenID provider and a fleet server on the embedded database, with
// organization org_acme (SSO configured, ada@acme.test its org_admin, bob@acme.test a member; carol@acme.test
// known to the provider only). Prints one JSON line with the URLs and the admin key, and runs until stdin closes.
//   node --import tsx fleet/src/testing/fleet-stack.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fleetPaths } from '@ssg/contracts/fleet';
import { OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { newServiceAccountKey } from '../crypto/service-account-keys';
import { startFleetServer } from '../fleet-server';
import { testFleetEnv } from './fleet-env';

const ORG = 'org_acme';
const SECRET = randomBytes(24).toString('base64url');

const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-stack-'));
const fleet = await startFleetServer({ env: await testFleetEnv(dir) });
await fleet.store.organizations.create({ id: ORG, name: 'Acme' });
await fleet.store.members.add(ORG, 'ada@acme.test', 'org_admin');
await fleet.store.members.add(ORG, 'bob@acme.test', 'member');
const { token: adminKey, hash } = newServiceAccountKey();
await fleet.store.serviceAccounts.create({ orgId: ORG, name: 'browser tests', keyHash: hash });
const provider = await OidcProviderServer.start({
  clients: [
    { clientId: 'ssg-fleet', clientSecret: SECRET, redirectUris: [`${fleet.url}${fleetPaths.oidcCallback(ORG)}`] },
  ],
  accounts: [{ email: 'ada@acme.test' }, { email: 'bob@acme.test' }, { email: 'carol@acme.test' }],
});
const configured = await fetch(`${fleet.url}${fleetPaths.ssoConfig(ORG)}`, {
  method: 'PUT',
  headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    provider: 'oidc',
    issuer_url: provider.issuer,
    client_id: 'ssg-fleet',
    client_secret: SECRET,
  }),
});
if (!configured.ok) throw new Error(`SSO configuration failed: ${await configured.text()}`);
console.log(JSON.stringify({ fleetUrl: fleet.url, issuer: provider.issuer, orgId: ORG, adminKey }));

process.stdin.resume();
process.stdin.on('end', () => {
  void Promise.all([fleet.close(), provider.close()]).finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
