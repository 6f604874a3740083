// `ssg-fleet hub-sign`: signs a rules hub folder for `ssg hub pull` (hub/hub-signing.ts says what is signed), or
// makes a signing key. The fleet serves SSG_FLEET_HUB_DIR, else <data dir>/hub (routes/rules-hub.ts), and that is
// the folder signed unless --hub-dir names another; the repository's own content is resources/hub. The private
// key never goes into the repository (docs/hub.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hubSigningKey, signHubFolder, writeNewHubKey } from '../hub/hub-signing';
import { hubDirFrom } from '../routes/rules-hub';
import { fleetConfig } from '../server/fleet-config';
import { type FleetCommand, UsageError } from './fleet-command';

export const hubSign: FleetCommand = {
  usage: '--key <private-key.pem> [--hub-dir <dir>] | --generate-key <path>',
  summary: "sign the rules hub's manifest for ssg hub pull, or make an Ed25519 signing key",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        key: { type: 'string' },
        'generate-key': { type: 'string' },
        'hub-dir': { type: 'string' },
      },
    });
    if (values['generate-key'] !== undefined) {
      if (values.key !== undefined || values['hub-dir'] !== undefined) {
        throw new UsageError('--generate-key makes a key and signs nothing: pass it alone');
      }
      const path = resolve(values['generate-key']);
      const { publicKeyHex } = writeNewHubKey(path);
      console.log(`private key: ${path} (keep it out of the repository)`);
      console.log(`public key (DER SPKI hex, pin this): ${publicKeyHex}`);
      return;
    }
    if (values.key === undefined)
      throw new UsageError('pass --key <private-key.pem> to sign, or --generate-key <path>');
    const keyPath = resolve(values.key);
    const key = hubSigningKey(readFileSync(keyPath), keyPath);
    const hubDir = resolve(values['hub-dir'] ?? hubDirFrom(process.env, fleetConfig(process.env).dataDir));
    const signed = await signHubFolder(hubDir, key, {
      // Formatted as the repository's prettier settings say, so that signing never leaves it failing `npm run lint`.
      // Loaded here only: the other commands (serving above all) start without it.
      format: async (json, manifestPath) => {
        const prettier = await import('prettier');
        return prettier.format(json, { ...(await prettier.resolveConfig(manifestPath)), filepath: manifestPath });
      },
    });
    for (const ruleset of signed) {
      console.log(`${ruleset.id}: ${ruleset.ruleCount} rules, sha256 ${ruleset.contentHash}`);
    }
    console.log(`signed ${resolve(hubDir, 'manifest.json')} with key ${key.fingerprint.slice(0, 16)}`);
  },
};
