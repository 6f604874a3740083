// Checks an id_token a client presents as its bearer (the CLI after `ssg auth login --sso`, spec Authentication 3)
// against one organization's identity provider: the signature with the provider's JWKS (the shared one-hour cache
// of id-token-signature.ts), then the claims OIDC Core 3.1.3.7 has a relying party check: `iss` is the provider,
// `aud` names the organization's client (and `azp`, when present or when there are several audiences, is it),
// `exp` and `nbf` hold. The email it proves must be the one the caller claims, and not one the provider says it
// has not verified.
//
// The nonce is not checked: it binds the token to the CLI's own login, which this server did not see. Replaying a
// stolen id_token until it expires is what a bearer allows; the token is short-lived (an hour at most providers).
import { decodeJwt, type JWTPayload } from 'jose';
import { IdTokenSignatureError, verifyIdTokenSignature, type JwksCacheStore } from './id-token-signature';

/** Tolerated difference between the provider's clock and this server's, in seconds. */
const CLOCK_SKEW_SECONDS = 60;
/** id_tokens are a few kilobytes; anything much larger is not one and is not worth decoding. */
const MAX_TOKEN_LENGTH = 16 * 1024;

export type BearerIdTokenErrorCode = 'malformed' | 'signature' | 'expired' | 'audience' | 'email';

/** Why the bearer does not prove the email. The message never quotes the token. */
export class BearerIdTokenError extends Error {
  constructor(
    readonly code: BearerIdTokenErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BearerIdTokenError';
  }
}

/** The organization's provider as its discovery document and SSO configuration name it. */
export interface ExpectedProvider {
  /** The discovery document's `issuer`: the `iss` the provider's tokens carry. */
  readonly issuer: string;
  readonly jwksUri: string | undefined;
  /** The organization's client; the CLI signs in with the same one. */
  readonly clientId: string;
}

/** Who a token that looks like a JWT says issued it and for whom, unverified: only to choose the provider to
 * verify it with (several organizations may share one provider, each with its own client). */
export function claimedOrigin(token: string): { issuer: string; audiences: string[] } | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  try {
    const { iss, aud } = decodeJwt(token);
    return typeof iss === 'string' ? { issuer: iss, audiences: audiencesOf(aud) } : undefined;
  } catch {
    return undefined;
  }
}

const audiencesOf = (aud: JWTPayload['aud']): string[] => (typeof aud === 'string' ? [aud] : (aud ?? []));

/** Resolves when `token` is the provider's id_token for `email`; throws BearerIdTokenError. */
export async function verifyBearerIdToken(
  token: string,
  email: string,
  provider: ExpectedProvider,
  jwksCache: JwksCacheStore,
  now: () => Date,
): Promise<void> {
  if (token.length > MAX_TOKEN_LENGTH) throw new BearerIdTokenError('malformed', 'the bearer token is not an id_token');
  try {
    await verifyIdTokenSignature(token, provider.jwksUri, jwksCache, { now });
  } catch (error) {
    if (!(error instanceof IdTokenSignatureError)) throw error;
    throw new BearerIdTokenError('signature', error.message, { cause: error.cause });
  }
  const claims = decodeJwt(token);
  const seconds = now().getTime() / 1000;
  if (claims.iss !== provider.issuer) {
    throw new BearerIdTokenError('audience', "the id_token was not issued by the organization's identity provider");
  }
  checkAudience(claims, provider.clientId);
  if (typeof claims.exp !== 'number') throw new BearerIdTokenError('malformed', 'the id_token has no expiry (exp)');
  if (seconds >= claims.exp + CLOCK_SKEW_SECONDS) {
    throw new BearerIdTokenError('expired', 'the id_token has expired: sign in again with ssg auth login --sso');
  }
  if (typeof claims.nbf === 'number' && seconds < claims.nbf - CLOCK_SKEW_SECONDS) {
    throw new BearerIdTokenError(
      'expired',
      'the id_token is not valid yet (nbf): the clocks of this server and the provider disagree',
    );
  }
  checkEmail(claims, email);
}

function checkAudience(claims: JWTPayload, clientId: string): void {
  const audiences = audiencesOf(claims.aud);
  const azp = (claims as { azp?: unknown }).azp;
  if (!audiences.includes(clientId) || (azp !== undefined && azp !== clientId) || (audiences.length > 1 && !azp)) {
    throw new BearerIdTokenError(
      'audience',
      "the id_token was issued to another application: sign in with the organization's client id",
    );
  }
}

function checkEmail(claims: JWTPayload, email: string): void {
  const { email: claimed, email_verified: verified } = claims as { email?: unknown; email_verified?: unknown };
  if (typeof claimed !== 'string' || claimed === '') {
    throw new BearerIdTokenError(
      'email',
      'the id_token carries no email claim: the identity provider must put the email in the id_token (scope email)',
    );
  }
  if (claimed.trim().toLowerCase() !== email.trim().toLowerCase()) {
    throw new BearerIdTokenError('email', 'X-SSO-Email is not the email of the id_token');
  }
  if (verified === false) {
    throw new BearerIdTokenError('email', 'the identity provider has not verified this email (email_verified: false)');
  }
}
