// GET /api/v1/orgs/<org_id>/licences: what the organization pays for (its subscriptions, ended ones too) and the
// licences the accounts API issued under it lately (license.ts records each), for admins and auditors.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { LicencesView, OrgParams } from '@ssg/contracts/schemas/fleet';
import type { FleetStore } from '../store/fleet-store';
import { isActiveAt } from '../store/subscriptions';

/** Enough to see who is licensed on which machine; older grants stay in the database until swept. */
export const RECENT_GRANTS = 200;

export const licenceRoutes =
  (store: FleetStore, now: () => number = Date.now): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      fleetPaths.licences(':org_id'),
      { config: { permission: 'licences:read' }, schema: { params: OrgParams, response: { 200: LicencesView } } },
      async (request) => {
        const orgId = request.params.org_id;
        const at = now();
        const subscriptions = (await store.subscriptions.list({ orgId })).reverse();
        return {
          subscriptions: subscriptions.map((s) => ({
            id: s.id,
            tier: s.tier,
            starts_at: s.startsAt,
            ends_at: s.endsAt,
            active: isActiveAt(s, at),
          })),
          issued: (await store.licenceGrants.recent(orgId, RECENT_GRANTS)).map((grant) => ({
            user_id: grant.userId,
            tier: grant.tier,
            machine: grant.machine,
            issued_at: grant.issuedAt,
            expires_at: grant.expiresAt,
          })),
        };
      },
    );
  };
