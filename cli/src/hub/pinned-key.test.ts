import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { newKeyPair } from './local-hub.testing';
import { keyFingerprint, pinnedHubKey, SHIPPED_HUB_PUBLIC_KEY } from './pinned-key';

describe('pinnedHubKey', () => {
  it('is the shipped key unless SSG_HUB_PUBLIC_KEY is set', () => {
    assert.equal(pinnedHubKey({}).derHex, SHIPPED_HUB_PUBLIC_KEY);
    assert.equal(pinnedHubKey({ SSG_HUB_PUBLIC_KEY: '' }).derHex, SHIPPED_HUB_PUBLIC_KEY);
    const other = newKeyPair();
    assert.equal(pinnedHubKey({ SSG_HUB_PUBLIC_KEY: ` ${other.derHex.toUpperCase()}\n` }).derHex, other.derHex);
  });

  it('fingerprints the DER bytes with SHA-256', () => {
    const expected = createHash('sha256').update(Buffer.from(SHIPPED_HUB_PUBLIC_KEY, 'hex')).digest('hex');
    assert.equal(pinnedHubKey({}).fingerprint, expected);
    assert.equal(keyFingerprint(SHIPPED_HUB_PUBLIC_KEY), expected);
  });

  const x25519Spki = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'der' }).toString('hex');
  const invalid: { name: string; value: string }[] = [
    { name: 'not hex', value: 'not-a-key' },
    { name: 'odd length', value: '302' },
    { name: 'truncated key', value: SHIPPED_HUB_PUBLIC_KEY.slice(0, 40) },
    { name: 'an X25519 key, not Ed25519', value: x25519Spki },
    { name: 'malformed DER', value: `30${'00'.repeat(40)}` },
    { name: 'huge', value: 'ab'.repeat(1_000_000) },
  ];
  for (const { name, value } of invalid) {
    it(`refuses an SSG_HUB_PUBLIC_KEY that is ${name}`, () => {
      assert.throws(
        () => pinnedHubKey({ SSG_HUB_PUBLIC_KEY: value }),
        /SSG_HUB_PUBLIC_KEY is not an Ed25519 public key/,
      );
    });
  }
});
