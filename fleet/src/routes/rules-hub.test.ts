// The fleet's rules hub against the real client: packs signed with hub/hub-signing.ts, served by rulesHubRoutes over
// real HTTP, pulled by the built `ssg` (`ssg hub pull --hub <fleet>/hub/` with the test's key pinned through
// SSG_HUB_PUBLIC_KEY). The CLI accepts what the fleet signed and refuses a tampered rule file, a forged signature
// and a hub signed with a key it does not pin, writing nothing.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { generateHubKeyPair, hubSigningKey, signHubFolder } from '../hub/hub-signing';
import { buildFleetApp } from '../server/fleet-app';
import { fleetConfig } from '../server/fleet-config';
import { REVALIDATE } from './file-reply';
import { hubDirFrom, rulesHubRoutes } from './rules-hub';

const DEMO = `# a pack published by the fleet
rule fleet-no-curl {
  DENY execution
  IF command STARTS_WITH "curl "
  MESSAGE "no curl (fleet hub)"
}
`;
const OTHER = DEMO.replace('fleet-no-curl', 'fleet-other');

function draftManifest(ids: string[]) {
  return {
    version: 1,
    rulesets: ids.map((id) => ({
      id,
      path: `rulesets/${id}`,
      rules_path: `rulesets/${id}.rules`,
      title: `Title of ${id}`,
      description: `Description of ${id}`,
      technologies: ['test'],
      required_tier: 'free',
      kind: 'ruleset',
    })),
  };
}

/** A hub folder holding `rulesets`, signed with `pem`. */
async function signedHub(dir: string, pem: string, rulesets: Record<string, string>): Promise<void> {
  mkdirSync(join(dir, 'rulesets'), { recursive: true });
  for (const [id, text] of Object.entries(rulesets)) writeFileSync(join(dir, 'rulesets', `${id}.rules`), text);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(draftManifest(Object.keys(rulesets))));
  await signHubFolder(dir, hubSigningKey(pem, 'the test key'), { now: () => Date.parse('2026-11-27T12:00:00Z') });
}

