// Our own hub content (resources/hub): the manifest must verify against the key pinned in the code, and every
// ruleset must parse and lint clean, so that re-signing after an edit (`ssg-fleet hub-sign`) is never forgotten.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lintRules, parseRules } from '@ssg/engine/node';
import { resourcesDir } from '@ssg/node/resources';
import { parseManifest } from './manifest';
import { pinnedHubKey, SHIPPED_HUB_PUBLIC_KEY } from './pinned-key';
import { checkSigningKey } from './trusted-manifest';
import { verifyRuleset } from './verify-ruleset';

const hubDir = join(resourcesDir(), 'hub');
const manifestPath = join(hubDir, 'manifest.json');
const manifest = parseManifest(readFileSync(manifestPath, 'utf8'), manifestPath);
const pinned = pinnedHubKey({});

describe('shipped hub content', () => {
  it('names the pinned key as its signing key', () => {
    assert.equal(pinned.derHex, SHIPPED_HUB_PUBLIC_KEY);
    checkSigningKey(manifest, pinned);
  });

  it('ships rules-nemoclaw and at least one more free ruleset', () => {
    const ids = manifest.rulesets.map((entry) => entry.id);
    assert.ok(ids.includes('rules-nemoclaw'));
    assert.ok(ids.length >= 2);
    for (const entry of manifest.rulesets) assert.equal(entry.required_tier, 'free');
  });

  for (const entry of manifest.rulesets) {
    describe(entry.id, () => {
      const path = join(hubDir, entry.rules_path);
      const text = readFileSync(path, 'utf8');

      it('verifies: content hash and signature against the pinned key, and the listed rule count', () => {
        const verified = verifyRuleset(text, entry, pinned);
        assert.equal(verified.ruleCount, entry.rule_count);
      });

      it('parses and lints without a single finding', () => {
        const parsed = parseRules(text, path);
        assert.deepEqual(parsed.diagnostics, []);
        assert.deepEqual(lintRules([parsed]), []);
        assert.ok(parsed.rules.every((rule) => rule.id.startsWith(`${entry.id.replace(/^rules-/, '')}-`)));
      });
    });
  }
});
