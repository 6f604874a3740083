// Where the SSO sign-in's tokens go when the machine has a keychain that works: the OS keychain (macOS Keychain,
// Windows Credential Manager, a Secret Service on Linux) through @napi-rs/keyring, one entry per fleet and email
// (service `ssg`, account `<fleet_url>#<email>`), holding the tokens as JSON. On Linux the entry is pinned to the
// Secret Service: @napi-rs/keyring would otherwise fall back to the kernel keyring, which forgets at reboot and
// gives any process of the user the secret without asking (see admin-credential.ts). A keychain that is missing,
// locked or refuses a write throws, and the sign-in store keeps the tokens in hosts.toml (mode 0600) instead.
// `SSG_TOKEN_STORE=file` skips the keychain.
import { createRequire } from 'node:module';

export const TOKEN_VAULT_SERVICE = 'ssg';

/** A secret store keyed by account. Every method throws when the store cannot be used. */
export interface TokenVault {
  read(account: string): string | undefined;
  write(account: string, secret: string): void;
  delete(account: string): void;
}

export const vaultAccount = (fleetUrl: string, email: string): string => `${fleetUrl}#${email}`;

interface KeyringEntry {
  getPassword(): string | null;
  setPassword(password: string): void;
  deletePassword(): boolean;
}
type KeyringEntryClass = new (service: string, account: string, options?: unknown) => KeyringEntry;

/** The OS keychain, unless SSG_TOKEN_STORE=file or the native module does not load here. */
export function tokenVault(env: NodeJS.ProcessEnv = process.env): TokenVault | undefined {
  if (env.SSG_TOKEN_STORE === 'file') return undefined;
  let Entry: KeyringEntryClass;
  try {
    ({ Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: KeyringEntryClass });
  } catch {
    return undefined;
  }
  const entry = (account: string) => new Entry(TOKEN_VAULT_SERVICE, account, { linux: { store: 'secret-service' } });
  return {
    read: (account) => entry(account).getPassword() ?? undefined,
    write: (account, secret) => entry(account).setPassword(secret),
    delete: (account) => void entry(account).deletePassword(),
  };
}
