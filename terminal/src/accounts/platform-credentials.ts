// Where this machine's Claude Code keeps logins: the macOS keychain, else `.credentials.json` files. (Claude Code
// on Windows has a Credential Manager backend behind a flag; the file is still the default there.)
import type { CredentialProblemListener, CredentialReader } from './credentials';
import { fileCredentialReader } from './file-credentials';
import { keychainCredentialReader, type KeyringModule } from './keychain-credentials';

export interface PlatformCredentialReaderOptions {
  home: string;
  platform?: NodeJS.Platform;
  keyring?: () => KeyringModule | undefined;
  onProblem?: CredentialProblemListener;
}

export function platformCredentialReader(options: PlatformCredentialReaderOptions): CredentialReader {
  return (options.platform ?? process.platform) === 'darwin'
    ? keychainCredentialReader({ keyring: options.keyring, onProblem: options.onProblem })
    : fileCredentialReader({ home: options.home, onProblem: options.onProblem });
}
