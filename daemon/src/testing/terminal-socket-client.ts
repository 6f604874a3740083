// Test support: a window's pane socket (a real WebSocket client) that keeps what it received, acknowledges output
// as a browser would once rendered, and waits for messages.
import type { SocketClientMessage, SocketServerMessage } from '@ssg/contracts/terminal';
import {
  TERMINAL_BEARER_PROTOCOL_PREFIX,
  TERMINAL_SOCKET_PATH,
  TERMINAL_SOCKET_PROTOCOL,
} from '@ssg/contracts/terminal';
import WebSocket from 'ws';

export interface SocketCredentials {
  /** The admin credential in X-Service-Token (a non-browser client). */
  adminToken?: string;
  /** A dashboard session token, offered as a subprotocol (what a browser does). */
  sessionToken?: string;
  origin?: string;
}

export class TerminalSocketClient {
  readonly received: SocketServerMessage[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as SocketServerMessage;
      this.received.push(message);
      if (message.type === 'output') this.send({ type: 'ack', paneId: message.paneId, chars: message.data.length });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Resolves once open; rejects with the HTTP status of a refused upgrade. */
  static connect(url: string, credentials: SocketCredentials): Promise<TerminalSocketClient> {
    const protocols = [TERMINAL_SOCKET_PROTOCOL];
    if (credentials.sessionToken) protocols.push(`${TERMINAL_BEARER_PROTOCOL_PREFIX}${credentials.sessionToken}`);
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${TERMINAL_SOCKET_PATH}`, protocols, {
      headers: {
        ...(credentials.adminToken && { 'x-service-token': credentials.adminToken }),
        ...(credentials.origin && { origin: credentials.origin }),
      },
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new TerminalSocketClient(socket)));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => reject(Object.assign(new Error(body), { status: response.statusCode })));
      });
      socket.once('error', reject);
    });
  }

  send(message: SocketClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Everything the pane printed so far (snapshot and output), as one text. */
  screenText(paneId: string): string {
    return this.received
      .filter(
        (m): m is Extract<SocketServerMessage, { paneId: string; data: string }> =>
          (m.type === 'output' || m.type === 'snapshot') && m.paneId === paneId,
      )
      .map((m) => m.data)
      .join('');
  }

  /** Resolves with the first received message (old or new) that `matches`; rejects after `timeoutMs`. */
  async waitFor(matches: (message: SocketServerMessage) => boolean, timeoutMs = 10_000): Promise<SocketServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(matches);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(this.received.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
