import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseManifest } from '../src/hub/manifest';
import { pinnedHubKey } from '../src/hub/pinned-key';
import { checkSigningKey } from '../src/hub/trusted-manifest';
import { verifyRuleset } from '../src/hub/verify-ruleset';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(root, 'cli', 'scripts', 'hub-sign.mjs');

describe('cli/scripts/hub-sign.mjs', () => {
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

  const sign = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, encoding: 'utf8' });

  const generate = (): string => {
    const result = sign('--generate-key', keyPath);
    assert.equal(result.status, 0, result.stderr);
    return /pin this\): ([0-9a-f]+)/.exec(result.stdout)![1]!;
  };

  it('generates a private key readable only by its owner and signs a hub that then verifies', () => {
    const publicKey = generate();
    assert.equal(statSync(keyPath).mode & 0o777, 0o600);
    const signed = sign('--key', keyPath, '--hub-dir', hubDir);
    assert.equal(signed.status, 0, signed.stderr);

    const manifestPath = join(hubDir, 'manifest.json');
    const manifest = parseManifest(readFileSync(manifestPath, 'utf8'), manifestPath);
    const pinned = pinnedHubKey({ SSG_HUB_PUBLIC_KEY: publicKey });
    checkSigningKey(manifest, pinned);
    for (const entry of manifest.rulesets) {
      const verified = verifyRuleset(readFileSync(join(hubDir, entry.rules_path), 'utf8'), entry, pinned);
      assert.equal(verified.ruleCount, entry.rule_count);
    }
  });

  it('is idempotent: signing twice with the same key changes nothing', () => {
    generate();
    sign('--key', keyPath, '--hub-dir', hubDir);
    const first = readFileSync(join(hubDir, 'manifest.json'), 'utf8');
    sign('--key', keyPath, '--hub-dir', hubDir);
    assert.equal(readFileSync(join(hubDir, 'manifest.json'), 'utf8'), first);
  });

  const refusals: {
    name: string;
    args: () => string[];
    setup?: () => void;
    error: RegExp;
    afterwards?: () => void;
  }[] = [
    { name: 'no arguments', args: () => [], error: /pass --key/ },
    {
      name: 'overwriting an existing key',
      setup: () => writeFileSync(keyPath, 'keep me'),
      args: () => ['--generate-key', keyPath],
      error: /exists; refusing to overwrite a key/,
      afterwards: () => assert.equal(readFileSync(keyPath, 'utf8'), 'keep me'),
    },
    {
      name: 'a ruleset with a malformed rule',
      setup: () => {
        generate();
        writeFileSync(join(hubDir, 'rulesets', 'rules-secrets.rules'), 'rule broken {\n  DENY nowhere\n}\n');
      },
      args: () => ['--key', keyPath, '--hub-dir', hubDir],
      error: /rulesets\/rules-secrets\.rules:2:/,
    },
  ];
  for (const { name, args, setup, error, afterwards } of refusals) {
    it(`refuses ${name}`, () => {
      setup?.();
      const before = readFileSync(join(hubDir, 'manifest.json'), 'utf8');
      const result = sign(...args());
      assert.equal(result.status, 1);
      assert.match(result.stderr, error);
      assert.equal(readFileSync(join(hubDir, 'manifest.json'), 'utf8'), before);
      afterwards?.();
    });
  }
});
