// The real Claude Code run interactively, as a terminal pane runs it: in a pseudo-terminal (the terminal's own
// PtySession), its output mirrored into a headless xterm (ScreenMirror) so a test waits for what a user would see
// on screen, types, and presses keys. Offline: pair it with FakeMessagesApi and an account from claude-account.ts.
import type { PtySession } from '@ssg/terminal/pty';
import type { ScreenMirror } from '@ssg/terminal/screen';
import { hostBin } from './host-workspace';

/**
 * The terminal's modules are imported dynamically: e2e/ is CommonJS (its package.json has no "type"), and tsx would
 * compile the ESM terminal sources to CommonJS too, where the default import of the CommonJS @xterm/headless comes
 * out undefined. import() loads them as the ES modules they are.
 */
async function loadTerminal(): Promise<{ PtySession: typeof PtySession; ScreenMirror: typeof ScreenMirror }> {
  const [{ PtySession }, { ScreenMirror }] = await Promise.all([
    import('@ssg/terminal/pty'),
    import('@ssg/terminal/screen'),
  ]);
  return { PtySession, ScreenMirror };
}

export interface ClaudePtyOptions {
  cwd: string;
  /** The whole environment apart from PATH, TERM and LANG (HOME, CLAUDE_CONFIG_DIR, ANTHROPIC_BASE_URL, …). */
  env: Record<string, string>;
  args?: readonly string[];
  cols?: number;
  rows?: number;
}

export type ClaudeExit = { exitCode: number; signal: number | undefined };

/** The mirror's name as a consumer of the pty's output. */
const MIRROR = 'screen-mirror';

const KEYS = { enter: '\r', escape: '\u001b' } as const;

export class ClaudePty {
  /** Resolves once claude has exited and its last output is on the mirrored screen. */
  readonly exited: Promise<ClaudeExit>;
  private readonly session: PtySession;
  private readonly mirror: ScreenMirror;
  /** The mirror parses asynchronously: each batch is chained so the screen is read only after it. */
  private parsed: Promise<void> = Promise.resolve();
  private readonly watchers = new Set<() => void>();
  private exit: ClaudeExit | undefined;

  private constructor(terminal: Awaited<ReturnType<typeof loadTerminal>>, options: ClaudePtyOptions) {
    const { PtySession, ScreenMirror } = terminal;
    const cols = options.cols ?? 120;
    const rows = options.rows ?? 40;
    this.mirror = new ScreenMirror(cols, rows);
    let exitedResolve: (exit: ClaudeExit) => void = () => {};
    this.exited = new Promise((resolve) => (exitedResolve = resolve));
    this.session = new PtySession({
      file: hostBin('claude'),
      args: options.args ?? [],
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        TERM: 'xterm-256color',
        LANG: 'C.UTF-8',
        ...options.env,
      },
      cols,
      rows,
      onOutput: (text) => {
        // Acknowledged once mirrored, as a window does once rendered, so the flow control never holds claude back.
        this.parsed = this.parsed
          .then(() => this.mirror.write(text))
          .then(() => {
            this.session.acknowledge(MIRROR, text.length);
            this.notify();
          });
      },
      onExit: (exit) => {
        this.parsed = this.parsed.then(() => {
          this.exit = exit;
          exitedResolve(exit);
          this.notify();
        });
      },
    });
    this.session.addConsumer(MIRROR);
  }

  static async spawn(options: ClaudePtyOptions): Promise<ClaudePty> {
    return new ClaudePty(await loadTerminal(), options);
  }

  get pid(): number {
    return this.session.pid;
  }

  /** The visible screen, lines joined with newlines, trailing blanks trimmed. */
  screenText(): string {
    return this.mirror
      .lines()
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  }

  /**
   * Resolves with the match once `pattern` is on the screen. Fails with the screen in the message when it does not
   * show up in time or claude exits first, so a failing test says what was on screen instead.
   */
  waitForText(pattern: RegExp, timeoutMs = 30_000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const match = this.screenText().match(pattern);
        if (match) finish(() => resolve(match));
        else if (this.exit)
          finish(() => reject(new Error(`claude exited before ${pattern} was on screen:\n${this.screenText()}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`${pattern} not on screen after ${timeoutMs} ms:\n${this.screenText()}`))),
        timeoutMs,
      );
      const finish = (settle: () => void): void => {
        clearTimeout(timer);
        this.watchers.delete(check);
        settle();
      };
      this.watchers.add(check);
      check();
    });
  }

  /** Text as if typed (or pasted) at the prompt; press('enter') submits it. */
  type(text: string): void {
    this.session.write(text);
  }

  press(key: keyof typeof KEYS): void {
    this.session.write(KEYS[key]);
  }

  /** Ends claude if it is still running (test clean-up) and frees the mirror. */
  async dispose(): Promise<void> {
    if (!this.exit) {
      this.session.kill('SIGKILL');
      await this.exited;
    }
    this.mirror.dispose();
  }

  private notify(): void {
    for (const watcher of [...this.watchers]) watcher();
  }
}
