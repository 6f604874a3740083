// Signing a rules hub the way `ssg hub pull` verifies it (docs/hub.md, "What is verified"): for every ruleset of
// <hub>/manifest.json, the rule count, the SHA-256 of the canonical content (@ssg/node/hub/content-hash, the code
// the CLI checks with) and an Ed25519 signature of that content; and the manifest names the signing key (DER SPKI
// hex and its SHA-256 fingerprint), which the CLI compares with the key it pins. A ruleset with a malformed rule is
// refused: its text would not be covered by the signature. Re-signing unchanged content changes nothing (Ed25519
// signatures are deterministic and unchanged rulesets keep their updated_at).
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@ssg/node/atomic-write';
import { canonicalContent, sha256Hex } from '@ssg/node/hub/content-hash';

export class HubSigningError extends Error {
  override readonly name = 'HubSigningError';
}

export interface HubSigningKey {
  privateKey: KeyObject;
  /** DER SPKI of the public half, lowercase hex: what the CLI pins (SSG_HUB_PUBLIC_KEY). */
  publicKeyHex: string;
  /** SHA-256 of the DER bytes, lowercase hex. */
  fingerprint: string;
}

/** The rulesets' files live under rulesets/, in names the fleet's hub route serves (routes/rules-hub.ts). */
export const RULES_PATH = /^rulesets\/(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.rules$/;
const RULESET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function hubSigningKey(pem: string | Buffer, source: string): HubSigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch (error) {
    throw new HubSigningError(`${source} is not a private key (${(error as Error).message})`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new HubSigningError(`${source} is not an Ed25519 private key`);
  const publicKeyHex = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('hex');
  return { privateKey, publicKeyHex, fingerprint: sha256Hex(Buffer.from(publicKeyHex, 'hex')) };
}

/** A new key pair: the private half as PKCS#8 PEM (keep it offline), the public half to pin. */
export function generateHubKeyPair(): { privateKeyPem: string; publicKeyHex: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyHex: publicKey.export({ type: 'spki', format: 'der' }).toString('hex'),
  };
}

/** Writes a new private key to `path` (owner-only), refusing to replace one. */
export function writeNewHubKey(path: string): { publicKeyHex: string } {
  if (existsSync(path)) throw new HubSigningError(`${path} exists; refusing to overwrite a key`);
  const { privateKeyPem, publicKeyHex } = generateHubKeyPair();
  writeFileAtomic(path, privateKeyPem, { mode: 0o600 });
  return { publicKeyHex };
}

export interface SignedRuleset {
  id: string;
  rulesPath: string;
  ruleCount: number;
  contentHash: string;
}

export interface SignHubOptions {
  now?: () => number;
  /** Turns the manifest's JSON into the text written (the repository's copy is formatted for `npm run lint`). */
  format?: (json: string, manifestPath: string) => Promise<string> | string;
}

type Json = Record<string, unknown>;

/** Signs <hubDir>/manifest.json in place (atomically); nothing is written when any ruleset is refused. */
export async function signHubFolder(
  hubDir: string,
  key: HubSigningKey,
  { now = Date.now, format = (json) => `${JSON.stringify(JSON.parse(json), null, 2)}\n` }: SignHubOptions = {},
): Promise<SignedRuleset[]> {
  const manifestPath = join(hubDir, 'manifest.json');
  let manifest: Json;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Json;
  } catch (error) {
    throw new HubSigningError(`cannot read ${manifestPath}: ${(error as Error).message}`);
  }
  if (!Array.isArray(manifest.rulesets)) throw new HubSigningError(`${manifestPath}: rulesets must be an array`);
  const stamp = new Date(now()).toISOString();
  let changed = (manifest.signing_key as Json | undefined)?.public_key_hex !== key.publicKeyHex;
  const signed: SignedRuleset[] = [];
  const seen = new Set<string>();
  for (const ruleset of manifest.rulesets as Json[]) {
    const { id, rules_path: rulesPath } = ruleset;
    if (typeof id !== 'string' || !RULESET_ID.test(id)) {
      throw new HubSigningError(`ruleset id ${JSON.stringify(id)} must be letters, digits, ".", "_" or "-"`);
    }
    if (seen.has(id)) throw new HubSigningError(`ruleset id ${id} appears twice`);
    seen.add(id);
    if (typeof rulesPath !== 'string' || !RULES_PATH.test(rulesPath)) {
      throw new HubSigningError(
        `${id}: rules_path ${JSON.stringify(rulesPath)} must be rulesets/<name>.rules (the hub serves nothing else)`,
      );
    }
    const canonical = canonicalContent(readFileSync(join(hubDir, rulesPath), 'utf8'));
    const [error] = canonical.errors;
    if (error) throw new HubSigningError(`${rulesPath}:${error.line}:${error.column}: ${error.message}`);
    const contentHash = sha256Hex(canonical.text);
    if (ruleset.content_hash !== contentHash) {
      ruleset.updated_at = stamp;
      changed = true;
    }
    ruleset.rule_count = canonical.ruleCount;
    ruleset.content_hash = contentHash;
    ruleset.content_signature = sign(null, Buffer.from(canonical.text, 'utf8'), key.privateKey).toString('hex');
    signed.push({ id, rulesPath, ruleCount: canonical.ruleCount, contentHash });
  }
  manifest.signing_key = { fingerprint: key.fingerprint, alg: 'ed25519', public_key_hex: key.publicKeyHex };
  if (changed || typeof manifest.updated_at !== 'string') manifest.updated_at = stamp;
  manifest.version ??= 1;
  writeFileAtomic(manifestPath, await format(JSON.stringify(manifest), manifestPath));
  return signed;
}
