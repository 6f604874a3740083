// `ssg-fleet hub-sign`, run as a person runs it: makes a key, signs a copy of the repository's hub content, and the
// result, served by the fleet's hub route, is what the built `ssg hub pull` accepts with that key pinned. Signing
// again changes nothing; a refused run leaves the manifest as it was; without --hub-dir it signs the hub folder the
// fleet serves.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { rulesHubRoutes } from '../routes/rules-hub';
import { buildFleetApp } from '../server/fleet-app';
import { fleetConfig } from '../server/fleet-config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const main = join(root, 'fleet', 'src', 'main.ts');

describe('ssg-fleet hub-sign', () => {
  let work: string;
  let hubDir: string;
  let keyPath: string;

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'ssg-hub-sign-'));
    hubDir = join(work, 'hub');
    keyPath = join(work, 'hub.key');
    cpSync(join(root, 'resources', 'hub'), hubDir, { recursive: true });
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  const sign = (...args: string[]) => run({}, ...args);
  const run = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', main, 'hub-sign', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  const generate = (): string => {
    const result = sign('--generate-key', keyPath);
    assert.equal(result.status, 0, result.stderr);
    return /pin this\): ([0-9a-f]+)/.exec(result.stdout)![1]!;
  };

  it('makes an owner-only key and signs the hub content so that ssg hub pull accepts every ruleset', async () => {
    const publicKey = generate();
    assert.equal(statSync(keyPath).mode & 0o777, 0o600);
    const signed = sign('--key', keyPath, '--hub-dir', hubDir);
    assert.equal(signed.status, 0, signed.stderr);
    assert.match(signed.stdout, /rules-nemoclaw: \d+ rules, sha256 [0-9a-f]{64}/);

    ensureBuilt();
    const app = await buildFleetApp({ config: fleetConfig({}, work), routes: [rulesHubRoutes({ hubDir })] });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const workspace = new Workspace();
    try {
      const hub = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/hub/`;
      const manifest = JSON.parse(readFileSync(join(hubDir, 'manifest.json'), 'utf8')) as {
        rulesets: { id: string }[];
      };
      for (const { id } of manifest.rulesets) {
        const pulled = await workspace.runAsync(['hub', 'pull', id, '--dry-run', '--hub', hub], {
          env: { SSG_HUB_PUBLIC_KEY: publicKey },
        });
        assert.equal(pulled.status, 0, pulled.stderr);
        assert.match(pulled.stdout, new RegExp(`${id}: ed25519 signature verified against the pinned key`));
      }
    } finally {
      workspace.cleanup();
      await app.close();
    }
  });

  it('is idempotent: signing twice with the same key changes nothing', () => {
    generate();
    sign('--key', keyPath, '--hub-dir', hubDir);
    const first = readFileSync(join(hubDir, 'manifest.json'), 'utf8');
    assert.equal(sign('--key', keyPath, '--hub-dir', hubDir).status, 0);
    assert.equal(readFileSync(join(hubDir, 'manifest.json'), 'utf8'), first);
  });

  it('signs the hub folder the fleet serves when no --hub-dir is given', () => {
    generate();
    for (const [env, folder] of [
      [{ SSG_FLEET_HUB_DIR: hubDir }, hubDir],
      [{ SSG_FLEET_DATA_DIR: work, SSG_FLEET_HUB_DIR: '' }, hubDir],
    ] as const) {
      const signed = run(env, '--key', keyPath);
      assert.equal(signed.status, 0, signed.stderr);
      assert.ok(signed.stdout.includes(`signed ${join(folder, 'manifest.json')} with key `), signed.stdout);
    }
  });

  const refusals: {
    name: string;
    args: () => string[];
    setup?: () => void;
    /** 2 for a usage mistake, 1 for a refusal. */
    status: 1 | 2;
    error: RegExp;
    afterwards?: () => void;
  }[] = [
    { name: 'no arguments', args: () => [], status: 2, error: /pass --key[^]*usage: ssg-fleet hub-sign --key/ },
    { name: 'an unknown option', args: () => ['--keys', keyPath], status: 2, error: /Unknown option '--keys'/ },
    {
      name: '--generate-key with a key to sign with',
      args: () => ['--generate-key', join(work, 'other.key'), '--key', keyPath],
      status: 2,
      error: /--generate-key makes a key and signs nothing: pass it alone/,
    },
    {
      name: 'overwriting an existing key',
      setup: () => writeFileSync(keyPath, 'keep me'),
      args: () => ['--generate-key', keyPath],
      status: 1,
      error: /exists; refusing to overwrite a key/,
      afterwards: () => assert.equal(readFileSync(keyPath, 'utf8'), 'keep me'),
    },
    {
      name: 'a key that is not Ed25519',
      setup: () => writeFileSync(keyPath, 'not a key'),
      args: () => ['--key', keyPath, '--hub-dir', hubDir],
      status: 1,
      error: /is not a private key/,
    },
    {
      name: 'a ruleset with a malformed rule',
      setup: () => {
        generate();
        writeFileSync(join(hubDir, 'rulesets', 'rules-secrets.rules'), 'rule broken {\n  DENY nowhere\n}\n');
      },
      args: () => ['--key', keyPath, '--hub-dir', hubDir],
      status: 1,
      error: /rulesets\/rules-secrets\.rules:2:/,
    },
    {
      name: 'a rules_path the hub would not serve',
      setup: () => {
        generate();
        const path = join(hubDir, 'manifest.json');
        writeFileSync(path, readFileSync(path, 'utf8').replace('"rulesets/rules-secrets.rules"', '"../x.rules"'));
      },
      args: () => ['--key', keyPath, '--hub-dir', hubDir],
      status: 1,
      error: /rules-secrets: rules_path "\.\.\/x\.rules" must be rulesets\/<name>\.rules/,
    },
  ];
  for (const { name, args, setup, status, error, afterwards } of refusals) {
    it(`refuses ${name}`, () => {
      setup?.();
      const before = readFileSync(join(hubDir, 'manifest.json'), 'utf8');
      const result = sign(...args());
      assert.equal(result.status, status, result.stderr);
      assert.match(result.stderr, error);
      assert.equal(readFileSync(join(hubDir, 'manifest.json'), 'utf8'), before);
      afterwards?.();
    });
  }
});
