// What identifies an account to the user: the e-mail address and organisation of its login, from Claude Code's
// `.claude.json` (`<config folder>/.claude.json`, or `~/.claude.json` for the default account), which holds no
// tokens; and whether it is logged in, from whether its credentials can be read.
import { join } from 'node:path';
import { type ClaudeAccount, launchConfigDir } from './account';
import type { CredentialReader } from './credentials';
import { readSmallFile } from './read-small-file';

export interface AccountLabel {
  email?: string;
  organization?: string;
  loggedIn: boolean;
}

/** `.claude.json` also keeps every project's state, so it can grow; past this it is not read for a label. */
export const MAX_CLAUDE_JSON_BYTES = 32 * 1024 * 1024;
const MAX_LABEL_CHARS = 320;

export const claudeJsonPath = (account: ClaudeAccount, home: string): string =>
  join(launchConfigDir(account) ?? home, '.claude.json');

export async function readAccountLabel(
  account: ClaudeAccount,
  options: { home: string; credentials: CredentialReader },
): Promise<AccountLabel> {
  const [identity, credentials] = await Promise.all([
    readIdentity(claudeJsonPath(account, options.home)),
    options.credentials.read(account),
  ]);
  return { ...identity, loggedIn: credentials !== undefined };
}

async function readIdentity(path: string): Promise<Omit<AccountLabel, 'loggedIn'>> {
  let oauthAccount: unknown;
  try {
    oauthAccount = (JSON.parse(await readSmallFile(path, MAX_CLAUDE_JSON_BYTES)) as { oauthAccount?: unknown })
      ?.oauthAccount;
  } catch {
    return {};
  }
  if (typeof oauthAccount !== 'object' || oauthAccount === null) return {};
  const { emailAddress, organizationName } = oauthAccount as Record<string, unknown>;
  const email = labelText(emailAddress);
  const organization = labelText(organizationName);
  return { ...(email ? { email } : {}), ...(organization ? { organization } : {}) };
}

const labelText = (value: unknown): string | undefined =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= MAX_LABEL_CHARS &&
  !/[\u0000-\u001f\u007f]/.test(value)
    ? value
    : undefined;
