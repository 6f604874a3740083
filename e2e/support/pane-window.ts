// A dashboard window on one terminal pane, without the browser: the pane socket (a real WebSocket, authenticated
// with the admin credential) and a headless xterm that renders the pane's snapshot and output, as the Terminal
// page's xterm does, so a test waits for what the user would see and types as the user would.
import type { SocketServerMessage } from '@ssg/contracts/terminal';
import { TerminalSocketClient } from '@ssg/daemon/testing/terminal-socket-client';
import type { ScreenMirror } from '@ssg/terminal/screen';

export class PaneWindow {
  /** How many of the socket's messages the screen has been given. */
  private rendered = 0;

  private constructor(
    readonly socket: TerminalSocketClient,
    readonly paneId: string,
    private readonly screen: ScreenMirror,
  ) {}

  /** Connects and attaches to the pane; the pane's snapshot comes first, then its output. */
  static async attach(
    url: string,
    adminToken: string,
    pane: { id: string; cols: number; rows: number },
  ): Promise<PaneWindow> {
    // Imported dynamically: e2e/ is CommonJS, and the terminal's ES modules must load as such (see claude-pty.ts).
    const { ScreenMirror } = await import('@ssg/terminal/screen');
    const socket = await TerminalSocketClient.connect(url, { adminToken });
    socket.send({ type: 'attach', paneId: pane.id });
    return new PaneWindow(socket, pane.id, new ScreenMirror(pane.cols, pane.rows));
  }

  get received(): readonly SocketServerMessage[] {
    return this.socket.received;
  }

  /** The visible screen, lines joined with newlines, trailing blanks trimmed. */
  async screenText(): Promise<string> {
    const messages = this.socket.received;
    for (; this.rendered < messages.length; this.rendered += 1) {
      const message = messages[this.rendered]!;
      if (message.type === 'snapshot' && message.paneId === this.paneId) {
        this.screen.resize(message.cols, message.rows);
        await this.screen.write(message.data);
      } else if (message.type === 'output' && message.paneId === this.paneId) await this.screen.write(message.data);
    }
    return this.screen
      .lines()
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  }

  /** Resolves once `pattern` is on the screen; fails with the screen in the message after `timeoutMs`. */
  async waitForText(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = await this.screenText();
      const match = screen.match(pattern);
      if (match) return match;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${pattern} not on the pane's screen after ${timeoutMs} ms:\n${screen}`);
      const seen = this.socket.received.length;
      await this.socket.waitFor(() => this.socket.received.length > seen, left).catch(() => undefined);
    }
  }

  /** Resolves with the first message (received before or after) that `matches`. */
  waitFor(matches: (message: SocketServerMessage) => boolean, timeoutMs = 30_000): Promise<SocketServerMessage> {
    return this.socket.waitFor(matches, timeoutMs);
  }

  /** Keys as the page sends them: one input message per keystroke group. */
  type(data: string): void {
    this.socket.send({ type: 'input', paneId: this.paneId, data });
  }

  async close(): Promise<void> {
    await this.socket.close();
    this.screen.dispose();
  }
}
