// Secrets the fleet must keep but never show (an organization's OIDC client secret), encrypted at rest with
// AES-256-GCM. Keys come from the environment, never from the database that holds the ciphertexts, so a copy of
// the database alone reveals nothing:
//
//   SSG_FLEET_SECRET_KEYS="k2:<base64 of 32 random bytes>,k1:<…>"   (e.g. `openssl rand -base64 32`)
//
// The first key encrypts; every listed key decrypts, so a key is rotated by putting a new one first, re-sealing
// the stored secrets (`reseal`), then dropping the old one. A sealed value is `v1:<keyId>:<iv>:<tag>:<ct>` (iv, tag
// and ct base64url): the key id says which key opens it. The caller's context (the organization id) is the GCM
// additional data, so a ciphertext copied to another organization's row does not open there.
//
// Errors name key ids and what is wrong, never a plaintext, a ciphertext or key material.
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

export const SECRET_KEYS_VARIABLE = 'SSG_FLEET_SECRET_KEYS';

const VERSION = 'v1';
const KEY_BYTES = 32;
/** NIST SP 800-38D: 96-bit IVs, random per encryption (2^32 encryptions per key keep the collision risk negligible). */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A sealed value that cannot be opened: unknown key, altered, malformed, or sealed for another context. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** The key configuration is missing or unusable; raised at start-up. */
export class SecretKeysConfigError extends Error {
  override readonly name = 'SecretKeysConfigError';
}

export interface SecretKey {
  id: string;
  /** A KeyObject: util.inspect and JSON show its type and size, never its bytes. */
  key: KeyObject;
}

export interface SecretBox {
  /** The id of the key that seals. */
  readonly currentKeyId: string;
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /** Whether `sealed` is under an older key than the current one (a candidate for `reseal`). */
  needsReseal(sealed: string): boolean;
  /** The same plaintext sealed again under the current key. */
  reseal(sealed: string, context: string): string;
}

/** The box configured by SSG_FLEET_SECRET_KEYS. */
export function secretBoxFromEnv(env: NodeJS.ProcessEnv): SecretBox {
  return createSecretBox(parseSecretKeys(env[SECRET_KEYS_VARIABLE]));
}

/** `id:base64,id:base64,…`, the first key first; every problem is named without echoing key material. */
export function parseSecretKeys(text: string | undefined): SecretKey[] {
  if (text === undefined || text.trim() === '') {
    throw new SecretKeysConfigError(
      `${SECRET_KEYS_VARIABLE} is not set: it must list the keys that encrypt the stored SSO client secrets, ` +
        `as "<keyId>:<base64 of 32 random bytes>" separated by commas, the current key first ` +
        `(e.g. ${SECRET_KEYS_VARIABLE}="k1:$(openssl rand -base64 32)")`,
    );
  }
  const keys: SecretKey[] = [];
  const material = new Set<string>();
  text.split(',').forEach((entry, index) => {
    const where = `${SECRET_KEYS_VARIABLE} entry ${index + 1}`;
    const separator = entry.indexOf(':');
    if (separator === -1) throw new SecretKeysConfigError(`${where} is not "<keyId>:<base64 key>"`);
    const id = entry.slice(0, separator).trim();
    const encoded = entry.slice(separator + 1).trim();
    if (!KEY_ID.test(id)) {
      throw new SecretKeysConfigError(
        `${where}: the key id must be 1 to 32 of A-Z a-z 0-9 _ - (got ${JSON.stringify(id)})`,
      );
    }
    if (keys.some((key) => key.id === id)) throw new SecretKeysConfigError(`${where}: key id "${id}" is listed twice`);
    const bytes = decodeKey(encoded);
    if (bytes === null) {
      throw new SecretKeysConfigError(`${where} (key "${id}"): the key is not base64 or base64url`);
    }
    if (bytes.length !== KEY_BYTES) {
      throw new SecretKeysConfigError(
        `${where} (key "${id}"): the key is ${bytes.length} bytes, AES-256 needs exactly ${KEY_BYTES}`,
      );
    }
    const fingerprint = bytes.toString('base64');
    if (material.has(fingerprint)) {
      throw new SecretKeysConfigError(`${where} (key "${id}"): the same key is listed under another id`);
    }
    material.add(fingerprint);
    keys.push({ id, key: createSecretKey(bytes) });
    bytes.fill(0);
  });
  return keys;
}

/** Buffer.from(…, 'base64') skips characters it does not know; here any such character makes the key invalid. */
function decodeKey(encoded: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return null;
  return Buffer.from(encoded, 'base64');
}

export interface SecretBoxOptions {
  /** IV source, for tests; defaults to crypto.randomBytes. */
  randomIv?: () => Buffer;
}

export function createSecretBox(keys: readonly SecretKey[], options: SecretBoxOptions = {}): SecretBox {
  const [current] = keys;
  if (current === undefined) throw new SecretKeysConfigError(`${SECRET_KEYS_VARIABLE} lists no keys`);
  const byId = new Map(keys.map((key) => [key.id, key.key]));
  const randomIv = options.randomIv ?? (() => randomBytes(IV_BYTES));

  const seal = (plaintext: string, context: string): string => {
    requireContext(context);
    const iv = randomIv();
    if (iv.length !== IV_BYTES) throw new Error(`the IV source gave ${iv.length} bytes, not ${IV_BYTES}`);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, current.id, iv, tag, ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  };

  const open = (sealed: string, context: string): string => {
    requireContext(context);
    const { keyId, iv, tag, ciphertext } = parseSealed(sealed);
    const key = byId.get(keyId);
    if (key === undefined) {
      throw new SecretBoxError(
        `the secret was sealed with key "${keyId}", which ${SECRET_KEYS_VARIABLE} does not list ` +
          `(it lists ${[...byId.keys()].map((id) => `"${id}"`).join(', ')})`,
      );
    }
    // authTagLength pins the tag to 16 bytes: without it, Node accepts a truncated tag, which is easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `the secret sealed with key "${keyId}" does not open: it was altered, or it belongs to another record ` +
          `than ${JSON.stringify(context)}`,
      );
    }
  };

  return {
    currentKeyId: current.id,
    seal,
    open,
    needsReseal: (sealed) => parseSealed(sealed).keyId !== current.id,
    reseal: (sealed, context) => seal(open(sealed, context), context),
  };
}

function requireContext(context: string): void {
  if (context === '') throw new TypeError('a secret is sealed for a context (the record it belongs to), not ""');
}

interface SealedParts {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function parseSealed(sealed: string): SealedParts {
  const parts = sealed.split(':');
  if (parts.length !== 5 || parts[0] !== VERSION) {
    throw new SecretBoxError(`the stored secret is not a sealed value ("${VERSION}:<keyId>:<iv>:<tag>:<ciphertext>")`);
  }
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  if (!KEY_ID.test(keyId)) throw new SecretBoxError('the stored secret names no valid key id');
  const decoded = [iv, tag, ciphertext].map(canonicalBase64url);
  const [ivBytes, tagBytes, ciphertextBytes] = decoded;
  if (ivBytes?.length !== IV_BYTES || tagBytes?.length !== TAG_BYTES || ciphertextBytes === undefined) {
    throw new SecretBoxError(
      `the stored secret (key "${keyId}") is malformed: it needs a ${IV_BYTES}-byte IV and a ${TAG_BYTES}-byte tag, ` +
        'in base64url',
    );
  }
  return { keyId, iv: ivBytes, tag: tagBytes, ciphertext: ciphertextBytes };
}

/** The bytes, only when `text` is exactly how they encode: one sealed value has one spelling. */
function canonicalBase64url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}
