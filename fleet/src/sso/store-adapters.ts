// The OIDC login's stores (oidc-login.ts, id-token-signature.ts) over the fleet's database (store/): what one app
// server starts, any other can finish. A login state is looked up within the organization of the callback's path,
// and the redirect_uri it was started with is the server's callback for that organization.
import type { JwksCache, JsonWebKeySet } from '../store/jwks-cache';
import type { LoginStates } from '../store/login-states';
import type { JwksCacheStore } from './id-token-signature';
import type { LoginStateStore } from './oidc-login';

export function loginStateStore(states: LoginStates, orgId: string, redirectUri: string): LoginStateStore {
  return {
    create: async ({ state, codeVerifier, nonce }) => {
      await states.create({ state, orgId, codeVerifier, nonce });
    },
    consume: async (state) => {
      const row = await states.consume(orgId, state);
      return (
        row && {
          state: row.state,
          orgId: row.orgId,
          codeVerifier: row.codeVerifier,
          nonce: row.nonce,
          redirectUri,
          expiresAt: new Date(row.expiresAt),
        }
      );
    },
  };
}

/** The cache's age is judged by the login (an hour from the fetch), so every stored set is handed back. */
export function jwksCacheStore(cache: JwksCache): JwksCacheStore {
  return {
    get: async (jwksUri) => {
      const cached = await cache.getFresh(jwksUri, Number.MAX_SAFE_INTEGER);
      return cached && { jwks: cached.jwks as never, fetchedAt: new Date(cached.fetchedAt) };
    },
    put: async (jwksUri, jwks) => {
      await cache.put(jwksUri, jwks as unknown as JsonWebKeySet);
    },
  };
}
