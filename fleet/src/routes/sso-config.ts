// PUT /api/v1/orgs/<org_id>/sso/config, exactly as the spec has it: provider, issuer_url, client_id and
// client_secret in, `{ok, provider, org_id}` out. The secret is sealed (AES-256-GCM, the org id bound to it) before
// it is stored and is never returned by any route. `saml` is stored and does not enable OIDC login. The issuer must
// be https (plain http only on loopback, for tests and development).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { OrgParams, SsoConfigRequest, SsoConfigResponse } from '@ssg/contracts/schemas/fleet';
import type { SecretBox } from '../crypto/secret-box';
import { checkedIssuer, OidcIssuerNotAllowedError } from '../sso/oidc-discovery';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';

export const ssoConfigRoutes =
  (store: FleetStore, secrets: SecretBox): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.put(
      fleetPaths.ssoConfig(':org_id'),
      {
        config: { permission: 'sso:configure' },
        schema: { params: OrgParams, body: SsoConfigRequest, response: { 200: SsoConfigResponse } },
      },
      async (request) => {
        const { org_id: orgId } = request.params;
        if (!(await store.organizations.get(orgId))) throw new HttpError(404, `no organization ${orgId}`);
        const { provider, issuer_url: issuerUrl, client_id: clientId, client_secret: clientSecret } = request.body;
        try {
          checkedIssuer(issuerUrl);
        } catch (error) {
          if (error instanceof OidcIssuerNotAllowedError || error instanceof TypeError) {
            throw new HttpError(400, `issuer_url: ${(error as Error).message}`);
          }
          throw error;
        }
        await store.ssoConfigs.put({
          orgId,
          provider,
          issuerUrl,
          clientId,
          clientSecretCiphertext: secrets.seal(clientSecret, orgId),
          clientSecretKeyId: secrets.currentKeyId,
        });
        return { ok: true, provider, org_id: orgId };
      },
    );
  };
