// Fetches a hub's manifest and accepts it only when the signing key it names is the pinned one, so that
// a hub (or anyone between us and it) cannot swap in a key of its own.
import { fetchText } from './fetch-text';
import { hubError } from './hub-error';
import { manifestUrl } from './hub-url';
import { type HubManifest, parseManifest } from './manifest';
import type { PinnedKey } from './pinned-key';

export async function fetchTrustedManifest(
  hub: URL,
  pinned: PinnedKey,
  progress: (line: string) => void,
): Promise<HubManifest> {
  const url = manifestUrl(hub);
  progress(`hub: fetching ${url.href}`);
  const manifest = parseManifest(await fetchText(url, 'manifest'), url.href);
  const plural = manifest.rulesets.length === 1 ? '' : 's';
  progress(`hub: manifest version ${manifest.version}, ${manifest.rulesets.length} ruleset${plural}`);
  checkSigningKey(manifest, pinned);
  progress(`hub: signing key ${short(pinned.fingerprint)} matches the pinned key`);
  return manifest;
}

export function checkSigningKey(manifest: HubManifest, pinned: PinnedKey): void {
  const named = manifest.signing_key;
  if (named.public_key_hex !== pinned.derHex || named.fingerprint !== pinned.fingerprint)
    throw hubError(
      `the hub's signing key (fingerprint ${short(named.fingerprint)}) is not the pinned key (${short(pinned.fingerprint)})`,
      'nothing was installed; if you run your own hub, set SSG_HUB_PUBLIC_KEY to its public key (DER SPKI hex)',
    );
}

export const short = (hex: string): string => hex.slice(0, 16);
