// A license is a JWT signed by the issuer with Ed25519 (JWS alg "EdDSA", RFC 8037), verified offline with
// node:crypto. Ed25519 was chosen over ES256 because its signatures are deterministic and its keys cannot be
// misused with weak parameters; there is one accepted algorithm, so a token cannot choose a weaker one ("none",
// HS256 keyed with the public key).
import type { KeyObject } from 'node:crypto';
import { lazyCrypto } from './lazy-crypto';

/** The verified claims ssg uses. */
export interface License {
  /** The subscription tier, e.g. "pro", "enterprise"; "free" is a license without a subscription. */
  tier: string;
  /** What the license unlocks; when absent, every paid tier unlocks every feature. */
  features?: string[];
  /** The licensee, when the issuer names one. */
  subject?: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** Raised for a token that is not a valid license; the message says what is wrong, for the user. */
export class LicenseError extends Error {
  override readonly name = 'LicenseError';
}

export interface VerifyOptions {
  publicKey: KeyObject;
  issuer: string;
  /** Seconds since the epoch. */
  now: number;
}

/** Tokens are a few hundred bytes; anything much larger is not one, and is not worth decoding. */
const MAX_TOKEN_LENGTH = 16 * 1024;
/** Tolerated difference between the issuer's clock and this machine's, in seconds. */
const CLOCK_SKEW_SECONDS = 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function verifyLicenseToken(token: string, { publicKey, issuer, now }: VerifyOptions): License {
  const text = token.trim();
  if (text.length > MAX_TOKEN_LENGTH) throw new LicenseError('the license token is too large to be one');
  const parts = text.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    throw new LicenseError('the license is not a JWT (three base64url parts)');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart, 'header');
  if (header.alg !== 'EdDSA') {
    throw new LicenseError(`the license is signed with ${JSON.stringify(header.alg)}, not EdDSA (Ed25519)`);
  }
  // RFC 7515: a token that names extensions the verifier does not know must be rejected.
  if (header.crit !== undefined) throw new LicenseError('the license uses JWS extensions ssg does not know');
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
  if (!lazyCrypto().verify(null, signed, publicKey, Buffer.from(signaturePart, 'base64url'))) {
    throw new LicenseError("the license's signature does not match the issuer's key (tampered, or another issuer)");
  }
  return licenseClaims(decodeJson(payloadPart, 'payload'), issuer, now);
}

function licenseClaims(claims: Record<string, unknown>, issuer: string, now: number): License {
  if (claims.iss !== issuer) {
    throw new LicenseError(`the license was issued by ${JSON.stringify(claims.iss)}, not ${JSON.stringify(issuer)}`);
  }
  const { exp, nbf, tier, features, sub } = claims;
  if (!isTime(exp)) throw new LicenseError('the license has no expiry time (exp)');
  if (now > exp + CLOCK_SKEW_SECONDS) {
    throw new LicenseError(`the license expired on ${new Date(exp * 1000).toISOString()}`);
  }
  if (nbf !== undefined) {
    if (!isTime(nbf)) throw new LicenseError('the license has an invalid start time (nbf)');
    if (now + CLOCK_SKEW_SECONDS < nbf) {
      throw new LicenseError(`the license is valid from ${new Date(nbf * 1000).toISOString()} on`);
    }
  }
  if (typeof tier !== 'string' || tier === '') throw new LicenseError('the license names no tier');
  const license: License = { tier, expiresAt: exp };
  if (features !== undefined) {
    if (!Array.isArray(features) || !features.every((feature) => typeof feature === 'string')) {
      throw new LicenseError('the license has an invalid features claim (not a list of names)');
    }
    license.features = features;
  }
  if (typeof sub === 'string') license.subject = sub;
  return license;
}

/** Whether the license unlocks `feature`: listed in its features, or, without a list, a paid tier. */
export function licenseAllows(license: License, feature: string): boolean {
  return license.features ? license.features.includes(feature) : license.tier !== 'free';
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new LicenseError(`the license's ${what} is not valid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LicenseError(`the license's ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
