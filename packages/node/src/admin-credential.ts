// ssg's admin credential: the secret that lowers protection (Sleep at Night off, spending limits, approvals,
// dashboard sign-in, installing hosts through the daemon). The hooks' credential (daemon.token) is readable by
// every process of the user, agents included, so it may only evaluate and read; this one is kept where a process an
// agent starts is least likely to get it:
//   1. on macOS and Windows, the OS keychain (@napi-rs/keyring: Keychain, Credential Manager), one entry per home;
//   2. on Linux, and wherever the keychain cannot be written, the file `<home>/admin.token`, mode 0600, which the
//      self-protection rules guard by its resolved path. Linux's stores (Secret Service, the kernel keyring that
//      @napi-rs/keyring falls back to) give any process of the user the secret without asking, and the kernel
//      keyring is per login session and forgets at reboot: no safer than the file, and less reliable.
// What each protects against, and what it cannot, is in docs/security.md. The daemon creates the credential on its
// first start; the CLI and the desktop app read it, and the CLI only after a person confirmed (cli/src/admin/).
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { adminCredentialPath } from './daemon-file';
import { ensureSecretFile, isSecret, newSecret, readSecretFile } from './secret-file';

export { adminCredentialPath };

/** The keychain entry's service name; the account is the ssg home's absolute path. */
export const KEYCHAIN_SERVICE = 'ssg admin credential';

const KEYCHAIN = 'the OS keychain';

export interface AdminCredential {
  secret: string;
  /** Where it is kept, for messages: `the OS keychain` or the file's path. */
  where: string;
}

/** The part of @napi-rs/keyring's Entry that ssg uses. */
export interface KeychainEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
}

/** Opens the keychain entry for an account; undefined when this platform has no keychain module. */
export type Keychain = (account: string) => KeychainEntry | undefined;

/** The OS keychain through @napi-rs/keyring, loaded on first use (a native module: only admin paths need it). */
export const osKeychain: Keychain = (account) => {
  if (process.platform === 'linux') return undefined;
  try {
    const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as {
      Entry: new (service: string, account: string) => KeychainEntry;
    };
    return new Entry(KEYCHAIN_SERVICE, account);
  } catch {
    return undefined;
  }
};

/** The admin credential of this home, if the daemon has created one (keychain first, then the file). */
export function readAdminCredential(home: string, keychain: Keychain = osKeychain): AdminCredential | undefined {
  const fromKeychain = readKeychain(keychainEntry(home, keychain));
  if (fromKeychain) return { secret: fromKeychain, where: KEYCHAIN };
  const path = adminCredentialPath(home);
  const fromFile = readSecretFile(path);
  return fromFile ? { secret: fromFile, where: path } : undefined;
}

/** The daemon's start: the existing credential, or a new one stored in the keychain (else the 0600 file). */
export function ensureAdminCredential(home: string, keychain: Keychain = osKeychain): AdminCredential {
  const entry = keychainEntry(home, keychain);
  const fromKeychain = readKeychain(entry);
  if (fromKeychain) return { secret: fromKeychain, where: KEYCHAIN };
  const path = adminCredentialPath(home);
  if (entry && readSecretFile(path) === undefined) {
    const secret = newSecret();
    try {
      entry.setPassword(secret);
      // A keychain that accepts a write but cannot give it back (a locked collection) is no keychain for us.
      if (readKeychain(entry) === secret) return { secret, where: KEYCHAIN };
    } catch {
      // No keychain service here: the file below.
    }
  }
  return { secret: ensureSecretFile(path), where: path };
}

const keychainEntry = (home: string, keychain: Keychain): KeychainEntry | undefined => keychain(resolve(home));

function readKeychain(entry: KeychainEntry | undefined): string | undefined {
  try {
    const secret = entry?.getPassword()?.trim();
    return isSecret(secret) ? secret : undefined;
  } catch {
    return undefined;
  }
}
