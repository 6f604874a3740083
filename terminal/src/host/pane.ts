// A pane of the terminal page: one process at a time in a pseudo-terminal (a Claude Code conversation survives an
// account switch as a new process in the same pane), the windows attached to it, and a headless mirror of its
// screen. Every batch of output goes to the mirror (which parses it lazily) and to each attached window; the
// windows are consumers of the pty's flow control, so the slowest holds the process back and none loses a byte. A
// window that attaches gets the mirror's screen as it was at that instant and then every batch after it, never
// one twice.
import type { PaneInfo } from '@ssg/contracts/terminal';
import { PtySession } from '../pty';
import { ScreenMirror } from '../screen';

export type PaneKind = PaneInfo['kind'];

export interface PaneProcess {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
}

export interface PaneOptions {
  id: string;
  kind: PaneKind;
  title: string;
  cwd: string;
  accountId: string | null;
  claudeSessionId: string | null;
  cols: number;
  rows: number;
  createdAt: number;
  /** Sends pane messages to these windows. */
  send: (clientIds: readonly string[], message: PaneMessage) => void;
  /** The process printed something (after the mirror and the windows have it). */
  onOutput?: (pane: Pane) => void;
  /** The process ended (its exit code), or could not start (null). */
  onProcessExit: (pane: Pane, exitCode: number | null) => void;
  watermarks?: { highWatermark: number; lowWatermark: number };
}

export type PaneMessage =
  | { type: 'snapshot'; paneId: string; data: string; cols: number; rows: number }
  | { type: 'output'; paneId: string; data: string };

const NOTE_PREFIX = '[ssg]';

export class Pane {
  readonly id: string;
  readonly kind: PaneKind;
  readonly createdAt: number;
  title: string;
  cwd: string;
  accountId: string | null;
  claudeSessionId: string | null;
  state: PaneInfo['state'] = 'running';
  exitCode: number | null = null;
  private cols: number;
  private rows: number;
  private readonly mirror: ScreenMirror;
  private session: PtySession | undefined;
  /** Windows that receive output. */
  private readonly live = new Set<string>();
  /** Windows waiting for their snapshot: output meanwhile is kept for them, to follow it. */
  private readonly pending = new Map<string, string[]>();
  private exitWaiters: (() => void)[] = [];
  /** What the screen showed when ssg last wrote a note, and the last screen of a full-screen process that had
   * ended by then (see screenLinesSinceNote). */
  private linesBeforeNote = new Set<string>();

  constructor(private readonly options: PaneOptions) {
    this.id = options.id;
    this.kind = options.kind;
    this.title = options.title;
    this.cwd = options.cwd;
    this.accountId = options.accountId;
    this.claudeSessionId = options.claudeSessionId;
    this.cols = options.cols;
    this.rows = options.rows;
    this.createdAt = options.createdAt;
    this.mirror = new ScreenMirror(this.cols, this.rows);
  }

  info(): PaneInfo {
    return {
      id: this.id,
      kind: this.kind,
      title: this.title,
      cwd: this.cwd,
      accountId: this.accountId,
      claudeSessionId: this.claudeSessionId,
      state: this.state,
      exitCode: this.exitCode,
      cols: this.cols,
      rows: this.rows,
      createdAt: this.createdAt,
    };
  }

  get isRunning(): boolean {
    return this.session !== undefined;
  }

  get pid(): number | undefined {
    return this.session?.pid;
  }

  /** Starts the pane's process; the previous one must have exited. */
  start(process: PaneProcess): void {
    if (this.session) throw new Error(`pane ${this.id} still runs a process`);
    const session = new PtySession({
      ...process,
      cols: this.cols,
      rows: this.rows,
      ...(this.options.watermarks && { watermarks: this.options.watermarks }),
      onOutput: (text) => this.output(text, true),
      onExit: ({ exitCode }) => {
        if (this.session === session) this.session = undefined;
        this.processEnded(exitCode);
      },
    });
    this.session = session;
    this.state = 'running';
    this.exitCode = null;
    for (const clientId of [...this.live, ...this.pending.keys()]) session.addConsumer(clientId);
  }

  /** Shows a line of ssg's own in the pane (a switch, an error), as output; resolves once it is shown. */
  async note(text: string): Promise<void> {
    await this.mirror.settled();
    const shown = [...this.mirror.lines(), ...this.mirror.lastAlternateScreen()];
    this.linesBeforeNote = new Set(shown.filter((line) => line.trim() !== ''));
    this.output(`\r\n\x1b[2m${NOTE_PREFIX} ${text}\x1b[0m\r\n`, false);
  }

  attach(clientId: string): void {
    if (this.live.has(clientId) || this.pending.has(clientId)) return;
    this.pending.set(clientId, []);
    this.session?.addConsumer(clientId);
    // The mirror calls back with exactly the output appended before this, so the screen it serializes here holds
    // what was sent before the window attached; what comes meanwhile is held for the window, to follow.
    void this.mirror.settled().then(() => {
      const held = this.pending.get(clientId);
      if (held === undefined) return;
      this.pending.delete(clientId);
      this.live.add(clientId);
      const { cols, rows } = this;
      this.options.send([clientId], { type: 'snapshot', paneId: this.id, data: this.mirror.snapshot(), cols, rows });
      for (const data of held) this.options.send([clientId], { type: 'output', paneId: this.id, data });
    });
  }

  detach(clientId: string): void {
    this.live.delete(clientId);
    this.pending.delete(clientId);
    this.session?.removeConsumer(clientId);
  }

  get clients(): string[] {
    return [...this.live, ...this.pending.keys()];
  }

  input(data: string): void {
    this.session?.write(data);
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.mirror.resize(cols, rows);
    this.session?.resize(cols, rows);
  }

  acknowledge(clientId: string, chars: number): void {
    this.session?.acknowledge(clientId, chars);
  }

  /** The visible lines the process printed since ssg's last note (a limit message shown before a switch stays on
   * the screen, and is not news for the account the conversation moved to). Claude Code runs in the alternate
   * screen: a resumed one hides the note and replays the conversation, the old limit message too, so lines the
   * screen or the ended process's last screen showed when the note was written are left out, and the replay is
   * not read as a limit of the new account. */
  async screenLinesSinceNote(): Promise<string[]> {
    await this.mirror.settled();
    const lines = this.mirror.lines();
    const lastNote = lines.findLastIndex((line) => line.startsWith(NOTE_PREFIX));
    return lines.slice(lastNote + 1).filter((line) => !this.linesBeforeNote.has(line));
  }

  /** Resolves true once the process has exited, false after `timeoutMs`. */
  waitForExit(timeoutMs: number): Promise<boolean> {
    if (!this.session) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  kill(signal?: string): void {
    this.session?.kill(signal);
  }

  dispose(): void {
    this.kill('SIGKILL');
    this.mirror.dispose();
    this.live.clear();
    this.pending.clear();
  }

  /** `fromPty`: the process printed it (not a note of ssg's). */
  private output(data: string, fromPty: boolean): void {
    this.mirror.append(data);
    for (const held of this.pending.values()) held.push(data);
    if (this.live.size > 0) this.options.send([...this.live], { type: 'output', paneId: this.id, data });
    if (fromPty) this.options.onOutput?.(this);
  }

  private processEnded(exitCode: number): void {
    const waiters = this.exitWaiters;
    this.exitWaiters = [];
    for (const wake of waiters) wake();
    this.options.onProcessExit(this, exitCode);
  }
}