function rawGet(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('rules hub served by the fleet, pulled by ssg', () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-fleet-hub-'));
  const keys = generateHubKeyPair();
  const hubs = { good: join(root, 'good'), tampered: join(root, 'tampered'), forged: join(root, 'forged') };
  const apps: FastifyInstance[] = [];
  const urls: Record<string, string> = {};
  let workspace: Workspace;

  before(async () => {
    ensureBuilt();
    workspace = new Workspace();
    await signedHub(hubs.good, keys.privateKeyPem, { 'rules-demo': DEMO, 'rules-other': OTHER });
    // Altered after signing: the rule file no longer matches its content hash.
    await signedHub(hubs.tampered, keys.privateKeyPem, { 'rules-demo': DEMO });
    writeFileSync(join(hubs.tampered, 'rulesets', 'rules-demo.rules'), DEMO.replace('DENY', 'ALLOW'));
    // Hash recomputed for the altered text, signature from another key, manifest still naming the pinned key.
    await signedHub(hubs.forged, generateHubKeyPair().privateKeyPem, { 'rules-demo': DEMO.replace('DENY', 'ALLOW') });
    const forged = JSON.parse(readFileSync(join(hubs.forged, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    const good = JSON.parse(readFileSync(join(hubs.good, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(hubs.forged, 'manifest.json'), JSON.stringify({ ...forged, signing_key: good.signing_key }));
    for (const [name, hubDir] of Object.entries({ ...hubs, empty: join(root, 'empty') })) {
      const app = await buildFleetApp({ config: fleetConfig({}, root), routes: [rulesHubRoutes({ hubDir })] });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
      urls[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    workspace?.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  const pull = (hub: string, id = 'rules-demo', key = keys.publicKeyHex) =>
    workspace.runAsync(['hub', 'pull', id, '--hub', `${urls[hub]}/hub/`], { env: { SSG_HUB_PUBLIC_KEY: key } });
  const installed = () => join(workspace.home, 'rules', 'hub', 'rules-demo.rules');

  test('ssg hub pull accepts a pack the fleet signed and serves, and installs it byte for byte', async () => {
    const listed = await workspace.runAsync(['hub', 'list', '--json', '--hub', `${urls.good}/hub/`], {
      env: { SSG_HUB_PUBLIC_KEY: keys.publicKeyHex },
    });
    assert.equal(listed.status, 0, listed.stderr);
    const ids = (JSON.parse(listed.stdout) as Array<{ id: string }>).map((entry) => entry.id);
    assert.deepEqual(ids.sort(), ['rules-demo', 'rules-other']);

    const pulled = await pull('good');
    assert.equal(pulled.status, 0, pulled.stderr);
    assert.match(pulled.stdout, /rules-demo: 1 rules, content hash [0-9a-f]{16}… verified/);
    assert.match(pulled.stdout, /rules-demo: ed25519 signature verified against the pinned key/);
    assert.equal(readFileSync(installed(), 'utf8'), DEMO);
    rmSync(installed());
  });

  const refusals: Array<[string, string, string, RegExp]> = [
    ['a rule file altered after signing', 'tampered', keys.publicKeyHex, /content hash [0-9a-f]+ differs/],
    ['a signature by a key other than the pinned one', 'forged', keys.publicKeyHex, /signature does not verify/],
    ['a hub whose key is not pinned', 'good', generateHubKeyPair().publicKeyHex, /is not the pinned key/],
  ];
  for (const [name, hub, key, message] of refusals) {
    test(`ssg hub pull refuses ${name} and writes nothing`, async () => {
      const refused = await pull(hub, 'rules-demo', key);
      assert.equal(refused.status, 1, refused.stdout);
      assert.match(refused.stderr, message);
      assert.equal(existsSync(installed()), false);
    });
  }

  test('the files: content types, revalidation with ETags, 404s that say what is missing', async () => {
    const manifest = await fetch(`${urls.good}/hub/manifest.json`);
    assert.equal(manifest.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(manifest.headers.get('cache-control'), REVALIDATE);
    const rules = await fetch(`${urls.good}/hub/rulesets/rules-demo.rules`);
    assert.equal(rules.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await rules.text(), DEMO);
    const again = await fetch(`${urls.good}/hub/rulesets/rules-demo.rules`, {
      headers: { 'if-none-match': rules.headers.get('etag')! },
    });
    assert.equal(again.status, 304);

    const empty = await fetch(`${urls.empty}/hub/manifest.json`);
    assert.equal(empty.status, 404);
    assert.match(((await empty.json()) as { message: string }).message, /no rule packs are published on this hub/);
    const missing = await fetch(`${urls.good}/hub/rulesets/nope.rules`);
    assert.equal(missing.status, 404);
    assert.match(((await missing.json()) as { message: string }).message, /no ruleset file rulesets\/nope\.rules/);
  });

  test('nothing outside the hub folder is served', async () => {
    writeFileSync(join(root, 'secret.rules'), 'rule secret {\n  LOG any\n}\n');
    for (const path of [
      '/hub/rulesets/../../secret.rules',
      '/hub/rulesets/%2e%2e/%2e%2e/secret.rules',
      '/hub/rulesets/..%2F..%2Fsecret.rules',
      '/hub/rulesets/rules-demo.rules%00.txt',
      '/hub/rulesets/.hidden.rules',
      '/hub/../good/manifest.json',
    ]) {
      assert.equal(await rawGet(urls.good!, path), 404, path);
    }
  });

  test('the folder: SSG_FLEET_HUB_DIR, else <data dir>/hub', () => {
    assert.equal(hubDirFrom({}, '/srv/fleet-data'), '/srv/fleet-data/hub');
    assert.equal(hubDirFrom({ SSG_FLEET_HUB_DIR: '/var/hub' }, '/srv/fleet-data'), '/var/hub');
  });
});
