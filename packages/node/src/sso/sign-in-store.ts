// The SSO sign-in on this machine: what `ssg auth login --sso` saves, `ssg auth status|token|refresh|logout` and
// the daemon's Fleet page read. The metadata and the licence live in hosts.toml (hosts-file.ts); the tokens in the
// OS keychain when one works (token-vault.ts), checked by reading back what was written, else in hosts.toml too.
import { rmSync } from 'node:fs';
import {
  HostsFileError,
  type HostsFile,
  hostsFilePath,
  type Licence,
  readHostsFile,
  type SignIn,
  type SignInTokens,
  writeHostsFile,
} from './hosts-file';
import { type TokenVault, vaultAccount } from './token-vault';

export type { Licence, SignIn, SignInTokens };

export interface VaultOption {
  /** tokenVault() for the OS keychain; undefined keeps the tokens in hosts.toml. */
  vault: TokenVault | undefined;
}

/** The tokens of the sign-in cannot be had; the message says why and what to do. Never holds a token. */
export class SignInStoreError extends Error {
  override readonly name = 'SignInStoreError';
}

/**
 * Saves a new sign-in (replacing any other, and its keychain entry) and returns it with where the tokens went.
 * The licence of the previous sign-in is kept only when it was the same person at the same fleet; save the new
 * one with saveLicence after this.
 */
export function saveSignIn(
  home: string,
  signIn: Omit<SignIn, 'tokenStore'>,
  tokens: SignInTokens,
  { vault }: VaultOption,
): SignIn {
  const previous = readOrNothing(home);
  const account = vaultAccount(signIn.fleetUrl, signIn.email);
  if (previous.sso?.tokenStore === 'keychain' && vault) {
    const previousAccount = vaultAccount(previous.sso.fleetUrl, previous.sso.email);
    if (previousAccount !== account) deleteQuietly(vault, previousAccount);
  }
  const inKeychain = vault !== undefined && storeInVault(vault, account, tokens);
  const saved: SignIn = { ...signIn, tokenStore: inKeychain ? 'keychain' : 'file' };
  const samePerson = previous.sso?.fleetUrl === signIn.fleetUrl && previous.sso.email === signIn.email;
  writeHostsFile(home, {
    sso: saved,
    ...(inKeychain ? {} : { tokens }),
    ...(samePerson && previous.license ? { license: previous.license } : {}),
  });
  return saved;
}

/** Who is signed in (no tokens), or undefined. A malformed hosts.toml is a HostsFileError naming it. */
export function loadSignIn(home: string): SignIn | undefined {
  return readHostsFile(home).sso;
}

/** The licence saved in hosts.toml, or undefined. */
export function loadLicence(home: string): Licence | undefined {
  return readHostsFile(home).license;
}

/** The tokens of the sign-in, or undefined when nobody is signed in. */
export function loadTokens(home: string, { vault }: VaultOption): SignInTokens | undefined {
  const file = readHostsFile(home);
  const { sso } = file;
  if (!sso) return undefined;
  if (sso.tokenStore === 'file') {
    if (!file.tokens) {
      throw new SignInStoreError(
        `${hostsFilePath(home)} keeps the tokens in the file but has no [sso.tokens]; sign in again with ssg auth login --sso`,
      );
    }
    return file.tokens;
  }
  const account = vaultAccount(sso.fleetUrl, sso.email);
  if (!vault) {
    throw new SignInStoreError(
      'the sign-in keeps its tokens in the OS keychain, which ssg is not using now (SSG_TOKEN_STORE=file, or no ' +
        'keychain here); sign in again with ssg auth login --sso',
    );
  }
  let text: string | undefined;
  try {
    text = vault.read(account);
  } catch (error) {
    throw new SignInStoreError(
      `the OS keychain cannot be read (${(error as Error).message}); unlock it, or sign in again with ssg auth login --sso`,
    );
  }
  const tokens = text === undefined ? undefined : parseTokens(text);
  if (!tokens) {
    throw new SignInStoreError(
      `the OS keychain has no ssg sign-in for ${sso.email} at ${sso.fleetUrl}; sign in again with ssg auth login --sso`,
    );
  }
  return tokens;
}

/** Keeps the licence the fleet issued beside the sign-in (the opencode hook and doctor read it there). */
export function saveLicence(home: string, licence: Licence): void {
  const file = readHostsFile(home);
  writeHostsFile(home, { ...file, license: licence });
}

export interface ClearResult {
  /** The keychain entry could not be deleted: why (the tokens may still be in it). */
  keychainProblem?: string;
}

/** Signs this machine out: the keychain entry and hosts.toml (sign-in and licence) go. */
export function clearSignIn(home: string, { vault }: VaultOption): ClearResult {
  const { sso } = readOrNothing(home);
  const result: ClearResult = {};
  if (sso?.tokenStore === 'keychain' && vault) {
    try {
      vault.delete(vaultAccount(sso.fleetUrl, sso.email));
    } catch (error) {
      result.keychainProblem = (error as Error).message;
    }
  }
  rmSync(hostsFilePath(home), { force: true });
  return result;
}

/** A hosts.toml that cannot be read is replaced by a new sign-in, not an obstacle to it. */
function readOrNothing(home: string): HostsFile {
  try {
    return readHostsFile(home);
  } catch (error) {
    if (error instanceof HostsFileError) return {};
    throw error;
  }
}

function storeInVault(vault: TokenVault, account: string, tokens: SignInTokens): boolean {
  const secret = JSON.stringify(tokens);
  try {
    vault.write(account, secret);
    // A keychain that accepts a write but cannot give it back (a locked collection) is no keychain for us.
    if (vault.read(account) === secret) return true;
  } catch {
    // No usable keychain here (none, locked, the entry too large for it): hosts.toml keeps the tokens.
  }
  deleteQuietly(vault, account);
  return false;
}

function deleteQuietly(vault: TokenVault, account: string): void {
  try {
    vault.delete(account);
  } catch {
    // Nothing there, or the keychain is unusable: nothing to clean up then.
  }
}

function parseTokens(text: string): SignInTokens | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { idToken, accessToken, refreshToken, sessionToken } = (value ?? {}) as Record<string, unknown>;
  if (typeof idToken !== 'string' || typeof accessToken !== 'string' || typeof sessionToken !== 'string') {
    return undefined;
  }
  if (refreshToken !== null && typeof refreshToken !== 'string') return undefined;
  return { idToken, accessToken, refreshToken, sessionToken };
}
