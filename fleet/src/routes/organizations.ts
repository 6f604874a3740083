// GET and PATCH /api/v1/orgs/<org_id>: the organization as its members see it (its SSO settings without the
// secret), and setting its `sso_domain` (spec: admin only), which maps SSO users' e-mails to its licence.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { Organization, OrgParams, OrgPatch } from '@ssg/contracts/schemas/fleet';
import type { FleetStore } from '../store/fleet-store';
import { SsoDomainTakenError } from '../store/organizations';
import { HttpError } from './http-error';

export async function organizationView(store: Pick<FleetStore, 'organizations' | 'ssoConfigs'>, orgId: string) {
  const org = await store.organizations.get(orgId);
  if (!org) throw new HttpError(404, `no organization ${orgId}`);
  const sso = await store.ssoConfigs.get(orgId);
  return {
    org_id: org.id,
    name: org.name,
    sso_domain: org.ssoDomain,
    sso: sso ? { provider: sso.provider, issuer_url: sso.issuerUrl, client_id: sso.clientId } : null,
    created_at: org.createdAt,
  };
}

export const organizationRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    const path = fleetPaths.org(':org_id');
    app.get(
      path,
      { config: { permission: 'org:read' }, schema: { params: OrgParams, response: { 200: Organization } } },
      (request) => organizationView(store, request.params.org_id),
    );
    app.patch(
      path,
      {
        config: { permission: 'org:update' },
        schema: { params: OrgParams, body: OrgPatch, response: { 200: Organization } },
      },
      async (request) => {
        try {
          const updated = await store.organizations.setSsoDomain(request.params.org_id, request.body.sso_domain);
          if (!updated) throw new HttpError(404, `no organization ${request.params.org_id}`);
        } catch (error) {
          if (error instanceof SsoDomainTakenError) throw new HttpError(409, error.message);
          throw error;
        }
        return organizationView(store, request.params.org_id);
      },
    );
  };
