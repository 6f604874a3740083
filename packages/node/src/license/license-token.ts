// A license is a JWT signed by the issuer with Ed25519 (JWS alg "EdDSA", RFC 8037), verified offline with jose.
// Ed25519 was chosen over ES256 because its signatures are deterministic and its keys cannot be misused with
// weak parameters; there is one accepted algorithm, so a token cannot choose a weaker one ("none", HS256 keyed
// with the public key). jose checks the signature, the JWS rules (crit) and the registered claims (iss, exp,
// nbf); this file checks ssg's own claims and says in words what is wrong, for the user.
import type { KeyObject } from 'node:crypto';
import { errors } from 'jose';
import { jwtVerify } from 'jose/jwt/verify';
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

export async function verifyLicenseToken(token: string, { publicKey, issuer, now }: VerifyOptions): Promise<License> {
  const text = token.trim();
  if (text.length > MAX_TOKEN_LENGTH) throw new LicenseError('the license token is too large to be one');
  const parts = text.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    throw new LicenseError('the license is not a JWT (three base64url parts)');
  }
  // Read here only to name the algorithm in the message; jose decides.
  const header = decodeHeader(parts[0] as string);
  try {
    const { payload } = await jwtVerify(text, publicKey, {
      issuer,
      algorithms: ['EdDSA'],
      requiredClaims: ['exp'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: new Date(now * 1000),
    });
    return licenseClaims(payload);
  } catch (error) {
    throw error instanceof LicenseError ? error : describeRejection(error, header, issuer);
  }
}

/** jose's verdict in words; anything jose did not raise is not ours to reword. */
function describeRejection(error: unknown, header: Record<string, unknown>, issuer: string): unknown {
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return new LicenseError(`the license is signed with ${JSON.stringify(header.alg)}, not EdDSA (Ed25519)`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new LicenseError("the license's signature does not match the issuer's key (tampered, or another issuer)");
  }
  if (error instanceof errors.JWTExpired) {
    return new LicenseError(`the license expired on ${isoTime(error.payload.exp)}`);
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    const { claim, reason, payload } = error;
    if (claim === 'iss') {
      return new LicenseError(
        `the license was issued by ${JSON.stringify(payload.iss)}, not ${JSON.stringify(issuer)}`,
      );
    }
    if (claim === 'exp') return new LicenseError('the license has no expiry time (exp)');
    if (claim === 'nbf' && reason === 'check_failed') {
      return new LicenseError(`the license is valid from ${isoTime(payload.nbf)} on`);
    }
    if (claim === 'nbf') return new LicenseError('the license has an invalid start time (nbf)');
    return new LicenseError(`the license's ${claim} claim is not valid`);
  }
  // RFC 7515: a token that names extensions the verifier does not know (or must not accept) is rejected.
  if (header.crit !== undefined && error instanceof errors.JOSEError) {
    return new LicenseError('the license uses JWS extensions ssg does not know');
  }
  if (error instanceof errors.JWTInvalid) return new LicenseError("the license's payload is not a JSON object");
  if (error instanceof errors.JOSEError) return new LicenseError(`the license is not valid (${error.message})`);
  return error;
}

const isoTime = (seconds: unknown): string => new Date(Number(seconds) * 1000).toISOString();

function licenseClaims(claims: Record<string, unknown>): License {
  const { exp, tier, features, sub } = claims;
  if (typeof tier !== 'string' || tier === '') throw new LicenseError('the license names no tier');
  const license: License = { tier, expiresAt: exp as number };
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

function decodeHeader(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new LicenseError("the license's header is not valid JSON");
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new LicenseError("the license's header is not a JSON object");
  }
  return value as Record<string, unknown>;
}
