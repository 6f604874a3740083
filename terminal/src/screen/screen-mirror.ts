// What a pane's window would show, kept in the pty host: every batch the window is sent is also written here, so a
// window that reloads (or a second one) reconnects and is sent the screen as it was — the visible lines, their
// colours and the scrollback — as escape sequences that redraw it in a fresh terminal (xterm's serialize addon).
import serializeAddon from '@xterm/addon-serialize';
import headless from '@xterm/headless';

const { Terminal } = headless;
const { SerializeAddon } = serializeAddon;

export class ScreenMirror {
  private readonly terminal: InstanceType<typeof Terminal>;
  private readonly serializer: InstanceType<typeof SerializeAddon>;
  private alternateScreenLeft: string[] = [];

  constructor(cols: number, rows: number, scrollback = 1_000) {
    this.terminal = new Terminal({ cols, rows, scrollback, allowProposedApi: true });
    this.serializer = new SerializeAddon();
    this.terminal.loadAddon(this.serializer);
    // Leaving the alternate screen (DECRST 47, 1047, 1049) discards it: its last lines are kept first. Returning
    // false lets xterm carry out the switch as usual.
    this.terminal.parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => {
      const leaves = params.some((param) => param === 47 || param === 1047 || param === 1049);
      if (leaves && this.terminal.buffer.active.type === 'alternate') this.alternateScreenLeft = this.lines();
      return false;
    });
  }

  /** Applies output; resolves once the terminal has parsed it. */
  write(text: string): Promise<void> {
    return new Promise((resolve) => this.terminal.write(text, resolve));
  }

  resize(cols: number, rows: number): void {
    this.terminal.resize(cols, rows);
  }

  /** Escape sequences that redraw the screen and its scrollback in a fresh terminal of the same size. */
  snapshot(): string {
    return this.serializer.serialize();
  }

  /** The visible lines as text (for tests and for finding a limit message on screen). */
  lines(): string[] {
    const buffer = this.terminal.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.terminal.rows; i += 1) {
      lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /** The visible lines of the alternate screen when it was last left: a full-screen program's last screen, which
   * the terminal drops when the program ends (Claude Code runs in the alternate screen). Empty if never left. */
  lastAlternateScreen(): string[] {
    return this.alternateScreenLeft;
  }

  dispose(): void {
    this.terminal.dispose();
  }
}
