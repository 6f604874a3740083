#!/usr/bin/env node
// Signs a rules hub folder for `ssg hub pull` (hub/hub-signing.ts says what is signed), or makes a signing key.
//   node --import tsx fleet/src/hub-sign.ts --key <private-key.pem> [--hub-dir resources/hub]
//   node --import tsx fleet/src/hub-sign.ts --generate-key <private-key.pem>
// The fleet serves <data dir>/hub (routes/rules-hub.ts); the repository's own content is resources/hub. The
// private key never goes into the repository (docs/hub.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { HubSigningError, hubSigningKey, signHubFolder, writeNewHubKey } from './hub/hub-signing';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      'generate-key': { type: 'string' },
      'hub-dir': { type: 'string', default: 'resources/hub' },
    },
  });
  if (values['generate-key']) {
    const path = resolve(values['generate-key']);
    const { publicKeyHex } = writeNewHubKey(path);
    console.log(`private key: ${path} (keep it out of the repository)`);
    console.log(`public key (DER SPKI hex, pin this): ${publicKeyHex}`);
    return;
  }
  if (!values.key) throw new HubSigningError('pass --key <private-key.pem> to sign, or --generate-key <path>');
  const keyPath = resolve(values.key);
  const key = hubSigningKey(readFileSync(keyPath), keyPath);
  const hubDir = resolve(values['hub-dir']);
  const signed = await signHubFolder(hubDir, key, {
    // Formatted as the repository's prettier settings say, so that signing never leaves it failing `npm run lint`.
    format: async (json, manifestPath) =>
      prettier.format(json, { ...(await prettier.resolveConfig(manifestPath)), filepath: manifestPath }),
  });
  for (const ruleset of signed) {
    console.log(`${ruleset.id}: ${ruleset.ruleCount} rules, sha256 ${ruleset.contentHash}`);
  }
  console.log(`signed ${resolve(hubDir, 'manifest.json')} with key ${key.fingerprint.slice(0, 16)}`);
}

main().catch((error: unknown) => {
  console.error(`hub-sign: ${(error as Error).message}`);
  process.exit(1);
});
