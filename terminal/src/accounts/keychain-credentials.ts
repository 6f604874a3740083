// Claude Code's login on macOS: a generic password in the login keychain, account = the user's name, service
// `Claude Code-credentials` when CLAUDE_CONFIG_DIR is unset, else `Claude Code-credentials-<8 hex>` where the hex is
// the start of sha256 of the NFC form of the exact string passed as CLAUDE_CONFIG_DIR (research doc §1.2). Read
// only, through @napi-rs/keyring's AsyncEntry: the first read of another program's item may show an access prompt,
// which must not block the pty host's event loop.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { type ClaudeAccount, launchConfigDir } from './account';
import {
  type CredentialProblemListener,
  type CredentialReader,
  isCredentialProblem,
  parseClaudeCredentials,
} from './credentials';

const SERVICE = 'Claude Code-credentials';

/** The keychain service of a Claude Code started with CLAUDE_CONFIG_DIR = `configDir` (undefined: unset). */
export function claudeKeychainService(configDir: string | undefined): string {
  if (configDir === undefined) return SERVICE;
  return `${SERVICE}-${createHash('sha256').update(configDir.normalize('NFC')).digest('hex').slice(0, 8)}`;
}

/** The part of @napi-rs/keyring that ssg uses here: reading. */
export interface KeyringModule {
  AsyncEntry: new (service: string, account: string) => { getPassword(): Promise<string | null | undefined> };
}

/** @napi-rs/keyring, loaded on first use (a native module); undefined when it cannot be loaded here. */
export function loadKeyring(): KeyringModule | undefined {
  try {
    return createRequire(import.meta.url)('@napi-rs/keyring') as KeyringModule;
  } catch {
    return undefined;
  }
}

export interface KeychainCredentialReaderOptions {
  /** Loads the keyring module; a fake in tests. */
  keyring?: () => KeyringModule | undefined;
  /** The keychain item's account: the OS user name, as Claude Code uses. */
  username?: string;
  onProblem?: CredentialProblemListener;
}

/** A keychain item bigger than this is not a Claude Code login. */
export const MAX_KEYCHAIN_ITEM_CHARS = 64 * 1024;

export function keychainCredentialReader(options: KeychainCredentialReaderOptions = {}): CredentialReader {
  const load = options.keyring ?? loadKeyring;
  let keyring: KeyringModule | undefined;
  return {
    async read(account: ClaudeAccount) {
      const service = claudeKeychainService(launchConfigDir(account));
      const problem = (message: string) => {
        options.onProblem?.({ accountId: account.id, message: `keychain item "${service}": ${message}` });
        return undefined;
      };
      keyring ??= load();
      if (!keyring) return problem('the keychain module (@napi-rs/keyring) cannot be loaded');
      let text: string | null | undefined;
      try {
        text = await new keyring.AsyncEntry(service, options.username ?? osUserName()).getPassword();
      } catch (error) {
        // The keyring's errors describe the store (locked, access denied, ambiguous), never the secret.
        return problem(`cannot be read (${(error as Error).message})`);
      }
      if (text === null || text === undefined || text === '') return undefined;
      if (text.length > MAX_KEYCHAIN_ITEM_CHARS) return problem('larger than a Claude Code login can be');
      const parsed = parseClaudeCredentials(text.trim());
      return isCredentialProblem(parsed) ? problem(`not a Claude Code login: ${parsed.problem}`) : parsed;
    },
  };
}

// Claude Code names the item's account after $USER, falling back to the OS account name.
function osUserName(): string {
  const fromEnv = process.env.USER;
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
