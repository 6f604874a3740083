// Test support: an organization as its admin sets one up — created with a service account, then its identity
// provider configured through the real `PUT …/sso/config` (so the secret is sealed as in production).
import { fleetPaths } from '@ssg/contracts/fleet';
import { newServiceAccountKey } from '../crypto/service-account-keys';
import type { FleetStore } from '../store/fleet-store';

export interface TestSso {
  provider?: 'oidc' | 'saml';
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Resolves to the organization's service account key (an admin bearer). `url` is where the fleet listens. */
export async function organizationWithSso(
  fleet: { url: string; store: FleetStore },
  org: { id: string; name: string },
  sso: TestSso,
): Promise<string> {
  await fleet.store.organizations.create(org);
  const { token, hash } = newServiceAccountKey();
  await fleet.store.serviceAccounts.create({ orgId: org.id, name: 'setup', keyHash: hash });
  const configured = await fetch(`${fleet.url}${fleetPaths.ssoConfig(org.id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: sso.provider ?? 'oidc',
      issuer_url: sso.issuer,
      client_id: sso.clientId,
      client_secret: sso.clientSecret,
    }),
  });
  if (!configured.ok) throw new Error(`the SSO configuration of ${org.id} failed: ${await configured.text()}`);
  return token;
}
