// Test support: a hub served by node:http on 127.0.0.1 (random port) from a temp folder, with a fresh
// Ed25519 key pair and a manifest signed the way `ssg-fleet hub-sign` signs ours.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { canonicalContent, sha256Hex } from '@ssg/node/hub/content-hash';
import type { HubManifest, HubRuleset } from './manifest';
import { keyFingerprint, type PinnedKey, pinnedHubKey } from './pinned-key';

export interface TestKeyPair {
  privateKey: KeyObject;
  derHex: string;
}

export function newKeyPair(): TestKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { privateKey, derHex: publicKey.export({ type: 'spki', format: 'der' }).toString('hex') };
}

export const pinnedFor = (keys: TestKeyPair): PinnedKey => pinnedHubKey({ SSG_HUB_PUBLIC_KEY: keys.derHex });

/** A manifest entry for `rulesText`, hashed and signed with `keys`. */
export function signedEntry(id: string, rulesText: string, keys: TestKeyPair, tier = 'free'): HubRuleset {
  const canonical = canonicalContent(rulesText);
  return {
    id,
    path: `rulesets/${id}`,
    rules_path: `rulesets/${id}.rules`,
    title: `Title of ${id}`,
    description: `Description of ${id}`,
    technologies: ['test'],
    rule_count: canonical.ruleCount,
    content_hash: sha256Hex(canonical.text),
    content_signature: sign(null, Buffer.from(canonical.text, 'utf8'), keys.privateKey).toString('hex'),
    required_tier: tier,
    kind: 'ruleset',
    updated_at: '2026-11-23T00:00:00.000Z',
  };
}

export function manifestFor(keys: TestKeyPair, rulesets: HubRuleset[]): HubManifest {
  return {
    version: 1,
    updated_at: '2026-11-23T00:00:00.000Z',
    signing_key: { fingerprint: keyFingerprint(keys.derHex), alg: 'ed25519', public_key_hex: keys.derHex },
    rulesets,
  };
}

export class LocalHub {
  readonly dir = mkdtempSync(join(tmpdir(), 'ssg-hub-test-'));
  private server: Server | undefined;
  url = '';

  /** Writes a file the hub serves, relative to its root. */
  write(relativePath: string, content: string): void {
    const path = join(this.dir, relativePath);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }

  /** Publishes `rules` as ruleset `id` (file and signed manifest entry) and returns the manifest written. */
  publish(keys: TestKeyPair, rulesets: Record<string, string>): HubManifest {
    const entries = Object.entries(rulesets).map(([id, text]) => {
      this.write(`rulesets/${id}.rules`, text);
      return signedEntry(id, text, keys);
    });
    const manifest = manifestFor(keys, entries);
    this.write('manifest.json', JSON.stringify(manifest));
    return manifest;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://hub').pathname));
      try {
        response.end(readFileSync(join(this.dir, path)));
      } catch {
        response.statusCode = 404;
        response.end('not found');
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
