// What ssg reads of a Claude Code login, and how: only the access token (to read the account's usage) and what
// describes it. Read only: ssg never writes, refreshes or deletes a login. Refresh tokens are single-use and
// rotate, so a refresh by anyone but the account's own `claude` can log that account out everywhere; the refresh
// token is therefore never even kept in memory.
import type { ClaudeAccount } from './account';
import { Secret } from './secret';

export interface ClaudeCredentials {
  accessToken: Secret;
  /** Unix milliseconds. */
  expiresAt?: number;
  scopes: string[];
  /** `pro`, `max`, `team`, `enterprise`… */
  subscriptionType?: string;
}

export interface CredentialReader {
  /** The account's login; undefined when it has none or it cannot be read (never throws). */
  read(account: ClaudeAccount): Promise<ClaudeCredentials | undefined>;
}

/** Why a login that seems to be there could not be read. Names where it looked, never holds the secret. */
export interface CredentialProblem {
  accountId: string;
  message: string;
}

export type CredentialProblemListener = (problem: CredentialProblem) => void;

/**
 * The login in Claude Code's JSON (the `.credentials.json` file, or the same JSON in the macOS keychain item):
 * `{ claudeAiOauth: { accessToken, refreshToken, expiresAt, scopes, subscriptionType, … } }`. Undefined when there
 * is no access token (logged out: Claude Code blanks the fields when a refresh fails); a string when the text is not
 * that shape, saying what is wrong without quoting it (JSON.parse's own message quotes the text).
 */
export function parseClaudeCredentials(text: string): ClaudeCredentials | undefined | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: 'it is not JSON' };
  }
  if (!isObject(parsed)) return { problem: 'it is not a JSON object' };
  const oauth = parsed.claudeAiOauth;
  if (oauth === undefined || oauth === null) return undefined;
  if (!isObject(oauth)) return { problem: '"claudeAiOauth" is not an object' };
  const { accessToken, expiresAt, scopes, subscriptionType } = oauth;
  if (accessToken === undefined || accessToken === null || accessToken === '') return undefined;
  if (typeof accessToken !== 'string') return { problem: '"accessToken" is not a string' };
  return {
    accessToken: new Secret(accessToken),
    ...(typeof expiresAt === 'number' && Number.isFinite(expiresAt) ? { expiresAt } : {}),
    scopes: scopeList(scopes),
    ...(typeof subscriptionType === 'string' && subscriptionType ? { subscriptionType } : {}),
  };
}

export const isCredentialProblem = (
  parsed: ClaudeCredentials | undefined | { problem: string },
): parsed is { problem: string } => parsed !== undefined && 'problem' in parsed;

// A list of strings; also accepted as one space-separated string (the OAuth `scope` form).
function scopeList(scopes: unknown): string[] {
  if (typeof scopes === 'string') return scopes.split(/\s+/).filter(Boolean);
  if (!Array.isArray(scopes)) return [];
  return scopes.filter((scope): scope is string => typeof scope === 'string' && scope.length > 0);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
