// How `claude` is started for an account in a pane: its environment and the start of its argv.
//
// The account is chosen by CLAUDE_CONFIG_DIR alone (unset for the default account), so everything that would
// override or confuse that choice is removed from what the pty host inherited:
// - credentials that take precedence over the account's login (ANTHROPIC_AUTH_TOKEN, ANTHROPIC_API_KEY,
//   CLAUDE_CODE_OAUTH_TOKEN; a setup-token also lacks the scope to read usage) and the switches to a cloud provider,
//   which outrank every login;
// - CLAUDE_SECURESTORAGE_CONFIG_DIR, which would key the macOS keychain entry to another folder;
// - the variables a running Claude Code gives its children (CLAUDECODE, CLAUDE_CODE_ENTRYPOINT, the session id…):
//   a `claude` that inherits them believes it is nested and may not save its transcript;
// - ELECTRON_RUN_AS_NODE, set for the pty host itself, which would break Electron apps started from a pane.
// ANTHROPIC_BASE_URL and the rest are kept: a gateway URL is the user's choice, not a credential. `keep` lets a
// caller (a test with a fake API, a user who wants a provider) keep named variables anyway.
import { type ClaudeAccount, launchConfigDir } from './account';

export const SCRUBBED_VARIABLES: readonly string[] = Object.freeze([
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'CLAUDE_CODE_OAUTH_REFRESH_TOKEN',
  'CLAUDE_CODE_USE_BEDROCK',
  'CLAUDE_CODE_USE_VERTEX',
  'CLAUDE_CODE_USE_FOUNDRY',
  'CLAUDE_SECURESTORAGE_CONFIG_DIR',
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CLAUDE_CODE_SESSION_ID',
  'CLAUDE_CODE_SSE_PORT',
  'CLAUDE_CODE_EXECPATH',
  'CLAUDE_PROJECT_DIR',
  'CLAUDE_ENV_FILE',
  'CLAUDE_PLUGIN_ROOT',
  'ELECTRON_RUN_AS_NODE',
]);

export interface ClaudeLaunchOptions {
  /** What the pty host inherited (process.env). */
  inherited: NodeJS.ProcessEnv;
  /** Variables kept even though they are scrubbed by default. */
  keep?: readonly string[];
  /** The Claude Code executable; `claude` from PATH by default. */
  claudeCommand?: string;
  platform?: NodeJS.Platform;
}

export interface ClaudeLaunch {
  file: string;
  /** The start of the argv; the caller appends `--session-id`, `--resume`, `--settings`… */
  args: string[];
  env: Record<string, string>;
}

export function claudeLaunch(account: ClaudeAccount, options: ClaudeLaunchOptions): ClaudeLaunch {
  const platform = options.platform ?? process.platform;
  const keep = new Set(options.keep ?? []);
  if (keep.has('CLAUDE_CONFIG_DIR')) throw new Error('CLAUDE_CONFIG_DIR is set by the account and cannot be kept.');
  // Windows names variables case-insensitively: `Anthropic_Api_Key` is the same variable there.
  const key = (name: string) => (platform === 'win32' ? name.toUpperCase() : name);
  const scrubbed = new Set([...SCRUBBED_VARIABLES, 'CLAUDE_CONFIG_DIR'].filter((name) => !keep.has(name)).map(key));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.inherited))
    if (value !== undefined && !scrubbed.has(key(name))) env[name] = value;

  const configDir = launchConfigDir(account);
  if (configDir !== undefined) env.CLAUDE_CONFIG_DIR = configDir;
  env.TERM = 'xterm-256color';
  env.COLORTERM = 'truecolor';
  // An app started from the Dock or a desktop menu often has no locale at all, and Claude Code then draws its
  // non-ASCII output may turn into `?`. A locale the user set, UTF-8 or not, is theirs.
  if (platform !== 'win32' && !env.LC_ALL && !env.LC_CTYPE && !env.LANG)
    env.LANG = platform === 'darwin' ? 'en_US.UTF-8' : 'C.UTF-8';
  return { file: options.claudeCommand ?? 'claude', args: [], env };
}
