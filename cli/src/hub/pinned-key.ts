// The one key whose signatures `ssg hub pull` accepts. The hub's manifest names its signing key too, but a key
// that arrives with the content proves nothing: the manifest's key must match this pinned one, and signatures
// are always checked against the pinned key. SSG_HUB_PUBLIC_KEY replaces it for tests and self-hosted hubs.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { hubError } from './hub-error';
import { sha256Hex } from '@ssg/node/hub/content-hash';

/** Ed25519 public key of the ssg hub, DER SPKI in hex (docs/hub.md: who holds the private half). */
export const SHIPPED_HUB_PUBLIC_KEY =
  '302a300506032b6570032100a3da6cba6ade79de9b4d11fa2c98b2844ce4f160a6ba981f0ce1159bafa3513a';

export interface PinnedKey {
  /** DER SPKI, lowercase hex. */
  derHex: string;
  /** SHA-256 of the DER bytes, lowercase hex: what a manifest's `signing_key.fingerprint` must say. */
  fingerprint: string;
  key: KeyObject;
}

export function pinnedHubKey(env: NodeJS.ProcessEnv = process.env): PinnedKey {
  const fromEnv = env.SSG_HUB_PUBLIC_KEY?.trim();
  const derHex = (fromEnv || SHIPPED_HUB_PUBLIC_KEY).toLowerCase();
  const key = ed25519KeyFromHex(derHex);
  if (!key)
    throw hubError(
      'SSG_HUB_PUBLIC_KEY is not an Ed25519 public key in DER SPKI hex',
      "set it to the hub's public key (e.g. 302a300506032b6570032100…) or unset it to use the built-in key",
    );
  return { derHex, fingerprint: keyFingerprint(derHex), key };
}

export const keyFingerprint = (derHex: string): string => sha256Hex(Buffer.from(derHex, 'hex'));

function ed25519KeyFromHex(derHex: string): KeyObject | undefined {
  if (!/^([0-9a-f]{2})+$/.test(derHex)) return undefined;
  try {
    const key = createPublicKey({ key: Buffer.from(derHex, 'hex'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : undefined;
  } catch {
    return undefined;
  }
}
