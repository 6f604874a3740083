// How a pane runs Claude Code: a new conversation with a session id chosen up front (`--session-id`), a
// conversation moved to another account (`--resume <id> '<continue prompt>'`, in the folder it started in), or an
// account's sign-in (`auth login`). Every conversation gets `--settings` with ssg's status line and hooks, which
// report to the pane's inbox (pane-inbox.ts): Claude Code adds hooks given this way to the user's own, and the
// settings apply to that one process, so nothing is written to the user's configuration. A status line given this
// way replaces the user's own, so the reporter runs theirs and shows it.
import { REPORTER_SCRIPT } from './pane-inbox';

export type ClaudeStart =
  { mode: 'new'; sessionId: string } | { mode: 'resume'; sessionId: string; prompt?: string } | { mode: 'login' };

export interface ReporterCommand {
  /** The Node binary: the pty host's own (under Electron it runs as Node with ELECTRON_RUN_AS_NODE). */
  node: string;
  inbox: string;
  accountName: string;
  /** The user's own status line command (from ~/.claude/settings.json), which ours would otherwise replace. */
  userStatusLine?: string;
}

/** The hook events ssg listens to: the session id (and its changes on /clear), and the turn that failed. */
const REPORTED_HOOKS = ['SessionStart', 'StopFailure'] as const;

export function claudeArgs(start: ClaudeStart, reporter: ReporterCommand): string[] {
  if (start.mode === 'login') return ['auth', 'login'];
  const settings = JSON.stringify(claudeSettings(reporter));
  if (start.mode === 'new') return ['--session-id', start.sessionId, '--settings', settings];
  return ['--resume', start.sessionId, '--settings', settings, ...(start.prompt ? [start.prompt] : [])];
}

export function claudeSettings({ node, inbox, accountName, userStatusLine }: ReporterCommand): Record<string, unknown> {
  const run = (kind: string, ...rest: string[]): string =>
    ['ELECTRON_RUN_AS_NODE=1', ...[node, REPORTER_SCRIPT, kind, inbox, ...rest].map(shellQuote)].join(' ');
  const hook = { hooks: [{ type: 'command', command: run('hook'), timeout: 10 }] };
  return {
    statusLine: {
      type: 'command',
      command: run('status-line', accountName, ...(userStatusLine ? [userStatusLine] : [])),
      padding: 0,
    },
    hooks: Object.fromEntries(REPORTED_HOOKS.map((event) => [event, [hook]])),
  };
}

/** One word for a POSIX shell (Claude Code runs commands with one, Git Bash on Windows). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
