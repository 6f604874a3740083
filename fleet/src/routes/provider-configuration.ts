// The openid-client Configuration of an organization's identity provider, for a route: a provider whose discovery
// document cannot be read is the route's 502 (the fleet is fine; the provider it depends on is not).
import type * as client from 'openid-client';
import type { OidcClientSettings, OidcDiscovery } from '../sso/oidc-discovery';
import { HttpError } from './http-error';

export async function providerConfiguration(
  discovery: OidcDiscovery,
  settings: OidcClientSettings,
): Promise<client.Configuration> {
  try {
    return await discovery.configuration(settings);
  } catch (error) {
    throw new HttpError(
      502,
      `the identity provider's discovery document could not be read (${(error as Error).message})`,
    );
  }
}
