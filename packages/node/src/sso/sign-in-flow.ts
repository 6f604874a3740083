// What a machine does with the fleet once the provider has signed the person in, and later to renew the licence —
// one flow for `ssg auth login|refresh` and the daemon's Fleet page, so both save the same things the same way.
// Errors the fleet answers are FleetRequestError (its message, never a token); each caller words them its way.
import type { LicenseResponse } from '@ssg/contracts/fleet';
import { decodeJwt } from 'jose';
import type { FleetClient, SsoTokens } from './fleet-client';
import type { SsoSettings } from './fleet-settings';
import { loadLicence, loadSignIn, loadTokens, saveLicence, saveSignIn, type SignIn } from './sign-in-store';
import type { TokenVault } from './token-vault';

/** An id_token this close to its end may expire on the way; the refresh token gets a fresh one instead. */
const ID_TOKEN_MARGIN_MS = 60_000;

/** No sign-in to renew, or one that can no longer prove anything. The message says which; never a token. */
export class SignInExpiredError extends Error {
  override readonly name = 'SignInExpiredError';
}

export interface SignInFlowOptions {
  home: string;
  fleet: FleetClient;
  /** tokenVault(env): the OS keychain when one works; undefined keeps tokens in hosts.toml. */
  vault: TokenVault | undefined;
  /** ms since the epoch. */
  now: number;
}

export interface CompletedSignIn {
  signIn: SignIn;
  licence: LicenseResponse;
  /** The fleet session's token, for what the caller asks the fleet next (the organization's name). */
  sessionToken: string;
}

/**
 * The provider's tokens in: a fleet session for this machine and the licence, then both saved. Nothing is saved
 * unless both were had, and a session opened for a sign-in that failed is ended at the fleet.
 */
export async function completeSignIn(
  settings: SsoSettings,
  tokens: SsoTokens,
  { home, fleet, vault, now }: SignInFlowOptions,
): Promise<CompletedSignIn> {
  const session = await fleet.createSession(tokens.idToken, settings.orgId);
  let licence: LicenseResponse;
  try {
    licence = await fleet.licence(tokens.email, tokens.idToken);
  } catch (error) {
    await fleet.endSession(session.token).catch(() => {});
    throw error;
  }
  const signIn = saveSignIn(
    home,
    {
      fleetUrl: settings.fleetUrl,
      issuer: settings.issuer,
      clientId: settings.clientId,
      orgId: session.org_id,
      email: session.user_id,
      role: session.role,
      sessionId: session.session_id,
      sessionExpiresAt: session.expires_at,
      signedInAt: now,
    },
    { ...tokens, sessionToken: session.token },
    { vault },
  );
  saveLicence(home, { token: licence.license, tier: licence.tier, expiresAt: licence.expires_at });
  return { signIn, licence, sessionToken: session.token };
}

export interface RefreshedLicence {
  signIn: SignIn;
  /** The tier of the licence it replaced, or null when there was none. */
  previousTier: string | null;
  licence: LicenseResponse;
}

/**
 * A new licence for the signed-in person (after an admin set sso_domain, or the subscription changed). The fleet
 * wants proof of the email: the id_token while it is valid, else a new one through the fleet's broker with the
 * refresh token (saved), else the session token while the session lasts. `fleetFor` builds the client for the
 * fleet the sign-in belongs to.
 */
export async function refreshLicence(
  fleetFor: (fleetUrl: string) => FleetClient,
  { home, vault, now }: Omit<SignInFlowOptions, 'fleet'>,
): Promise<RefreshedLicence> {
  const signIn = loadSignIn(home);
  const tokens = signIn && loadTokens(home, { vault });
  if (!signIn || !tokens) throw new SignInExpiredError('nobody is signed in to a fleet on this machine');
  const previousTier = loadLicence(home)?.tier ?? null;
  const fleet = fleetFor(signIn.fleetUrl);
  let bearer: string;
  if ((jwtExpiresAt(tokens.idToken) ?? 0) > now + ID_TOKEN_MARGIN_MS) {
    bearer = tokens.idToken;
  } else if (tokens.refreshToken) {
    const fresh = await fleet.refreshTokens(signIn, tokens.refreshToken);
    const { tokenStore: _where, ...metadata } = signIn;
    saveSignIn(
      home,
      metadata,
      { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refreshToken, sessionToken: tokens.sessionToken },
      { vault },
    );
    bearer = fresh.idToken;
  } else if (signIn.sessionExpiresAt > now) {
    bearer = tokens.sessionToken;
  } else {
    throw new SignInExpiredError(
      `the sign-in of ${signIn.email} has expired (its id_token and session both ended, and the provider gave no refresh token)`,
    );
  }
  const licence = await fleet.licence(signIn.email, bearer);
  saveLicence(home, { token: licence.license, tier: licence.tier, expiresAt: licence.expires_at });
  return { signIn, previousTier, licence };
}

/** When a JWT says it expires (ms), read without verifying it: only to choose which proof to send. */
export function jwtExpiresAt(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}
