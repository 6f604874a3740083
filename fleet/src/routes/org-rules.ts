// GET and PUT /api/v1/orgs/<org_id>/rules: the organization's own rules, which its hosted MCP evaluates against on
// top of ssg's default rules. Policy authors and admins publish; every member may read. Rules that do not parse,
// lint or compile cleanly are refused with their findings, and the rules in force stay as they were.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fleetPaths } from '@ssg/contracts/fleet';
import { OrgParams } from '@ssg/contracts/schemas/fleet';
import { lintRuleFiles, parseRules } from '@ssg/engine/node';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { Type } from 'typebox';
import type { FleetStore } from '../store/fleet-store';
import { MAX_RULES_TEXT_BYTES } from '../store/org-rules';
import { HttpError } from './http-error';

const RulesBody = Type.Object(
  { rules: Type.String({ maxLength: MAX_RULES_TEXT_BYTES }) },
  { additionalProperties: false },
);
const RulesAnswer = Type.Object({
  rules: Type.String(),
  updated_at: Type.Union([Type.Integer(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});

export const orgRulesRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    const path = `${fleetPaths.org(':org_id')}/rules`;
    app.get(
      path,
      { config: { permission: 'rules:read' }, schema: { params: OrgParams, response: { 200: RulesAnswer } } },
      async (request) => {
        const published = await store.orgRules.get(request.params.org_id);
        return {
          rules: published?.rulesText ?? '',
          updated_at: published?.updatedAt ?? null,
          updated_by: published?.updatedBy ?? null,
        };
      },
    );
    app.put(
      path,
      {
        config: { permission: 'rules:publish' },
        schema: { params: OrgParams, body: RulesBody, response: { 200: RulesAnswer } },
      },
      async (request) => {
        const { org_id: orgId } = request.params;
        if (!(await store.organizations.get(orgId))) throw new HttpError(404, `no organization ${orgId}`);
        const file = `${orgId}.rules`;
        const errors = lintRuleFiles([parseRules(request.body.rules, file)]).filter((d) => d.severity === 'error');
        if (errors.length > 0) {
          throw new HttpError(
            400,
            `the rules have ${errors.length} error(s): ${errors
              .slice(0, 5)
              .map((d) => formatDiagnostic(d))
              .join('; ')}`,
          );
        }
        const principal = request.principal;
        const by = principal?.kind === 'member' ? principal.userId : `service account ${principal?.serviceAccountId}`;
        const published = await store.orgRules.put(orgId, request.body.rules, by);
        return { rules: published.rulesText, updated_at: published.updatedAt, updated_by: published.updatedBy };
      },
    );
  };
