// The hosted MCP end to end: a real MCP client (the SDK's Client over StreamableHTTPClientTransport, the licence
// as a bearer header) against the plugin on the fleet app, over real HTTP on loopback, with a SQLite store.
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { evaluate as evaluateLocally } from '@ssg/engine/node';
import { genericAdapter, toWireResult } from '@ssg/hosts/generic/adapter';
import { bundledRulesDir } from '@ssg/node/resources';
import { loadRuleFiles } from '@ssg/node/rules/load';
import { mintLicense } from '@ssg/node/license/mint.testing';
import { CORE_TOOLS } from '@ssg/hosts/mcp/core-tools';
import { createLicenceSigner, type LicenceSigner } from '../licences/licence-signer';
import { buildFleetApp } from '../server/fleet-app';
import { type FleetStore, openFleetStore } from '../store/fleet-store';
import { HOSTED_MCP_PATH, hostedMcpRoutes } from './hosted-mcp';

const NOW = Date.UTC(2026, 10, 27, 12);
const ISSUER = 'fleet.test';
const CURL_RULE = `rule acme_no_curl {
  priority 50
  DENY execution
  IF command REGEX "^curl\\s"
  MESSAGE "Acme does not allow curl."
}
`;

describe('hosted MCP', () => {
  let dir: string;
  let store: FleetStore;
  let app: FastifyInstance;
  let url: URL;
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer: LicenceSigner = createLicenceSigner({ privateKey, issuer: ISSUER });
  const licence = async (subject: string, tier = 'enterprise') =>
    (await signer.sign({ subject, tier }, NOW / 1000)).token;
  const clients: Client[] = [];

  async function connect(token?: string): Promise<Client> {
    const client = new Client({ name: 'hosted-mcp-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function evaluate(client: Client, command: string): Promise<Record<string, unknown>> {
    const result = await client.callTool({ name: 'ssg_evaluate', arguments: { tool: 'Bash', input: { command } } });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    const [content] = result.content as Array<{ type: string; text: string }>;
    return JSON.parse(content!.text) as Record<string, unknown>;
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-hosted-mcp-'));
    store = await openFleetStore(`sqlite:${join(dir, 'fleet.sqlite')}`, () => NOW);
    await store.organizations.create({ id: 'org_acme', name: 'Acme' });
    await store.organizations.setSsoDomain('org_acme', 'acme.test');
    await store.organizations.create({ id: 'org_beta', name: 'Beta' });
    await store.members.add('org_beta', 'bo@gmail.test', 'member');
    await store.orgRules.put('org_acme', CURL_RULE, 'ann@acme.test');
    app = await buildFleetApp({
      config: { transport: { kind: 'loopback-http' }, publicUrl: 'http://127.0.0.1' },
      routes: [hostedMcpRoutes({ store, signer, now: () => NOW })],
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}${HOSTED_MCP_PATH}`);
  });

  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('lists exactly the four core tools', async () => {
    const client = await connect(await licence('ann@acme.test'));
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), Object.keys(CORE_TOOLS).sort());
  });

  test('blocks a destructive call by the default rules and allows a harmless one', async () => {
    const client = await connect(await licence('someone@elsewhere.test', 'pro'));
    const blocked = await evaluate(client, 'rm -rf ~');
    assert.equal(blocked.decision, 'block');
    assert.equal(blocked.rule_id, 'ssg_default_recursive_delete');
    assert.equal((await evaluate(client, 'ls -la')).decision, 'allow');
    assert.equal((await evaluate(client, 'curl https://example.test')).decision, 'allow');
  });

  test("an organization's rule governs its members only (by sso_domain, or by membership)", async () => {
    const acme = await connect(await licence('Ann@ACME.test'));
    const curl = await evaluate(acme, 'curl https://example.test');
    assert.equal(curl.decision, 'block');
    assert.equal(curl.rule_id, 'acme_no_curl');
    assert.equal((await evaluate(acme, 'rm -rf ~')).rule_id, 'ssg_default_recursive_delete');
    const status = await acme.callTool({ name: 'ssg_status', arguments: {} });
    const [content] = status.content as Array<{ text: string }>;
    const { version, rules, ...rest } = JSON.parse(content!.text) as Record<string, unknown>;
    assert.equal(typeof version, 'string');
    assert.ok(typeof rules === 'number' && rules > 1);
    assert.deepEqual(rest, {
      client: 'generic',
      organization: 'org_acme',
      rule_files: ['default.rules', 'org_acme.rules'],
      enabled: rules,
      diagnostics: 0,
    });
    const beta = await connect(await licence('bo@gmail.test'));
    assert.equal((await evaluate(beta, 'curl https://example.test')).decision, 'allow');
  });

  test('gives the answers the local engine gives for the same rule files', async () => {
    const orgFile = join(dir, 'org_acme.rules');
    writeFileSync(orgFile, CURL_RULE);
    const local = loadRuleFiles([join(bundledRulesDir(), 'default.rules'), orgFile]);
    const acme = await connect(await licence('ann@acme.test'));
    for (const command of ['rm -rf ~', 'curl x | sh', 'curl https://example.test', 'git push --force', 'npm test']) {
      const call = {
        tool: 'Bash',
        input: { command },
        capability: genericAdapter.toolCapability('Bash'),
        client: 'generic',
      };
      const expected = toWireResult(evaluateLocally(local.ruleset, call));
      const hosted = await evaluate(acme, command);
      assert.deepEqual(
        [hosted.decision, hosted.rule_id, hosted.reason],
        [expected.decision, expected.rule_id, expected.reason],
        command,
      );
    }
  });

  test('a licence that names its organization is governed by it', async () => {
    const claims = { iss: ISSUER, sub: 'ann@acme.test', tier: 'enterprise', exp: NOW / 1000 + 3600 };
    const beta = await connect(mintLicense(privateKey, { ...claims, org_id: 'org_beta' }));
    assert.equal((await evaluate(beta, 'curl https://example.test')).decision, 'allow');
    await assert.rejects(connect(mintLicense(privateKey, { ...claims, org_id: 'org_gone' })), /org_gone/);
  });

  test('refuses a caller without a valid licence, saying why', async () => {
    const signed = await licence('ann@acme.test');
    const [header, payload, signature] = signed.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, tier: 'enterprise', sub: 'eve@acme.test' })).toString('base64url')}.${signature}`;
    const expired = mintLicense(privateKey, { iss: ISSUER, sub: 'ann@acme.test', tier: 'pro', exp: NOW / 1000 - 3600 });
    const otherIssuer = mintLicense(privateKey, {
      iss: 'ssg-accounts',
      sub: 'ann@acme.test',
      tier: 'pro',
      exp: NOW / 1000 + 3600,
    });
    const otherKey = mintLicense(generateKeyPairSync('ed25519').privateKey, {
      iss: ISSUER,
      sub: 'ann@acme.test',
      tier: 'pro',
      exp: NOW / 1000 + 3600,
    });
    const featureless = (
      await signer.sign({ subject: 'ann@acme.test', tier: 'pro', features: ['terminal'] }, NOW / 1000)
    ).token;
    const cases: Array<[string, string | undefined, number, RegExp]> = [
      ['no bearer', undefined, 401, /Authorization: Bearer <licence key>/],
      ['not a licence', 'ssg_sa_not-a-licence', 401, /not a JWT/],
      ['a tampered licence', tampered, 401, /signature does not match/],
      ['a licence signed by another key', otherKey, 401, /signature does not match/],
      ['an expired licence', expired, 401, /expired on 2026-11-27T11:00:00.000Z/],
      ['a licence of another issuer', otherIssuer, 401, /issued by "ssg-accounts", not "fleet.test"/],
      ['a free licence', await licence('ann@acme.test', 'free'), 403, /needs a paid licence.*this one is free/],
      [
        'a licence without the feature',
        featureless,
        403,
        /pro licence does not include the hosted MCP \(its features: terminal\)/,
      ],
    ];
    for (const [name, token, status, message] of cases) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token !== undefined && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      });
      assert.equal(response.status, status, name);
      const body = (await response.json()) as {
        jsonrpc: string;
        id: unknown;
        error: { code: number; message: string };
      };
      assert.equal(body.jsonrpc, '2.0', name);
      assert.equal(body.id, 7, name);
      assert.match(body.error.message, message, name);
      if (status === 401) assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/, name);
    }
    // The SDK's client surfaces the refusal with the server's words.
    await assert.rejects(connect(expired), /401|expired/);
  });

  test('refuses a member of several organizations none of which owns their domain', async () => {
    await store.members.add('org_acme', 'multi@gmail.test', 'member');
    await store.members.add('org_beta', 'multi@gmail.test', 'member');
    await assert.rejects(connect(await licence('multi@gmail.test')), /several organizations \(org_acme, org_beta\)/);
  });

  test('serves two independent clients at once: nothing is kept between requests', async () => {
    const [acme, other] = await Promise.all([
      connect(await licence('ann@acme.test')),
      connect(await licence('someone@elsewhere.test', 'pro')),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => evaluate(i % 2 === 0 ? acme : other, 'curl https://example.test')),
    );
    assert.deepEqual(
      answers.map((answer) => answer.decision),
      ['block', 'allow', 'block', 'allow', 'block', 'allow'],
    );
  });

  test('GET and DELETE, which only sessions use, are 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, { method });
      assert.equal(response.status, 405);
      assert.match(((await response.json()) as { error: { message: string } }).error.message, /stateless/);
    }
  });
});
