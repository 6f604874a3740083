// Test support: a fleet server (SQLite in a temp folder) and a real OpenID provider on loopback, with one
// organization set up as its admin would (OIDC SSO through the real PUT …/sso/config, its sso_domain, members) and
// the operator's subscription — for end-to-end tests of a member's machine signing in (e2e/hosts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_SSO_CALLBACK, fleetPaths } from '@ssg/contracts/fleet';
import { OidcProviderServer } from '@ssg/testing/oidc-provider-server';
import { newServiceAccountKey } from '../crypto/service-account-keys';
import { type RunningFleet, startFleetServer } from '../fleet-server';
import { type LicenceIssuerFile, licenceSignerFromEnv } from '../licences/licence-signer';
import type { Role } from '../auth/roles';
import { testFleetEnv } from './fleet-env';
import { organizationWithSso } from './organization-with-sso';

export interface SsoFleetOptions {
  orgId: string;
  name: string;
  ssoDomain: string | null;
  members: ReadonlyArray<{ email: string; role: Role }>;
  /** The organization's subscription; null: none (free licences). */
  tier: 'pro' | 'enterprise' | null;
  /** People the provider knows (members or not). */
  accounts: readonly string[];
}

export interface SsoFleet {
  fleet: RunningFleet;
  provider: OidcProviderServer;
  /** What `ssg auth login --sso --issuer … --client-id …` is given. */
  clientId: string;
  /** What a machine's `<ssg home>/license-issuer.json` holds to accept this fleet's licences. */
  licenceIssuer: LicenceIssuerFile;
  close(): Promise<void>;
}

export async function startSsoFleet(options: SsoFleetOptions): Promise<SsoFleet> {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-sso-fleet-'));
  const env = await testFleetEnv(dir);
  const fleet = await startFleetServer({ env });
  const client = { clientId: `ssg-${options.orgId}`, clientSecret: newServiceAccountKey().token };
  const provider = await OidcProviderServer.start({
    clients: [{ ...client, redirectUris: [`${fleet.url}${fleetPaths.oidcCallback(options.orgId)}`, CLI_SSO_CALLBACK] }],
    accounts: options.accounts.map((email) => ({ email })),
  });
  const { store } = fleet;
  await organizationWithSso(
    fleet,
    { id: options.orgId, name: options.name },
    { issuer: provider.issuer, clientId: client.clientId, clientSecret: client.clientSecret },
  );
  if (options.ssoDomain) await store.organizations.setSsoDomain(options.orgId, options.ssoDomain);
  for (const { email, role } of options.members) await store.members.add(options.orgId, email, role);
  if (options.tier) await store.subscriptions.create({ orgId: options.orgId, tier: options.tier });
  return {
    fleet,
    provider,
    clientId: client.clientId,
    licenceIssuer: licenceSignerFromEnv(env).issuerFile(),
    close: async () => {
      await fleet.close();
      await provider.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
