// What a pane's window would show, kept in the pty host: every batch the window is sent is also written here, so a
// window that reloads (or a second one) reconnects and is sent the screen as it was — the visible lines, their
// colours and the scrollback — as escape sequences that redraw it in a fresh terminal (xterm's serialize addon).
//
// Parsing is most of what the pty host spends on a flood (bench/README.md), and most of a flood scrolls out of
// the scrollback anyway. So output is only appended to a backlog, and parsed when the pane is quiet for a moment
// or when someone needs the screen (a window attaches, the limit check looks). A backlog that outgrows its bound
// loses its oldest part, and the next parse starts the terminal afresh from what is left: the screen and a long
// scrollback still come back, and whether the dropped part left a full-screen program's alternate screen on is
// carried over.
import serializeAddon from '@xterm/addon-serialize';
import headless from '@xterm/headless';

const { Terminal } = headless;
const { SerializeAddon } = serializeAddon;

export interface ScreenMirrorOptions {
  scrollback?: number;
  /** The backlog waiting to be parsed is cut back to this many characters (oldest first). */
  maxBacklogChars?: number;
  /** Quiet time after which the backlog is parsed. */
  idleMs?: number;
}

const ENTER_ALTERNATE = '\x1b[?1049h';
const LEAVE_ALTERNATE = '\x1b[?1049l';

export class ScreenMirror {
  private readonly terminal: InstanceType<typeof Terminal>;
  private readonly serializer: InstanceType<typeof SerializeAddon>;
  private alternateScreenLeft: string[] = [];
  private backlog: string[] = [];
  private backlogChars = 0;
  /** Set once part of the backlog was dropped: whether the alternate screen was on at the end of what was dropped. */
  private droppedInAlternate: boolean | undefined;
  private idle: NodeJS.Timeout | undefined;
  private readonly maxBacklogChars: number;
  private readonly idleMs: number;

  constructor(cols: number, rows: number, options: ScreenMirrorOptions = {}) {
    this.maxBacklogChars = options.maxBacklogChars ?? 1_000_000;
    this.idleMs = options.idleMs ?? 50;
    this.terminal = new Terminal({ cols, rows, scrollback: options.scrollback ?? 1_000, allowProposedApi: true });
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

  /** Takes output, to be parsed later. */
  append(text: string): void {
    if (text === '') return;
    this.backlog.push(text);
    this.backlogChars += text.length;
    while (this.backlogChars > this.maxBacklogChars && this.backlog.length > 1) this.drop(this.backlog.shift()!);
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.settled(), this.idleMs);
    this.idle.unref();
  }

  /**
   * Parses what was appended; resolves once the screen shows exactly everything appended before the call (output
   * appended meanwhile waits for the next). Call before snapshot(), lines() or lastAlternateScreen().
   */
  settled(): Promise<void> {
    clearTimeout(this.idle);
    let text = this.backlog.join('');
    this.backlog = [];
    this.backlogChars = 0;
    if (this.droppedInAlternate !== undefined) {
      this.terminal.reset();
      if (this.droppedInAlternate) text = ENTER_ALTERNATE + text;
      this.droppedInAlternate = undefined;
    }
    return new Promise((resolve) => this.terminal.write(text, resolve));
  }

  /** Appends and parses at once. */
  write(text: string): Promise<void> {
    this.append(text);
    return this.settled();
  }

  resize(cols: number, rows: number): void {
    void this.settled();
    this.terminal.resize(cols, rows);
  }

  private drop(text: string): void {
    this.backlogChars -= text.length;
    // The first drop: what was parsed so far ends right before it.
    this.droppedInAlternate ??= this.terminal.buffer.active.type === 'alternate';
    const entered = text.lastIndexOf(ENTER_ALTERNATE);
    const left = text.lastIndexOf(LEAVE_ALTERNATE);
    if (entered !== left) this.droppedInAlternate = entered > left;
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
    clearTimeout(this.idle);
    this.terminal.dispose();
  }
}
