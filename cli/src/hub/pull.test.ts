import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { CliError } from '../cli/errors';
import { resolveHubUrl } from './hub-url';
import { LocalHub, manifestFor, newKeyPair, pinnedFor, signedEntry, type TestKeyPair } from './local-hub.testing';
import type { HubManifest } from './manifest';
import { type PullOptions, pullRuleset } from './pull';

const RULES = `# a small ruleset
rule block-rm {
  DENY execution
  IF command CONTAINS "rm -rf /"
  MESSAGE "no"
}

rule ask-push {
  ASK execution
  IF command STARTS_WITH "git push"
}
`;

describe('pullRuleset', () => {
  const hub = new LocalHub();
  let keys: TestKeyPair;
  let installRoot: string;
  let installDir: string;
  let lines: string[];

  before(async () => {
    keys = newKeyPair();
    await hub.start();
  });
  after(() => hub.stop());
  beforeEach(() => {
    hub.publish(keys, { 'rules-demo': RULES });
    installRoot = mkdtempSync(join(tmpdir(), 'ssg-hub-install-'));
    installDir = join(installRoot, 'rules', 'hub');
    lines = [];
  });
  afterEach(() => rmSync(installRoot, { recursive: true, force: true }));

  const pull = (overrides: Partial<PullOptions> = {}) =>
    pullRuleset({
      rulesetId: 'rules-demo',
      hub: resolveHubUrl(hub.url),
      pinned: pinnedFor(keys),
      installDir,
      dryRun: false,
      progress: (line) => lines.push(line),
      ...overrides,
    });

  const republish = (edit: (manifest: HubManifest) => void): void => {
    const manifest = manifestFor(keys, [signedEntry('rules-demo', RULES, keys)]);
    edit(manifest);
    hub.write('manifest.json', JSON.stringify(manifest));
  };

  it('writes a verified ruleset with the served contents and reports each check', async () => {
    const result = await pull();
    assert.equal(result.outcome, 'written');
    assert.equal(result.path, join(installDir, 'rules-demo.rules'));
    assert.equal(readFileSync(result.path, 'utf8'), RULES);
    assert.match(lines.join('\n'), /matches the pinned key/);
    assert.match(lines.join('\n'), /2 rules, content hash [0-9a-f]{16}… verified/);
    assert.match(lines.join('\n'), /signature verified/);
  });

  it('is idempotent: a second pull of the same content writes nothing', async () => {
    await pull();
    const second = await pull();
    assert.equal(second.outcome, 'unchanged');
    assert.equal(readFileSync(second.path, 'utf8'), RULES);
    assert.deepEqual(readdirSync(installDir), ['rules-demo.rules']);
  });

  it('replaces an older installed version', async () => {
    await pull();
    const newer = RULES.replace('MESSAGE "no"', 'MESSAGE "never"');
    hub.publish(keys, { 'rules-demo': newer });
    assert.equal((await pull()).outcome, 'written');
    assert.equal(readFileSync(join(installDir, 'rules-demo.rules'), 'utf8'), newer);
  });

  it('--dry-run verifies everything and writes nothing', async () => {
    const result = await pull({ dryRun: true });
    assert.equal(result.outcome, 'dry-run');
    assert.match(lines.join('\n'), /signature verified/);
    assert.equal(existsSync(installRoot) && readdirSync(installRoot).length, 0);
  });

  const refusals: { name: string; setup: () => void; pinned?: () => TestKeyPair; error: RegExp }[] = [
    {
      name: 'content altered after signing (hash mismatch)',
      setup: () => hub.write('rulesets/rules-demo.rules', RULES.replace('rm -rf /', 'rm -rf /tmp')),
      error: /ruleset rules-demo refused: its content hash [0-9a-f]{64} differs/,
    },
    {
      name: 'hash updated to the altered content but the signature not (bad signature)',
      setup: () => {
        const altered = RULES.replace('rm -rf /', 'rm -rf /tmp');
        hub.write('rulesets/rules-demo.rules', altered);
        republish((manifest) => {
          const forged = signedEntry('rules-demo', altered, keys);
          manifest.rulesets[0]!.content_hash = forged.content_hash;
        });
      },
      error: /refused: its signature does not verify against the pinned key/,
    },
    {
      name: 'a well-formed but wrong signature',
      setup: () => republish((manifest) => (manifest.rulesets[0]!.content_signature = '0'.repeat(128))),
      error: /signature does not verify/,
    },
    {
      name: 'content and manifest signed by another key that the manifest names',
      setup: () => hub.publish(newKeyPair(), { 'rules-demo': RULES }),
      error: /the hub's signing key \(fingerprint [0-9a-f]{16}\) is not the pinned key/,
    },
    {
      name: 'signed by another key while the manifest names the pinned key',
      setup: () => {
        const other = newKeyPair();
        hub.write('manifest.json', JSON.stringify(manifestFor(keys, [signedEntry('rules-demo', RULES, other)])));
      },
      error: /signature does not verify against the pinned key/,
    },
    {
      name: 'signing_key fingerprint differs from the pinned one',
      setup: () => republish((manifest) => (manifest.signing_key.fingerprint = 'a'.repeat(64))),
      error: /is not the pinned key/,
    },
    {
      name: 'missing ruleset',
      setup: () => hub.publish(keys, { 'rules-other': RULES }),
      error: /the hub has no ruleset 'rules-demo' \(it has: rules-other\)/,
    },
    {
      name: 'ruleset file missing on the hub',
      setup: () => republish((manifest) => (manifest.rulesets[0]!.rules_path = 'rulesets/gone.rules')),
      error: /cannot fetch the ruleset rules-demo from http:\/\/127\.0\.0\.1:\d+\/rulesets\/gone\.rules: HTTP 404/,
    },
    {
      name: 'rules_path pointing at another host',
      setup: () => republish((manifest) => (manifest.rulesets[0]!.rules_path = 'http://169.254.169.254/x.rules')),
      error: /rules_path 'http:\/\/169\.254\.169\.254\/x\.rules' points outside the hub/,
    },
    {
      name: 'tier that needs a license',
      setup: () => republish((manifest) => (manifest.rulesets[0]!.required_tier = 'team')),
      error: /requires the 'team' tier, and this version of ssg cannot check licenses yet/,
    },
    {
      name: 'malformed manifest (field missing)',
      setup: () => republish((manifest) => delete (manifest as Partial<HubManifest>).rulesets),
      error: /manifest at .* is malformed: rulesets must be an array/,
    },
    {
      name: 'manifest that is not JSON',
      setup: () => hub.write('manifest.json', '<html>nope</html>'),
      error: /is not valid JSON/,
    },
    {
      name: 'a malformed rule appended to the signed content',
      setup: () => hub.write('rulesets/rules-demo.rules', `${RULES}\nrule broken {\n  DENY nowhere\n}\n`),
      error: /refused: 1 malformed rule\(s\), first at line \d+/,
    },
  ];

  for (const { name, setup, error } of refusals) {
    it(`refuses and writes nothing: ${name}`, async () => {
      setup();
      await assert.rejects(pull(), (thrown: unknown) => {
        assert.ok(thrown instanceof CliError);
        assert.match(thrown.message, error);
        return true;
      });
      assert.equal(existsSync(installDir), false);
    });
  }

  it('keeps the installed version when a later pull is refused', async () => {
    await pull();
    hub.write('rulesets/rules-demo.rules', RULES.replace('rm -rf /', 'rm -rf /tmp'));
    await assert.rejects(pull(), /content hash/);
    assert.equal(readFileSync(join(installDir, 'rules-demo.rules'), 'utf8'), RULES);
  });

  it('reports a network error in words', async () => {
    const closed = new LocalHub();
    await closed.start();
    const url = closed.url;
    await closed.stop();
    await assert.rejects(pull({ hub: resolveHubUrl(url) }), /cannot fetch the manifest from .*: connection refused/);
  });
});
