// Keeps a fast producer from flooding the window: the window acknowledges the characters it has rendered, and when
// more than the high watermark are sent but not acknowledged the pty is paused; it resumes once the window has
// caught up to the low watermark. Pausing the pty (not dropping output) means a flood slows the process that
// prints it, and the terminal never loses a byte. The numbers follow VS Code's pty host (100,000 / 5,000).
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
  private unacknowledged = 0;
  private paused = false;

  constructor(private readonly options: FlowControlOptions) {
    if (!(options.lowWatermark >= 0 && options.lowWatermark < options.highWatermark)) {
      throw new RangeError('the low watermark must be at least 0 and below the high one');
    }
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Characters still on their way to the window or not yet rendered. */
  get inFlight(): number {
    return this.unacknowledged;
  }

  /** `chars` characters were sent to the window. */
  sent(chars: number): void {
    this.unacknowledged += chars;
    if (!this.paused && this.unacknowledged > this.options.highWatermark) {
      this.paused = true;
      this.options.pause();
    }
  }

  /** The window rendered `chars` more characters. An acknowledgement beyond what was sent counts as all of it. */
  acknowledged(chars: number): void {
    if (!Number.isFinite(chars) || chars <= 0) return;
    this.unacknowledged = Math.max(0, this.unacknowledged - chars);
    if (this.paused && this.unacknowledged <= this.options.lowWatermark) {
      this.paused = false;
      this.options.resume();
    }
  }
}
