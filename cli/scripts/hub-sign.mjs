#!/usr/bin/env node
// Signs a hub folder: for every ruleset listed in <hub-dir>/manifest.json, computes rule_count, content_hash
// and the Ed25519 content_signature (packages/node/src/hub/content-hash.ts says what is hashed), and names the signing
// key. A ruleset with a malformed rule is refused: its text would not be covered by the signature.
// Unchanged rulesets keep their updated_at (Ed25519 signatures are deterministic), so re-signing is idempotent.
//
// Usage:
//   node --import tsx cli/scripts/hub-sign.mjs --key <private-key.pem> [--hub-dir resources/hub]
//   node --import tsx cli/scripts/hub-sign.mjs --generate-key <private-key.pem>
// The private key never goes into the repository (docs/hub.md).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { canonicalContent } from '@ssg/node/hub/content-hash';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    'generate-key': { type: 'string' },
    'hub-dir': { type: 'string', default: 'resources/hub' },
  },
});

if (values['generate-key']) generateKey(resolve(values['generate-key']));
else if (values.key) await signHub(resolve(values['hub-dir']), resolve(values.key));
else fail('pass --key <private-key.pem> to sign, or --generate-key <path> to create a key pair');

function generateKey(path) {
  if (existsSync(path)) fail(`${path} exists; refusing to overwrite a key`);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  console.log(`private key: ${path} (keep it out of the repository)`);
  console.log(`public key (DER SPKI hex, pin this): ${spkiHex(publicKey)}`);
}

async function signHub(hubDir, keyPath) {
  const privateKey = createPrivateKey(readFileSync(keyPath));
  if (privateKey.asymmetricKeyType !== 'ed25519') fail(`${keyPath} is not an Ed25519 private key`);
  const publicKeyHex = spkiHex(createPublicKey(privateKey));
  const manifestPath = join(hubDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const now = new Date().toISOString();
  let changed = manifest.signing_key?.public_key_hex !== publicKeyHex;
  for (const ruleset of manifest.rulesets) {
    const canonical = canonicalContent(readFileSync(join(hubDir, ruleset.rules_path), 'utf8'));
    const [error] = canonical.errors;
    if (error) fail(`${ruleset.rules_path}:${error.line}:${error.column}: ${error.message}`);
    const contentHash = createHash('sha256').update(canonical.text).digest('hex');
    if (ruleset.content_hash !== contentHash) {
      ruleset.updated_at = now;
      changed = true;
    }
    ruleset.rule_count = canonical.ruleCount;
    ruleset.content_hash = contentHash;
    ruleset.content_signature = sign(null, Buffer.from(canonical.text, 'utf8'), privateKey).toString('hex');
    console.log(`${ruleset.id}: ${canonical.ruleCount} rules, sha256 ${contentHash}`);
  }
  manifest.signing_key = {
    fingerprint: createHash('sha256').update(Buffer.from(publicKeyHex, 'hex')).digest('hex'),
    alg: 'ed25519',
    public_key_hex: publicKeyHex,
  };
  if (changed) manifest.updated_at = now;
  // Formatted as `npm run lint` expects, so that signing never leaves the repository unformatted.
  const options = { ...(await prettier.resolveConfig(manifestPath)), filepath: manifestPath };
  writeFileSync(manifestPath, await prettier.format(JSON.stringify(manifest), options));
  console.log(`signed ${manifestPath} with key ${manifest.signing_key.fingerprint.slice(0, 16)}`);
}

function spkiHex(publicKey) {
  return publicKey.export({ type: 'spki', format: 'der' }).toString('hex');
}

function fail(message) {
  console.error(`hub-sign: ${message}`);
  process.exit(1);
}
