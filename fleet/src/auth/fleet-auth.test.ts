// Who may call a fleet route, over real HTTP: no token, an unknown token, a member of another organization, a role
// without the permission, a cookie session posting from another origin, and each case that is let in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildFleetApp } from '../server/fleet-app';
import { fleetAuth } from './fleet-auth';
import type { Principal, PrincipalResolver } from './principal';

const PUBLIC_URL = 'http://127.0.0.1:8443';
const principals: Record<string, Principal> = {
  'ssg_sa_admin-key': { kind: 'service-account', orgId: 'org_acme', serviceAccountId: 'sa_1', role: 'org_admin' },
  'session-auditor': { kind: 'member', orgId: 'org_acme', userId: 'audrey@acme.test', role: 'auditor' },
  'session-admin': { kind: 'member', orgId: 'org_acme', userId: 'ada@acme.test', role: 'org_admin' },
};
const resolver: PrincipalResolver = {
  fromBearer: async (token) => principals[token],
  fromSessionCookie: async (token) => principals[token],
};

const routes: FastifyPluginAsync = async (app) => {
  await app.register(fleetAuth, { resolver, publicUrl: PUBLIC_URL });
  app.get('/api/v1/orgs/:org_id/members', { config: { permission: 'members:read' } }, async (request) => ({
    by: request.principal?.kind,
  }));
  app.patch('/api/v1/orgs/:org_id', { config: { permission: 'org:update' } }, async () => ({ ok: true }));
  app.get('/health', async () => ({ ok: true }));
};

describe('fleet authorization', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await buildFleetApp({
      config: { transport: { kind: 'loopback-http' }, publicUrl: PUBLIC_URL },
      routes: [routes],
    });
  });
  after(() => app.close());

  const call = (method: 'GET' | 'PATCH', url: string, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers, ...(method === 'PATCH' && { payload: {} }) });

  const cases: Array<[string, 'GET' | 'PATCH', string, Record<string, string>, number, RegExp?]> = [
    ['no credential', 'GET', '/api/v1/orgs/org_acme/members', {}, 401, /sign in first/],
    ['an unknown token', 'GET', '/api/v1/orgs/org_acme/members', { authorization: 'Bearer nope' }, 401, /not valid/],
    [
      'a service account of the org',
      'GET',
      '/api/v1/orgs/org_acme/members',
      { authorization: 'Bearer ssg_sa_admin-key' },
      200,
    ],
    [
      'a service account, another org',
      'GET',
      '/api/v1/orgs/org_other/members',
      { authorization: 'Bearer ssg_sa_admin-key' },
      403,
      /not a member of org_other/,
    ],
    [
      'an auditor reading members',
      'GET',
      '/api/v1/orgs/org_acme/members',
      { cookie: 'ssg_fleet_session=session-auditor' },
      200,
    ],
    [
      'an auditor setting sso_domain',
      'PATCH',
      '/api/v1/orgs/org_acme',
      { authorization: 'Bearer session-auditor' },
      403,
      /auditor role may not/,
    ],
    [
      'an admin session posting from another origin',
      'PATCH',
      '/api/v1/orgs/org_acme',
      { cookie: 'ssg_fleet_session=session-admin', origin: 'https://evil.test' },
      403,
      /must come from/,
    ],
    [
      'an admin session from the dashboard',
      'PATCH',
      '/api/v1/orgs/org_acme',
      { cookie: 'ssg_fleet_session=session-admin', origin: PUBLIC_URL },
      200,
    ],
    [
      'an admin bearer (the CLI), no Origin needed',
      'PATCH',
      '/api/v1/orgs/org_acme',
      { authorization: 'Bearer session-admin' },
      200,
    ],
    ['a public route', 'GET', '/health', {}, 200],
  ];
  for (const [name, method, url, headers, status, message] of cases) {
    test(`${name}: ${status}`, async () => {
      const response = await call(method, url, headers);
      assert.equal(response.statusCode, status, response.body);
      if (message) assert.match(response.json<{ message: string }>().message, message);
    });
  }
});
