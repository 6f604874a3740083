// Proof of an email by an id_token a client presents as its bearer (the CLI after `ssg auth login --sso`): the token
// must come from the OIDC provider of one of the organizations allowed to vouch for that email, and verify against
// it (bearer-id-token.ts). Shared by the accounts API (license.ts), which decides which organizations may vouch
// for a licence, and the CLI's session exchange (cli-sessions.ts), where only the session's own organization may.
import { BearerIdTokenError, claimedOrigin, type ExpectedProvider, verifyBearerIdToken } from '../sso/bearer-id-token';
import type { OidcDiscovery } from '../sso/oidc-discovery';
import { jwksCacheStore } from '../sso/store-adapters';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';
import { providerConfiguration } from './provider-configuration';

/** What to send, said in every 401 that lacks a usable bearer. */
export const HOW_TO_AUTHENTICATE =
  "send Authorization: Bearer <id_token>, the id_token from your organization's identity provider " +
  '(ssg auth login --sso obtains it)';

export interface IdTokenProofOptions {
  store: Pick<FleetStore, 'ssoConfigs' | 'jwksCache'>;
  discovery: OidcDiscovery;
  /** ms since the epoch. */
  now: () => number;
}

/**
 * Resolves to the id of the organization (one of `orgIds`) whose provider issued `token` as an id_token for
 * `email`; throws a 401 HttpError otherwise, worded the same whether no organization may vouch or another
 * provider issued the token, so a caller without a valid token learns nothing about who is a member where.
 * `refusal` is that 401's message.
 */
export type ProveEmail = (token: string, email: string, orgIds: readonly string[], refusal: string) => Promise<string>;

export function idTokenProof({ store, discovery, now }: IdTokenProofOptions): ProveEmail {
  const jwksCache = jwksCacheStore(store.jwksCache);
  const clock = () => new Date(now());

  async function expectedProvider(orgId: string): Promise<(ExpectedProvider & { orgId: string }) | undefined> {
    const config = await store.ssoConfigs.get(orgId);
    if (!config || config.provider !== 'oidc') return undefined;
    // Only the provider's metadata is read; nothing is sent to it as the client, so no secret is needed.
    const configuration = await providerConfiguration(discovery, {
      issuerUrl: config.issuerUrl,
      clientId: config.clientId,
      clientSecret: '',
    });
    const metadata = configuration.serverMetadata();
    return { orgId, issuer: metadata.issuer, jwksUri: metadata.jwks_uri, clientId: config.clientId };
  }

  return async (token, email, orgIds, refusal) => {
    const origin = claimedOrigin(token);
    if (!origin) throw new HttpError(401, `the bearer token is not an id_token: ${HOW_TO_AUTHENTICATE}`);
    // One organization's unreachable provider does not stop another's from vouching.
    const settled = await Promise.allSettled(orgIds.map(expectedProvider));
    const providers = settled.flatMap((result) =>
      result.status === 'fulfilled' && result.value ? [result.value] : [],
    );
    const sameIssuer = providers.filter((p) => p.issuer === origin.issuer);
    const provider = sameIssuer.find((p) => origin.audiences.includes(p.clientId)) ?? sameIssuer[0];
    if (!provider) {
      const unreachable = settled.find((result) => result.status === 'rejected');
      if (unreachable) throw unreachable.reason;
      throw new HttpError(401, refusal);
    }
    try {
      await verifyBearerIdToken(token, email, provider, jwksCache, clock);
    } catch (error) {
      if (error instanceof BearerIdTokenError) throw new HttpError(401, error.message);
      throw error;
    }
    return provider.orgId;
  };
}
