import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import fc from 'fast-check';
import {
  createSecretBox,
  parseSecretKeys,
  SecretBoxError,
  secretBoxFromEnv,
  SecretKeysConfigError,
} from './secret-box';

const keyText = (): string => randomBytes(32).toString('base64');
const K1 = keyText();
const K2 = keyText();
const ORG = 'org_acme';
const SECRET = 'client-secret-0123456789';

const box = createSecretBox(parseSecretKeys(`k1:${K1}`));

/** Flips one bit of one of the sealed value's binary parts (2 = iv, 3 = tag, 4 = ciphertext). */
function flipBit(sealed: string, part: number, bit: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[part] as string, 'base64url');
  const index = Math.floor(bit / 8) % bytes.length;
  bytes[index] = (bytes[index] as number) ^ (1 << (bit % 8));
  parts[part] = bytes.toString('base64url');
  return parts.join(':');
}

describe('secret box', () => {
  it('seals as v1:<keyId>:<iv>:<tag>:<ct> and opens with the same context', () => {
    const sealed = box.seal(SECRET, ORG);
    assert.match(sealed, /^v1:k1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    assert.ok(!sealed.includes(SECRET));
    assert.equal(box.open(sealed, ORG), SECRET);
  });

  it('uses a fresh IV each time, so the same secret seals differently', () => {
    const ivs = new Set(Array.from({ length: 50 }, () => box.seal(SECRET, ORG).split(':')[2]));
    assert.equal(ivs.size, 50);
  });

  it('refuses a ciphertext moved to another organization', () => {
    const sealed = box.seal(SECRET, ORG);
    assert.throws(
      () => box.open(sealed, 'org_other'),
      (error: unknown) =>
        error instanceof SecretBoxError && /altered, or it belongs to another record/.test(error.message),
    );
  });

  it('names an unknown key id, without plaintext or key material', () => {
    const sealed = createSecretBox(parseSecretKeys(`k0:${K2}`)).seal(SECRET, ORG);
    assert.throws(
      () => box.open(sealed, ORG),
      (error: unknown) =>
        error instanceof SecretBoxError &&
        error.message ===
          'the secret was sealed with key "k0", which SSG_FLEET_SECRET_KEYS does not list (it lists "k1")',
    );
  });

  it('refuses a truncated tag (GCM would otherwise accept short tags)', () => {
    const parts = box.seal(SECRET, ORG).split(':');
    parts[3] = Buffer.from(parts[3] as string, 'base64url')
      .subarray(0, 12)
      .toString('base64url');
    assert.throws(() => box.open(parts.join(':'), ORG), /malformed/);
  });

  it('refuses values that are not sealed values', () => {
    for (const text of ['', SECRET, 'v2:k1:a:b:c', 'v1:k1:!!:b:c', 'v1:k:1:a:b:c', `${box.seal(SECRET, ORG)}=`]) {
      assert.throws(() => box.open(text, ORG), SecretBoxError, text);
    }
  });

  it('refuses an empty context', () => {
    assert.throws(() => box.seal(SECRET, ''), TypeError);
  });

  it('any plaintext round-trips', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ minLength: 1 }), (plaintext, context) => {
        assert.equal(box.open(box.seal(plaintext, context), context), plaintext);
      }),
    );
  });

  it('any single-bit flip in the iv, tag or ciphertext is refused', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom(2, 3, 4),
        fc.nat({ max: 8 * 1024 }),
        (plaintext, part, bit) => {
          const tampered = flipBit(box.seal(plaintext, ORG), part, bit);
          assert.throws(() => box.open(tampered, ORG), SecretBoxError);
        },
      ),
    );
  });
});

describe('key rotation', () => {
  const old = createSecretBox(parseSecretKeys(`k1:${K1}`));
  const rotated = createSecretBox(parseSecretKeys(`k2:${K2},k1:${K1}`));

  it('seals with the first key and still opens the others', () => {
    const before = old.seal(SECRET, ORG);
    assert.equal(rotated.currentKeyId, 'k2');
    assert.equal(rotated.open(before, ORG), SECRET);
    assert.match(rotated.seal(SECRET, ORG), /^v1:k2:/);
  });

  it('reseals an old value under the current key, after which the old key can go', () => {
    const before = old.seal(SECRET, ORG);
    assert.equal(rotated.needsReseal(before), true);
    const after = rotated.reseal(before, ORG);
    assert.equal(rotated.needsReseal(after), false);
    assert.equal(createSecretBox(parseSecretKeys(`k2:${K2}`)).open(after, ORG), SECRET);
  });
});

describe('key configuration', () => {
  const configError = (pattern: RegExp) => (error: unknown) =>
    error instanceof SecretKeysConfigError && pattern.test(error.message);

  it('accepts base64 and base64url keys, spaces around entries', () => {
    const url = randomBytes(32).toString('base64url');
    const keys = parseSecretKeys(` k2:${K2} , k1:${url}`);
    assert.deepEqual(
      keys.map((key) => key.id),
      ['k2', 'k1'],
    );
  });

  it('is a clear start-up error when missing, short, malformed or repeated, never echoing a key', () => {
    const short = randomBytes(16).toString('base64');
    const cases: [string | undefined, RegExp][] = [
      [undefined, /SSG_FLEET_SECRET_KEYS is not set/],
      ['  ', /is not set/],
      [K1, /entry 1 is not "<keyId>:<base64 key>"/],
      [`k1:${short}`, /key "k1"\): the key is 16 bytes, AES-256 needs exactly 32/],
      [`k1:${K1},k2:not*base64`, /entry 2 \(key "k2"\): the key is not base64/],
      [`k1:${K1},k1:${K2}`, /key id "k1" is listed twice/],
      [`k1:${K1},k2:${K1}`, /the same key is listed under another id/],
      [`bad id:${K1}`, /the key id must be/],
    ];
    for (const [text, pattern] of cases) {
      assert.throws(
        () => parseSecretKeys(text),
        (error: unknown) => configError(pattern)(error) && !String((error as Error).message).includes(K1),
        String(text),
      );
    }
  });

  it('reads SSG_FLEET_SECRET_KEYS', () => {
    const fromEnv = secretBoxFromEnv({ SSG_FLEET_SECRET_KEYS: `k2:${K2},k1:${K1}` });
    assert.equal(fromEnv.currentKeyId, 'k2');
    assert.throws(() => secretBoxFromEnv({}), SecretKeysConfigError);
  });

  it('shows no key material when a key is inspected or serialized', () => {
    const [key] = parseSecretKeys(`k1:${K1}`);
    const hex = Buffer.from(K1, 'base64').toString('hex');
    for (const text of [inspect(key, { depth: 5, showHidden: true }), JSON.stringify(key)]) {
      assert.ok(!text.includes(K1) && !text.includes(hex), text);
    }
  });
});
