// Test support: an issuer of its own (an Ed25519 key pair) and license tokens signed with it, so tests never need
// the real issuer's private key.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { licenseIssuerPath } from './issuer-key';

export interface TestIssuer {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** The public key as license-issuer.json takes it. */
  publicPem: string;
}

/** Makes `home` accept licenses from this issuer, named `issuer` (as a self-hosted fleet is configured). */
export function trustTestIssuer(home: string, { publicPem }: TestIssuer, issuer = 'test-issuer'): void {
  writeFileSync(licenseIssuerPath(home), JSON.stringify({ issuer, publicKey: publicPem }));
}

export function newTestIssuer(): TestIssuer {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey, privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with these claims, signed by `privateKey` with Ed25519 (or `header` as given, signed the same way). */
export function mintLicense(
  privateKey: KeyObject,
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'EdDSA', typ: 'JWT' },
): string {
  const signed = `${encode(header)}.${encode(claims)}`;
  return `${signed}.${sign(null, Buffer.from(signed), privateKey).toString('base64url')}`;
}
