// The Terminal page: its panes, Claude accounts, their usage, the terminal settings and the host's notices. Lists
// and actions go over HTTP (/api/terminal/…); the pane socket (../api/terminal-socket.ts) brings changes as they
// happen (`pane`, `pane-closed`, `usage`, `notice`), and usage is asked for every minute as well. Without a
// subscription every route answers 402, and the page shows the daemon's words instead of itself.
import { create } from 'zustand';
import type {
  ClaudeAccountInfo,
  NewPaneRequest,
  PaneInfo,
  TerminalSettings,
  TerminalSettingsUpdate,
  UsageResponse,
} from '@ssg/contracts/terminal';
import { ApiError, call, describeError } from '../api/client';
import { sessionToken } from '../api/tab-session';
import { type TerminalEvent, TerminalSocket } from '../api/terminal-socket';

export interface TerminalNotice {
  id: number;
  level: 'info' | 'warning';
  message: string;
}

const USAGE_REFRESH_MS = 60_000;
const NOTICE_SHOWN_MS = 10_000;

interface TerminalState {
  panes: PaneInfo[];
  accounts: ClaudeAccountInfo[];
  usage: UsageResponse | null;
  settings: TerminalSettings | null;
  notices: TerminalNotice[];
  /** Set: the daemon refused with 402, in its words (what the subscription lacks). */
  subscriptionProblem: string | null;
  loaded: boolean;
  error: string | null;
  /** The pane socket: lost after a drop, until the reconnect succeeds. */
  connection: 'connecting' | 'open' | 'lost';
  /** The pane that last had the keyboard: where a chip click moves the conversation. */
  focusedPaneId: string | null;
  /** Loads everything and opens the pane socket; `close` undoes it (the page mounts and unmounts). */
  open(): Promise<void>;
  close(): void;
  refreshUsage(): Promise<void>;
  openPane(request: NewPaneRequest): Promise<void>;
  closePane(paneId: string): Promise<void>;
  focusPane(paneId: string): void;
  /** Adds an account and opens the pane where it signs in. */
  addAccount(name: string): Promise<void>;
  /** Removes an added account (the daemon moves its folder aside; 409 while a pane uses it). */
  removeAccount(accountId: string): Promise<void>;
  switchAccount(paneId: string, accountId: string): Promise<void>;
  /** Resolves to the daemon's message when it refused the change, else null. */
  saveSettings(update: TerminalSettingsUpdate): Promise<string | null>;
  dismissNotice(id: number): void;
}

let nextNoticeId = 1;
/** Panes this window saw closed: the host may still report one's process ending after it said it was closed. */
const closedPaneIds = new Set<string>();
let usageTimer: ReturnType<typeof setInterval> | undefined;
/** Counts the page's opens and closes, so a load that ends after the page closed starts nothing. */
let visits = 0;

export const terminalSocket = new TerminalSocket({
  sessionToken,
  onEvent: (event) => received(event),
  onConnected: (connected) => {
    useTerminal.setState({ connection: connected ? 'open' : 'lost' });
    // Panes may have opened or closed while the window was away (or the daemon, and its panes, restarted).
    if (connected) void reloadPanes();
  },
});

function upsert(panes: PaneInfo[], pane: PaneInfo): PaneInfo[] {
  return panes.some((p) => p.id === pane.id) ? panes.map((p) => (p.id === pane.id ? pane : p)) : [...panes, pane];
}

/** A pane an HTTP answer returned: the socket's `pane` messages may already be newer than the answer. */
function addIfNew(panes: PaneInfo[], pane: PaneInfo): PaneInfo[] {
  return panes.some((p) => p.id === pane.id) ? panes : [...panes, pane];
}

