// A pane's output on its way to the window: the pty's bytes decoded as UTF-8 and sent in batches. A batch never
// ends inside a character (a code point split across two pty reads waits for its last byte), and it goes out
// when it is big enough or old enough, so a process printing a byte at a time does not cost one message a byte
// and a flood does not wait for a timer. Output that breaks a quiet spell (the echo of a keystroke) goes at once:
// only what follows it closely is batched. Nothing is dropped: what `push` takes, `flush` or a batch delivers.
import { StringDecoder } from 'node:string_decoder';

export interface OutputBatcherOptions {
  /** A batch goes out as soon as it holds this many characters. */
  maxChars: number;
  /** …or this long after its first character arrived. */
  maxDelayMs: number;
  /** Receives each batch, in order. */
  deliver: (text: string) => void;
  /** Timers and the clock (ms), injectable for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => number;
}

export class OutputBatcher {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private timer: unknown;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly now: () => number;
  private lastPushAt: number;

  constructor(private readonly options: OutputBatcherOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as NodeJS.Timeout));
    this.now = options.now ?? (() => performance.now());
    this.lastPushAt = this.now();
  }

  /** Takes a chunk as the pty read it. */
  push(chunk: Buffer | string): void {
    const now = this.now();
    const quiet = this.timer === undefined && now - this.lastPushAt >= this.options.maxDelayMs;
    this.lastPushAt = now;
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    if (this.pending.length >= this.options.maxChars || quiet) this.flush();
    else if (this.pending !== '' && this.timer === undefined) {
      this.timer = this.setTimer(() => this.flush(), this.options.maxDelayMs);
    }
  }

  /** Sends what is pending now; `end` also what the decoder holds (an incomplete character at the very end). */
  flush(end = false): void {
    if (this.timer !== undefined) {
      this.clearTimer(this.timer);
      this.timer = undefined;
    }
    if (end) this.pending += this.decoder.end();
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.options.deliver(text);
  }
}
