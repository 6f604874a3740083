// /api/v1/orgs/<org_id>/machines: the machines signed in with `ssg auth login` (the organization's CLI sessions,
// cli-sessions.ts), for the dashboard; an admin can sign one out, which ends its session token at once.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { MachineList, OrgParams } from '@ssg/contracts/schemas/fleet';
import { Type } from 'typebox';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';

const MachineParams = Type.Object({ org_id: OrgParams.properties.org_id, id: Type.String({ maxLength: 64 }) });

export const machineRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    const path = fleetPaths.machines(':org_id');
    app.get(
      path,
      { config: { permission: 'licences:read' }, schema: { params: OrgParams, response: { 200: MachineList } } },
      async (request) => ({
        machines: (await store.sessions.machines(request.params.org_id)).map((session) => ({
          id: session.id,
          user_id: session.userId,
          machine: session.machine,
          signed_in_at: session.createdAt,
          expires_at: session.expiresAt,
        })),
      }),
    );
    app.delete(
      `${path}/:id`,
      { config: { permission: 'members:manage' }, schema: { params: MachineParams } },
      async (request, reply) => {
        const { org_id: orgId, id } = request.params;
        if (!(await store.sessions.revokeMachine(orgId, id))) {
          throw new HttpError(404, `no machine ${id} is signed in to ${orgId}`);
        }
        return reply.code(204).send();
      },
    );
  };
