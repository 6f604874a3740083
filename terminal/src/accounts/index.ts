export {
  accountConfigDir,
  accountIdProblem,
  accountsFolder,
  assertAccountId,
  type ClaudeAccount,
  DEFAULT_ACCOUNT,
  DEFAULT_ACCOUNT_ID,
  effectiveConfigDir,
  launchConfigDir,
  mainClaudeDir,
  newAccountId,
  validAccountName,
} from './account';
export { type AccountLabel, claudeJsonPath, readAccountLabel } from './account-label';
export {
  type AccountRecord,
  type AccountRemoval,
  AccountStore,
  type AccountStoreOptions,
  accountsFilePath,
  REMOVED_FOLDER,
} from './account-store';
export {
  type ClaudeCredentials,
  type CredentialProblem,
  type CredentialProblemListener,
  type CredentialReader,
  parseClaudeCredentials,
} from './credentials';
export { credentialsFilePath, fileCredentialReader, type FileCredentialReaderOptions } from './file-credentials';
export {
  claudeKeychainService,
  keychainCredentialReader,
  type KeychainCredentialReaderOptions,
  type KeyringModule,
  loadKeyring,
} from './keychain-credentials';
export { claudeLaunch, type ClaudeLaunch, type ClaudeLaunchOptions, SCRUBBED_VARIABLES } from './launch-environment';
export { platformCredentialReader, type PlatformCredentialReaderOptions } from './platform-credentials';
export { Secret } from './secret';
export {
  NEVER_SHARED,
  repairSharedLinks,
  SHARED_ITEMS,
  type SharedLinkProblem,
  type SharedLinkProblemKind,
  type SharedLinksOptions,
} from './shared-links';
