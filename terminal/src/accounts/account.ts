// A Claude Code account of the multi-account terminal: the machine's own login (the default account) or one
// logged in inside a config folder of its own under the ssg home. Claude Code keeps the login per config folder
// (`.credentials.json` on Linux and Windows, a keychain entry keyed by the folder's path on macOS), so the folder
// is the account.
import { join, resolve } from 'node:path';

export interface ClaudeAccount {
  /** A short lowercase slug, unique among the accounts; `default` for the machine's own login. */
  id: string;
  /** The user's name for it. */
  name: string;
  isDefault: boolean;
  /**
   * The account's config folder, exactly the string passed as CLAUDE_CONFIG_DIR (the macOS keychain entry is
   * keyed by a hash of that string). Undefined for the default account, which runs with the variable unset:
   * setting it, even to `~/.claude`, makes Claude Code use another keychain entry on macOS.
   */
  configDir?: string;
}

export const DEFAULT_ACCOUNT_ID = 'default';

export const DEFAULT_ACCOUNT: ClaudeAccount = Object.freeze({
  id: DEFAULT_ACCOUNT_ID,
  name: 'Default',
  isDefault: true,
});

/** `<ssgHome>/claude-accounts`: the accounts' folders and their records (`accounts.json`). */
export const accountsFolder = (ssgHome: string): string => join(resolve(ssgHome), 'claude-accounts');

/** An account's config folder (absolute, no trailing separator: the same string every time it is asked for). */
export function accountConfigDir(ssgHome: string, id: string): string {
  assertAccountId(id);
  return join(accountsFolder(ssgHome), id);
}

/** The value of CLAUDE_CONFIG_DIR when `claude` runs for the account; undefined means the variable is unset. */
export const launchConfigDir = (account: ClaudeAccount): string | undefined =>
  account.isDefault ? undefined : account.configDir;

/** The folder Claude Code of the account reads: its config folder, or `~/.claude` for the default account. */
export const effectiveConfigDir = (account: ClaudeAccount, home: string): string =>
  launchConfigDir(account) ?? mainClaudeDir(home);

/**
 * The machine's own Claude Code folder, which the other accounts share settings and history with. Always
 * `<home>/.claude`, even when ssg itself was started with CLAUDE_CONFIG_DIR: a desktop app started from the Dock or
 * the Start menu never sees a shell's variables, so honouring it would make the default account depend on how ssg
 * was started, and the default account runs with the variable unset.
 */
export const mainClaudeDir = (home: string): string => join(home, '.claude');

export const MAX_ID_LENGTH = 32;
export const MAX_NAME_LENGTH = 64;

const ID_FORMAT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
// Names Windows refuses for a file or folder, in any case and with any extension.
const WINDOWS_DEVICE_NAMES = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** Why `id` cannot name an account folder, or undefined when it can. */
export function accountIdProblem(id: string): string | undefined {
  if (id === DEFAULT_ACCOUNT_ID) return `"${DEFAULT_ACCOUNT_ID}" is the machine's own login`;
  if (id.length === 0 || id.length > MAX_ID_LENGTH || !ID_FORMAT.test(id))
    return `an account id is 1 to ${MAX_ID_LENGTH} lowercase letters, digits and inner dashes`;
  if (WINDOWS_DEVICE_NAMES.test(id)) return 'Windows reserves that name';
  return undefined;
}

export function assertAccountId(id: string): void {
  const problem = accountIdProblem(id);
  if (problem) throw new Error(`Account id ${JSON.stringify(id)} is not valid: ${problem}.`);
}

/** The name as kept: trimmed; an error saying why when it is empty, too long or holds control characters. */
export function validAccountName(name: string): string {
  const trimmed = typeof name === 'string' ? name.normalize('NFC').trim() : '';
  if (trimmed.length === 0) throw new Error('An account name cannot be empty.');
  if ([...trimmed].length > MAX_NAME_LENGTH)
    throw new Error(`An account name is at most ${MAX_NAME_LENGTH} characters (this one has ${[...trimmed].length}).`);
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(trimmed))
    throw new Error('An account name cannot contain control characters or line breaks.');
  return trimmed;
}

/**
 * A new id for an account named `name`: its letters and digits as a lowercase slug (accents dropped), `account`
 * when none are left, with `-2`, `-3`… when the slug is taken or reserved. Path characters never survive, so a
 * name like `../x` gives `x`.
 */
export function newAccountId(name: string, isTaken: (id: string) => boolean): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, MAX_ID_LENGTH - 4)
      .replace(/-+$/, '') || 'account';
  const free = (id: string) => accountIdProblem(id) === undefined && !isTaken(id);
  if (free(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (free(candidate)) return candidate;
  }
}
