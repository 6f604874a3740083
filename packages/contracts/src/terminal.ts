// The multi-account terminal's paths and the pty host's protocol. The daemon serves the dashboard terminal API
// and the pane socket and relays both to the pty host (terminal/), a process of its own, over a message channel
// (a child process's IPC in browser mode, a MessagePort between two utilityProcesses in the desktop app). This
// module loads no schema library; the wire schemas are in schemas/terminal.ts.
import type {
  ClaudeAccountInfo,
  ClaudeAccountList,
  NewAccountRequest,
  NewPaneRequest,
  PaneInfo,
  PaneList,
  SocketClientMessage,
  SocketServerMessage,
  TerminalSettings,
  TerminalSettingsUpdate,
  UsageResponse,
} from './schemas/terminal';

export const TERMINAL_ACCOUNTS_PATH = '/api/terminal/claude-accounts';
export const TERMINAL_USAGE_PATH = '/api/terminal/claude-accounts/usage';
export const TERMINAL_SETTINGS_PATH = '/api/terminal/claude-accounts/settings';
export const TERMINAL_SESSIONS_PATH = '/api/terminal/sessions';
/** The pane socket (WebSocket): every pane's input and output for one window. */
export const TERMINAL_SOCKET_PATH = '/api/terminal/socket';
/**
 * Browsers cannot set headers on a WebSocket, so the window offers its dashboard session token as a subprotocol:
 * `Sec-WebSocket-Protocol: ssg-terminal, ssg-bearer.<token>`; the daemon answers with `ssg-terminal`.
 */
export const TERMINAL_SOCKET_PROTOCOL = 'ssg-terminal';
export const TERMINAL_BEARER_PROTOCOL_PREFIX = 'ssg-bearer.';
/** Keystrokes and pastes in one `input` message; the window splits a larger paste. (Here, not in the schemas, so a
 * window gets it without loading a schema library.) */
export const MAX_INPUT_CHARS = 65_536;

/** What the pty host answers, by operation: its parameters and its result. */
export interface TerminalOperations {
  listPanes: { params: Record<string, never>; result: PaneList };
  openPane: { params: NewPaneRequest; result: PaneInfo };
  closePane: { params: { paneId: string }; result: PaneInfo };
  switchAccount: { params: { paneId: string; accountId: string }; result: PaneInfo };
  listAccounts: { params: Record<string, never>; result: ClaudeAccountList };
  addAccount: { params: NewAccountRequest; result: ClaudeAccountInfo };
  removeAccount: { params: { accountId: string }; result: ClaudeAccountInfo };
  startLogin: { params: { accountId: string }; result: PaneInfo };
  usage: { params: Record<string, never>; result: UsageResponse };
  getSettings: { params: Record<string, never>; result: TerminalSettings };
  putSettings: { params: TerminalSettingsUpdate; result: TerminalSettings };
}

export type TerminalOperation = keyof TerminalOperations;

/** daemon → pty host. */
export type HostInbound =
  | { kind: 'request'; id: number; op: TerminalOperation; params: unknown }
  | { kind: 'client-message'; clientId: string; message: SocketClientMessage }
  | { kind: 'client-closed'; clientId: string };

/** pty host → daemon. A refused request carries the HTTP status the daemon answers with, and why. */
export type HostOutbound =
  | { kind: 'response'; id: number; ok: true; value: unknown }
  | { kind: 'response'; id: number; ok: false; status: number; message: string }
  | { kind: 'client-send'; clientIds: readonly string[] | 'all'; message: SocketServerMessage }
  | { kind: 'ready'; pid: number };

export type {
  ClaudeAccountInfo,
  ClaudeAccountList,
  NewAccountRequest,
  NewPaneRequest,
  PaneInfo,
  PaneList,
  SocketClientMessage,
  SocketServerMessage,
  TerminalSettings,
  TerminalSettingsUpdate,
  UsageResponse,
};
export type { AccountUsageInfo, SwitchAccountRequest } from './schemas/terminal';
