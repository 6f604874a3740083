// The window's pane socket (GET /api/terminal/socket): one WebSocket for every pane the page shows. A browser cannot
// put headers on a WebSocket, so the tab's session token goes as a subprotocol beside `ssg-terminal`; the browser
// itself sends the page's Origin, which is the daemon's. After a drop it reconnects with back-off and attaches
// every pane it shows again; the daemon answers each attach with the pane's screen (a snapshot), which replaces
// what the terminal showed. Output is acknowledged only once the terminal has parsed it: that is the flow control
// that pauses a pane's process while this window falls behind.
import {
  MAX_INPUT_CHARS,
  type SocketClientMessage,
  type SocketServerMessage,
  TERMINAL_BEARER_PROTOCOL_PREFIX,
  TERMINAL_SOCKET_PATH,
  TERMINAL_SOCKET_PROTOCOL,
} from '@ssg/contracts/terminal';

/** A pane on the page: a terminal that parses what it is given. */
export interface PaneScreen {
  /** Forgets everything shown (a snapshot follows). */
  reset(): void;
  /** Writes `data`, calling `parsed` once the terminal has parsed it. */
  write(data: string, parsed: () => void): void;
}

/** The messages that are not a pane's screen: panes, usage, notices, errors. */
export type TerminalEvent = Exclude<SocketServerMessage, { type: 'snapshot' | 'output' }>;

/** The part of a WebSocket this client uses (the browser's, or a test's). */
export interface SocketLike {
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  send(data: string): void;
  close(): void;
}

export interface TerminalSocketOptions {
  /** Opens a WebSocket (the browser's by default). */
  open?: (url: string, protocols: string[]) => SocketLike;
  url?: string;
  sessionToken: () => string | undefined;
  onEvent: (event: TerminalEvent) => void;
  onConnected: (connected: boolean) => void;
  /** Runs `run` after `ms`; returns a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
}

const OPEN = 1;

/** 0.5 s, 1 s, 2 s … up to 10 s between attempts, so a daemon restart is picked up quickly but not hammered. */
export function reconnectDelay(failedAttempts: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(failedAttempts, 5));
}

/** Splits typed or pasted text into messages the daemon accepts, never between the halves of a surrogate pair. */
export function splitInput(data: string, max = MAX_INPUT_CHARS): string[] {
  const parts: string[] = [];
  let start = 0;
  while (data.length - start > max) {
    let end = start + max;
    const last = data.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(data.slice(start, end));
    start = end;
  }
  if (start < data.length || parts.length === 0) parts.push(data.slice(start));
  return parts;
}

function scheduleWithTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

function pageSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${TERMINAL_SOCKET_PATH}`;
}

export class TerminalSocket {
  private socket: SocketLike | undefined;
  private readonly screens = new Map<string, PaneScreen>();
  /** The last size each shown pane asked for, sent again after a reconnect. */
  private readonly sizes = new Map<string, { cols: number; rows: number }>();
  private failedAttempts = 0;
  private cancelRetry: (() => void) | undefined;
  private stopped = true;

  constructor(private readonly options: TerminalSocketOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  /** Shows a pane's output on `screen` from its current screen on; returns what hides it again. */
  show(paneId: string, screen: PaneScreen): () => void {
    this.screens.set(paneId, screen);
    this.send({ type: 'attach', paneId });
    return () => {
      if (this.screens.get(paneId) !== screen) return;
      this.screens.delete(paneId);
      this.sizes.delete(paneId);
      this.send({ type: 'detach', paneId });
    };
  }

  /** The pane was closed: stops showing it without a `detach`, which the daemon would refuse (it has no such pane). */
  forget(paneId: string): void {
    this.screens.delete(paneId);
    this.sizes.delete(paneId);
  }

  input(paneId: string, data: string): void {
    for (const part of splitInput(data)) this.send({ type: 'input', paneId, data: part });
  }

  resize(paneId: string, cols: number, rows: number): void {
    const last = this.sizes.get(paneId);
    if (last?.cols === cols && last.rows === rows) return;
    this.sizes.set(paneId, { cols, rows });
    this.send({ type: 'resize', paneId, cols, rows });
  }

  private send(message: SocketClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    const token = this.options.sessionToken();
    const protocols = [TERMINAL_SOCKET_PROTOCOL];
    if (token !== undefined) protocols.push(`${TERMINAL_BEARER_PROTOCOL_PREFIX}${token}`);
    // The browser's handlers take events this client does not read; it is a SocketLike in every other respect.
    const open = this.options.open ?? ((url, offered) => new WebSocket(url, offered) as unknown as SocketLike);
    const socket = open(this.options.url ?? pageSocketUrl(), protocols);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.failedAttempts = 0;
      this.options.onConnected(true);
      for (const paneId of this.screens.keys()) {
        socket.send(JSON.stringify({ type: 'attach', paneId } satisfies SocketClientMessage));
        const size = this.sizes.get(paneId);
        if (size) socket.send(JSON.stringify({ type: 'resize', paneId, ...size } satisfies SocketClientMessage));
      }
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.received(socket, JSON.parse(event.data) as SocketServerMessage);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.options.onConnected(false);
      if (this.stopped) return;
      const schedule = this.options.schedule ?? scheduleWithTimer;
      this.cancelRetry = schedule(() => {
        this.cancelRetry = undefined;
        if (!this.stopped) this.connect();
      }, reconnectDelay(this.failedAttempts++));
    };
  }

  private received(socket: SocketLike, message: SocketServerMessage): void {
    if (message.type !== 'snapshot' && message.type !== 'output') {
      this.options.onEvent(message);
      return;
    }
    const screen = this.screens.get(message.paneId);
    if (!screen) return;
    if (message.type === 'snapshot') {
      screen.reset();
      screen.write(message.data, () => undefined);
      return;
    }
    const { paneId, data } = message;
    // Acknowledged on the connection that delivered it: a new connection is a new consumer that starts at zero.
    screen.write(data, () => {
      if (this.socket === socket && socket.readyState === OPEN) {
        socket.send(JSON.stringify({ type: 'ack', paneId, chars: data.length } satisfies SocketClientMessage));
      }
    });
  }
}
