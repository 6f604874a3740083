// The organization's dashboard, where a member lands after signing in (…/sso/oidc/callback). For now one page:
// who is signed in, to which organization, with which role, and how SSO is set up. The full organization
// dashboard (members, roles, SSO settings, service accounts, licences) is still to come.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrgParams } from '@ssg/contracts/schemas/fleet';
import type { FleetStore } from '../store/fleet-store';
import { dashboardPath } from './oidc-login';
import { organizationView } from './organizations';

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const dashboardRoutes =
  (store: FleetStore): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      dashboardPath(':org_id'),
      { config: { permission: 'org:read' }, schema: { params: OrgParams } },
      async (request, reply) => {
        const org = await organizationView(store, request.params.org_id);
        const who = request.principal?.kind === 'member' ? request.principal.userId : 'a service account';
        const sso = org.sso ? `${org.sso.provider} at ${org.sso.issuer_url}` : 'not configured';
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        reply.type('text/html; charset=utf-8');
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(org.name)} · ssg fleet</title></head>
<body><main><h1>${escape(org.name)}</h1>
<p>Signed in as <strong data-testid="signed-in-as">${escape(who)}</strong> (${escape(request.principal?.role ?? '')}).</p>
<dl><dt>Organization</dt><dd>${escape(org.org_id)}</dd><dt>SSO domain</dt><dd>${escape(org.sso_domain ?? 'not set')}</dd>
<dt>SSO</dt><dd>${escape(sso)}</dd></dl></main></body></html>`;
      },
    );
  };
