// What a machine does with the fleet once the provider has signed the person in, and later to renew the licence —
// one flow for `ssg auth login|refresh` and the daemon's Fleet page, so both save the same things the same way.
// Errors the fleet answers are FleetRequestError (its message, never a token); each caller words them its way.
import type { LicenseResponse } from '@ssg/contracts/fleet';
import { decodeJwt } from 'jose';
import { type FleetClient, FleetRequestError, type SsoTokens } from './fleet-client';
import type { SsoSettings } from './fleet-settings';
import { HostsFileError } from './hosts-file';
import {
  clearSignIn,
  loadLicence,
  loadSignIn,
  loadTokens,
  saveLicence,
  saveSignIn,
  type SignIn,
  SignInStoreError,
} from './sign-in-store';
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

export interface SignedOut {
  /** Who was signed out; undefined when nobody was, or hosts.toml could not be read. */
  signIn: SignIn | undefined;
  /** hosts.toml could not be read: why (it is removed all the same). */
  unreadable?: string;
  /** The fleet was not told: why. The session then ends by itself at `signIn.sessionExpiresAt`. */
  fleetProblem?: string;
  /** The keychain entry could not be deleted: why (the tokens may still be in it). */
  keychainProblem?: string;
}

/**
 * Signs this machine out: the fleet ends the session (so its token stops working at once, not in 8 hours), then the
 * keychain entry and hosts.toml (sign-in and licence) go. The local part happens even when the fleet cannot be
 * reached: signing out never leaves credentials behind. What went wrong is returned for the caller to say.
 */
export async function signOut(
  fleetFor: (fleetUrl: string) => FleetClient,
  { home, vault, now }: Omit<SignInFlowOptions, 'fleet'>,
): Promise<SignedOut> {
  const result: SignedOut = { signIn: undefined };
  try {
    result.signIn = loadSignIn(home);
  } catch (error) {
    if (!(error instanceof HostsFileError)) throw error;
    result.unreadable = error.message;
  }
  const { signIn } = result;
  if (signIn) {
    try {
      const tokens = loadTokens(home, { vault });
      if (tokens && signIn.sessionExpiresAt > now) await fleetFor(signIn.fleetUrl).endSession(tokens.sessionToken);
    } catch (error) {
      if (error instanceof SignInStoreError) result.fleetProblem = error.message.split(';')[0];
      // 401: the session was already over (ended elsewhere, or by an admin).
      else if (error instanceof FleetRequestError) {
        if (error.status !== 401) result.fleetProblem = `the fleet was not told (${error.message})`;
      } else throw error;
    }
  }
  const { keychainProblem } = clearSignIn(home, { vault });
  return { ...result, ...(keychainProblem !== undefined && { keychainProblem }) };
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
