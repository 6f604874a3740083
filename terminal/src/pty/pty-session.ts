// One pane: a process in a pseudo-terminal (node-pty), its output decoded, batched and flow-controlled on its way
// to the window that shows it (../output). The window acknowledges what it has rendered; past the high watermark
// the pty is paused, so a flood slows the process printing it and no byte is lost.
import { type IPty, spawn } from 'node-pty';
import { DEFAULT_WATERMARKS, FlowControl, OutputBatcher } from '../output';

export interface PtySessionOptions {
  id: string;
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  /** Each batch of output, in order. */
  onOutput: (text: string) => void;
  /** Once, after the last output. */
  onExit: (exit: { exitCode: number; signal: number | undefined }) => void;
  watermarks?: { highWatermark: number; lowWatermark: number };
  /** Batching: a batch goes out at this many characters, or this long after it started. */
  batch?: { maxChars: number; maxDelayMs: number };
}

/** VS Code's and Hyper's neighbourhood: 64 KiB or one frame at 60 Hz, whichever comes first. */
const DEFAULT_BATCH = { maxChars: 65_536, maxDelayMs: 16 };

export class PtySession {
  readonly id: string;
  private readonly process: IPty;
  private readonly batcher: OutputBatcher;
  private readonly flow: FlowControl;

  constructor(options: PtySessionOptions) {
    this.id = options.id;
    this.process = spawn(options.file, [...options.args], {
      name: 'xterm-256color',
      cwd: options.cwd,
      env: options.env,
      cols: options.cols,
      rows: options.rows,
      // Bytes, not strings: the batcher decodes them, so a character split across reads stays whole.
      encoding: null,
    } as Parameters<typeof spawn>[2]);
    this.flow = new FlowControl({
      ...(options.watermarks ?? DEFAULT_WATERMARKS),
      pause: () => this.process.pause(),
      resume: () => this.process.resume(),
    });
    this.batcher = new OutputBatcher({
      ...(options.batch ?? DEFAULT_BATCH),
      deliver: (text) => {
        this.flow.sent(text.length);
        options.onOutput(text);
      },
    });
    this.process.onData((data: string | Buffer) => this.batcher.push(data));
    this.process.onExit(({ exitCode, signal }) => {
      this.batcher.flush(true);
      options.onExit({ exitCode, signal });
    });
  }

  get pid(): number {
    return this.process.pid;
  }

  /** Whether output waits for the window to catch up. */
  get isPaused(): boolean {
    return this.flow.isPaused;
  }

  /** The window rendered `chars` more characters. */
  acknowledge(chars: number): void {
    this.flow.acknowledged(chars);
  }

  /** Keystrokes (or pasted text) for the process. */
  write(data: string): void {
    this.process.write(data);
  }

  resize(cols: number, rows: number): void {
    if (Number.isInteger(cols) && Number.isInteger(rows) && cols > 0 && rows > 0) this.process.resize(cols, rows);
  }

  kill(signal?: string): void {
    this.process.kill(signal);
  }
}
