// One process in a pseudo-terminal (node-pty): its output decoded, batched and flow-controlled on its way to the
// pane's consumers (../output). Each consumer acknowledges what it has rendered; past the high watermark the pty
// is paused, so a flood slows the process printing it and no byte is lost.
import { type IPty, spawn } from 'node-pty';
import { DEFAULT_WATERMARKS, FlowControl, OutputBatcher } from '../output';
import { isProcessAlive } from '@ssg/node/process-alive';

export interface PtySessionOptions {
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

/**
 * 64 KiB (Hyper's neighbourhood) or 5 ms (VS Code's), whichever comes first. The delay is what a keystroke's echo
 * waits before it leaves the pty host: at 16 ms (one frame at 60 Hz) echo took ~18 ms end to end, at 5 ms ~8 ms,
 * with a flood's throughput unchanged, since full batches never wait (bench/terminal.mjs).
 */
const DEFAULT_BATCH = { maxChars: 65_536, maxDelayMs: 5 };

/**
 * node-pty destroys the pty's reader 200 ms after the process exits, read to the end or not, and reports the exit
 * only then; a paused reader would lose what the process printed last. So while paused, look this often whether
 * the process is gone, and if so read on regardless of the watermarks (what is left is at most the kernel's pty
 * buffer).
 */
const EXIT_CHECK_WHILE_PAUSED_MS = 50;

export class PtySession {
  private readonly process: IPty;
  private readonly batcher: OutputBatcher;
  private readonly flow: FlowControl;
  private exitCheck: NodeJS.Timeout | undefined;
  private draining = false;

  constructor(options: PtySessionOptions) {
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
      pause: () => this.pause(),
      resume: () => this.resume(),
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
      clearInterval(this.exitCheck);
      this.batcher.flush(true);
      options.onExit({ exitCode, signal });
    });
  }

  get pid(): number {
    return this.process.pid;
  }

  /** Whether output waits for a consumer to catch up. */
  get isPaused(): boolean {
    return this.flow.isPaused && !this.draining;
  }

  /** A consumer of the output from now on (a window, the screen mirror). */
  addConsumer(id: string): void {
    this.flow.addConsumer(id);
  }

  removeConsumer(id: string): void {
    this.flow.removeConsumer(id);
  }

  /** The consumer rendered `chars` more characters. */
  acknowledge(consumerId: string, chars: number): void {
    this.flow.acknowledged(consumerId, chars);
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

  private pause(): void {
    if (this.draining) return;
    this.process.pause();
    this.exitCheck = setInterval(() => {
      if (isProcessAlive(this.process.pid)) return;
      clearInterval(this.exitCheck);
      this.draining = true;
      this.process.resume();
    }, EXIT_CHECK_WHILE_PAUSED_MS);
  }

  private resume(): void {
    clearInterval(this.exitCheck);
    this.process.resume();
  }
}