export const useTerminal = create<TerminalState>()((set, get) => {
  /** Runs an action; a 402 turns the page into the subscription panel, anything else is shown as an error. */
  async function attempt(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      set({ error: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) set({ subscriptionProblem: error.message });
      else set({ error: describeError(error) });
    }
  }

  return {
    panes: [],
    accounts: [],
    usage: null,
    settings: null,
    notices: [],
    subscriptionProblem: null,
    loaded: false,
    error: null,
    connection: 'connecting',
    focusedPaneId: null,
    async open() {
      const visit = ++visits;
      await attempt(async () => {
        const [panes, accounts, usage, settings] = await Promise.all([
          call('GET /api/terminal/sessions'),
          call('GET /api/terminal/claude-accounts'),
          call('GET /api/terminal/claude-accounts/usage'),
          call('GET /api/terminal/claude-accounts/settings'),
        ]);
        set({
          panes: panes.panes,
          accounts: accounts.accounts,
          usage,
          settings,
          subscriptionProblem: null,
        });
      });
      set({ loaded: true });
      // Left (closed) while loading: nothing to start.
      if (visit !== visits || get().subscriptionProblem !== null) return;
      set({ connection: 'connecting' });
      terminalSocket.start();
      clearInterval(usageTimer);
      usageTimer = setInterval(() => void get().refreshUsage(), USAGE_REFRESH_MS);
    },
    close() {
      visits++;
      clearInterval(usageTimer);
      usageTimer = undefined;
      terminalSocket.stop();
    },
    async refreshUsage() {
      await attempt(async () => set({ usage: await call('GET /api/terminal/claude-accounts/usage') }));
    },
    async openPane(request) {
      await attempt(async () => {
        const pane = await call('POST /api/terminal/sessions', { body: request });
        set({ panes: addIfNew(get().panes, pane), focusedPaneId: pane.id });
      });
    },
    async closePane(paneId) {
      await attempt(async () => {
        await call('DELETE /api/terminal/sessions/:id', { params: { id: paneId } });
        paneClosed(paneId);
      });
    },
    focusPane(paneId) {
      set({ focusedPaneId: paneId });
    },
    async addAccount(name) {
      await attempt(async () => {
        const account = await call('POST /api/terminal/claude-accounts', { body: { name } });
        set({ accounts: [...get().accounts.filter((a) => a.id !== account.id), account] });
        const pane = await call('POST /api/terminal/claude-accounts/:id/login', { params: { id: account.id } });
        set({ panes: addIfNew(get().panes, pane), focusedPaneId: pane.id });
      });
    },
    async removeAccount(accountId) {
      await attempt(async () => {
        await call('DELETE /api/terminal/claude-accounts/:id', { params: { id: accountId } });
        set({ accounts: get().accounts.filter((a) => a.id !== accountId) });
      });
    },
    async switchAccount(paneId, accountId) {
      // The pane's progress (switching, then running on the other account) comes as `pane` messages.
      await attempt(async () => {
        await call('POST /api/terminal/sessions/:id/claude-account', { params: { id: paneId }, body: { accountId } });
      });
    },
    async saveSettings(update) {
      try {
        set({ settings: await call('PUT /api/terminal/claude-accounts/settings', { body: update }) });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 402) set({ subscriptionProblem: error.message });
        return describeError(error);
      }
    },
    dismissNotice(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
    },
  };
});

async function reloadPanes(): Promise<void> {
  try {
    const { panes } = await call('GET /api/terminal/sessions');
    const kept = new Set(panes.map((pane) => pane.id));
    for (const pane of useTerminal.getState().panes) if (!kept.has(pane.id)) terminalSocket.forget(pane.id);
    for (const id of kept) closedPaneIds.delete(id);
    useTerminal.setState({ panes });
  } catch {
    // The page keeps what it shows; the next reconnect or action says what is wrong.
  }
}

async function reloadAccounts(): Promise<void> {
  try {
    useTerminal.setState({ accounts: (await call('GET /api/terminal/claude-accounts')).accounts });
  } catch {
    // The chips keep what they show until the next load.
  }
}

function paneClosed(paneId: string): void {
  closedPaneIds.add(paneId);
  terminalSocket.forget(paneId);
  const { panes, focusedPaneId } = useTerminal.getState();
  useTerminal.setState({
    panes: panes.filter((p) => p.id !== paneId),
    focusedPaneId: focusedPaneId === paneId ? null : focusedPaneId,
  });
}

function notify(level: TerminalNotice['level'], message: string): void {
  const id = nextNoticeId++;
  useTerminal.setState((state) => ({ notices: [...state.notices, { id, level, message }] }));
  setTimeout(() => useTerminal.getState().dismissNotice(id), NOTICE_SHOWN_MS);
}

function received(event: TerminalEvent): void {
  switch (event.type) {
    case 'pane':
      if (closedPaneIds.has(event.pane.id)) break;
      useTerminal.setState((state) => ({ panes: upsert(state.panes, event.pane) }));
      // A sign-in ended: the account may be signed in now (no message says so).
      if (event.pane.kind === 'login' && event.pane.state === 'exited') void reloadAccounts();
      break;
    case 'pane-closed':
      paneClosed(event.paneId);
      break;
    case 'usage':
      useTerminal.setState({ usage: event.usage });
      break;
    case 'notice':
      notify(event.level, event.message);
      break;
    case 'error':
      notify('warning', event.message);
      break;
  }
}
