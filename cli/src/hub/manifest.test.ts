import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { manifestFor, newKeyPair, signedEntry } from './local-hub.testing';
import { parseManifest } from './manifest';

const keys = newKeyPair();
const valid = (): Record<string, unknown> =>
  JSON.parse(JSON.stringify(manifestFor(keys, [signedEntry('rules-demo', 'rule a {\n}\n', keys)])));

describe('parseManifest', () => {
  it('accepts a valid manifest and ignores unknown fields', () => {
    const manifest = valid();
    manifest.extra = { anything: true };
    const parsed = parseManifest(JSON.stringify(manifest), 'https://hub/manifest.json');
    assert.equal(parsed.rulesets[0]!.id, 'rules-demo');
    assert.equal(parsed.signing_key.alg, 'ed25519');
    assert.equal('extra' in parsed, false);
  });

  const notObjects: { name: string; document: unknown }[] = [
    { name: 'an array', document: [1, 2] },
    { name: 'null', document: null },
    { name: 'a string', document: 'manifest' },
  ];
  for (const { name, document } of notObjects) {
    it(`rejects a manifest that is ${name}`, () => {
      assert.throws(() => parseManifest(JSON.stringify(document), 'https://hub/m'), /the manifest must be an object/);
    });
  }

  // `edit` changes a valid manifest in place (whatever it returns is ignored). The manifest is untyped on
  // purpose: the cases write values of the wrong type and delete required fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Untyped = Record<string, any>;
  const broken: { name: string; edit: (manifest: Untyped) => unknown; error: RegExp }[] = [
    { name: 'version missing', edit: (m) => delete m.version, error: /version must be a string or a number/ },
    { name: 'updated_at a number', edit: (m) => (m.updated_at = 5), error: /updated_at must be a string/ },
    { name: 'signing_key missing', edit: (m) => delete m.signing_key, error: /signing_key must be an object/ },
    { name: 'wrong alg', edit: (m) => (m.signing_key.alg = 'rsa'), error: /signing_key\.alg must be "ed25519"/ },
    {
      name: 'fingerprint not hex',
      edit: (m) => (m.signing_key.fingerprint = 'zz'),
      error: /signing_key\.fingerprint must be 64 lowercase hex digits/,
    },
    {
      name: 'public key odd length',
      edit: (m) => (m.signing_key.public_key_hex = 'abc'),
      error: /signing_key\.public_key_hex must be lowercase hex/,
    },
    { name: 'rulesets an object', edit: (m) => (m.rulesets = {}), error: /rulesets must be an array/ },
    { name: 'ruleset null', edit: (m) => (m.rulesets = [null]), error: /rulesets\[0\] must be an object/ },
    {
      name: 'id with a path separator',
      edit: (m) => (m.rulesets[0].id = '../../etc/evil'),
      error: /rulesets\[0\]\.id must be letters, digits/,
    },
    { name: 'id starting with a dot', edit: (m) => (m.rulesets[0].id = '.hidden'), error: /rulesets\[0\]\.id/ },
    { name: 'id too long', edit: (m) => (m.rulesets[0].id = 'a'.repeat(129)), error: /rulesets\[0\]\.id/ },
    {
      name: 'duplicate id',
      edit: (m) => m.rulesets.push({ ...m.rulesets[0] }),
      error: /rulesets\[1\]\.id must be unique \("rules-demo" appears twice\)/,
    },
    { name: 'empty rules_path', edit: (m) => (m.rulesets[0].rules_path = ''), error: /rulesets\[0\]\.rules_path/ },
    {
      name: 'technologies not strings',
      edit: (m) => (m.rulesets[0].technologies = [1]),
      error: /rulesets\[0\]\.technologies must be an array of strings/,
    },
    {
      name: 'negative rule_count',
      edit: (m) => (m.rulesets[0].rule_count = -1),
      error: /rulesets\[0\]\.rule_count must be a non-negative integer/,
    },
    {
      name: 'upper-case hash',
      edit: (m) => (m.rulesets[0].content_hash = m.rulesets[0].content_hash.toUpperCase()),
      error: /rulesets\[0\]\.content_hash must be 64 lowercase hex digits/,
    },
    {
      name: 'short signature',
      edit: (m) => (m.rulesets[0].content_signature = 'ab'),
      error: /rulesets\[0\]\.content_signature must be 128 lowercase hex digits/,
    },
    { name: 'tier missing', edit: (m) => delete m.rulesets[0].required_tier, error: /rulesets\[0\]\.required_tier/ },
    { name: 'title missing', edit: (m) => delete m.rulesets[0].title, error: /rulesets\[0\]\.title must be a string/ },
  ];

  for (const { name, edit, error } of broken) {
    it(`names the field at fault: ${name}`, () => {
      const manifest = valid();
      edit(manifest);
      assert.throws(() => parseManifest(JSON.stringify(manifest), 'https://hub/manifest.json'), error);
    });
  }

  const notJson = ['', '{', '<html></html>', '\u0000'];
  for (const text of notJson) {
    it(`rejects text that is not JSON: ${JSON.stringify(text)}`, () => {
      assert.throws(
        () => parseManifest(text, 'https://hub/manifest.json'),
        /https:\/\/hub\/manifest\.json is not valid JSON/,
      );
    });
  }
});
