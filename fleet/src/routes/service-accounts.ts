// /api/v1/orgs/<org_id>/service-accounts: the keys scripts and `ssg` use for admin calls (spec, Authentication 1:
// `ssg_sa_…`, never expiring). The key is in the creation's answer only; it is stored as a hash. Revoking one
// takes effect on its next call.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import {
  CreatedServiceAccount,
  OrgParams,
  ServiceAccountList,
  ServiceAccountRequest,
} from '@ssg/contracts/schemas/fleet';
import { Type } from 'typebox';
import { newServiceAccountKey } from '../crypto/service-account-keys';
import type { FleetStore } from '../store/fleet-store';
import type { ServiceAccount } from '../store/service-accounts';
import { HttpError } from './http-error';

const view = (account: ServiceAccount) => ({
  id: account.id,
  name: account.name,
  created_at: account.createdAt,
  revoked_at: account.revokedAt,
});

const AccountParams = Type.Object({ org_id: OrgParams.properties.org_id, id: Type.String({ maxLength: 100 }) });

export const serviceAccountRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    const path = fleetPaths.serviceAccounts(':org_id');
    app.get(
      path,
      {
        config: { permission: 'service-accounts:manage' },
        schema: { params: OrgParams, response: { 200: ServiceAccountList } },
      },
      async (request) => ({ service_accounts: (await store.serviceAccounts.list(request.params.org_id)).map(view) }),
    );
    app.post(
      path,
      {
        config: { permission: 'service-accounts:manage' },
        schema: { params: OrgParams, body: ServiceAccountRequest, response: { 200: CreatedServiceAccount } },
      },
      async (request) => {
        const { token, hash } = newServiceAccountKey();
        const account = await store.serviceAccounts.create({
          orgId: request.params.org_id,
          name: request.body.name,
          keyHash: hash,
        });
        return { ...view(account), key: token };
      },
    );
    app.delete(
      `${path}/:id`,
      { config: { permission: 'service-accounts:manage' }, schema: { params: AccountParams } },
      async (request, reply) => {
        const { org_id: orgId, id } = request.params;
        if (request.principal?.kind === 'service-account' && request.principal.serviceAccountId === id) {
          throw new HttpError(409, 'a service account cannot revoke itself; use another one or a session');
        }
        if (!(await store.serviceAccounts.revoke(orgId, id)))
          throw new HttpError(404, `no active service account ${id}`);
        return reply.code(204).send();
      },
    );
  };
