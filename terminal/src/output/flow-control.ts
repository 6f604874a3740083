// Keeps a fast producer from flooding the pane's consumers: each consumer (a window showing the pane, the pty
// host's screen mirror) acknowledges the characters it has rendered, and when the slowest one has more than the
// high watermark sent but not acknowledged the pty is paused; it resumes once every consumer has caught up to the
// low watermark. Pausing the pty (not dropping output) means a flood slows the process that prints it, and no
// consumer ever loses a byte. The numbers follow VS Code's pty host (100,000 / 5,000).
export interface FlowControlOptions {
  highWatermark: number;
  lowWatermark: number;
  /** Stops reading the pty (node-pty's `pause`). */
  pause: () => void;
  /** Reads it again (`resume`). */
  resume: () => void;
}

export const DEFAULT_WATERMARKS = { highWatermark: 100_000, lowWatermark: 5_000 } as const;

export class FlowControl {
  /** Characters sent to each consumer and not yet acknowledged. */
  private readonly unacknowledged = new Map<string, number>();
  private paused = false;

  constructor(private readonly options: FlowControlOptions) {
    if (!(options.lowWatermark >= 0 && options.lowWatermark < options.highWatermark)) {
      throw new RangeError('the low watermark must be at least 0 and below the high one');
    }
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** What the slowest consumer has still to render. */
  get inFlight(): number {
    let most = 0;
    for (const chars of this.unacknowledged.values()) most = Math.max(most, chars);
    return most;
  }

  /** A consumer that is sent everything from now on (what came before reaches it as a snapshot, if at all). */
  addConsumer(id: string): void {
    if (!this.unacknowledged.has(id)) this.unacknowledged.set(id, 0);
  }

  /** A consumer that left: it no longer holds the pty back. */
  removeConsumer(id: string): void {
    if (this.unacknowledged.delete(id)) this.settle();
  }

  /** `chars` characters were sent to every consumer. */
  sent(chars: number): void {
    for (const [id, waiting] of this.unacknowledged) this.unacknowledged.set(id, waiting + chars);
    this.settle();
  }

  /** The consumer rendered `chars` more characters. An acknowledgement beyond what was sent counts as all of it. */
  acknowledged(id: string, chars: number): void {
    const waiting = this.unacknowledged.get(id);
    if (waiting === undefined || !Number.isFinite(chars) || chars <= 0) return;
    this.unacknowledged.set(id, Math.max(0, waiting - chars));
    this.settle();
  }

  private settle(): void {
    const inFlight = this.inFlight;
    if (!this.paused && inFlight > this.options.highWatermark) {
      this.paused = true;
      this.options.pause();
    } else if (this.paused && inFlight <= this.options.lowWatermark) {
      this.paused = false;
      this.options.resume();
    }
  }
}
