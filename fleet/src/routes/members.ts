// /api/v1/orgs/<org_id>/members: who belongs to the organization, with which role (roles.ts). SSO login matches
// the provider's e-mail claim against `user_id`, so a member is added before their first sign-in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { Member, MemberList, MemberRequest, OrgParams } from '@ssg/contracts/schemas/fleet';
import { Type } from 'typebox';
import type { Member as StoredMember } from '../store/members';
import { InvalidMemberError } from '../store/members';
import type { FleetStore } from '../store/fleet-store';
import { HttpError } from './http-error';

const view = (member: StoredMember) => ({
  org_id: member.orgId,
  user_id: member.userId,
  role: member.role,
  created_at: member.createdAt,
});

const MemberParams = Type.Object({ org_id: OrgParams.properties.org_id, user_id: Type.String({ maxLength: 254 }) });

export const memberRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    const path = fleetPaths.members(':org_id');
    const orgExists = async (orgId: string) => {
      if (!(await store.organizations.get(orgId))) throw new HttpError(404, `no organization ${orgId}`);
    };
    app.get(
      path,
      { config: { permission: 'members:read' }, schema: { params: OrgParams, response: { 200: MemberList } } },
      async (request) => ({ members: (await store.members.list(request.params.org_id)).map(view) }),
    );
    // Adding someone already there changes their role: the call says what the member should be.
    app.post(
      path,
      {
        config: { permission: 'members:manage' },
        schema: { params: OrgParams, body: MemberRequest, response: { 200: Member } },
      },
      async (request) => {
        const { org_id: orgId } = request.params;
        await orgExists(orgId);
        const { user_id: email, role } = request.body;
        try {
          const changed = await store.members.setRole(orgId, email, role);
          return view(changed ?? (await store.members.add(orgId, email, role)));
        } catch (error) {
          if (error instanceof InvalidMemberError) throw new HttpError(400, error.message);
          throw error;
        }
      },
    );
    app.delete(
      `${path}/:user_id`,
      { config: { permission: 'members:manage' }, schema: { params: MemberParams } },
      async (request, reply) => {
        const { org_id: orgId, user_id: email } = request.params;
        if (request.principal?.kind === 'member' && request.principal.userId === email.toLowerCase()) {
          throw new HttpError(409, 'you cannot remove yourself; another org_admin can');
        }
        if (!(await store.members.remove(orgId, email)))
          throw new HttpError(404, `${email} is not a member of ${orgId}`);
        return reply.code(204).send();
      },
    );
  };
