// Keeps the audit log bounded: at most `maxRows` records and none older than `maxAgeMs`. Pruning runs on a timer in
// small batches, yielding to the event loop between them, so an evaluation never waits behind a large DELETE and
// the insert on the hot path never has to think about retention.
import type { Clock } from '../clock';
import type { AuditStore } from './audit-store';

export interface AuditRetentionOptions {
  /** Default 200,000. */
  maxRows?: number;
  /** Default 30 days. */
  maxAgeMs?: number;
  /** How often to check; default one minute. */
  intervalMs?: number;
  /** Records deleted per step; default 500 (a few milliseconds of work). */
  batchSize?: number;
}

export const DEFAULT_AUDIT_MAX_ROWS = 200_000;
export const DEFAULT_AUDIT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export class AuditRetention {
  private readonly maxRows: number;
  private readonly maxAgeMs: number;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /** Why the last timed pass failed (a full disk, a locked file); cleared by the next pass that succeeds. */
  problem: string | undefined;

  constructor(
    private readonly store: AuditStore,
    private readonly clock: Clock,
    options: AuditRetentionOptions = {},
  ) {
    this.maxRows = options.maxRows ?? DEFAULT_AUDIT_MAX_ROWS;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_AUDIT_MAX_AGE_MS;
    this.intervalMs = options.intervalMs ?? 60_000;
    this.batchSize = options.batchSize ?? 500;
  }

  /** Prunes now (what accumulated while the daemon was down) and then every interval. */
  start(): void {
    this.stopped = false;
    const tick = (): void => void this.prune().catch((error: unknown) => (this.problem = describe(error)));
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    // Retention alone is no reason to keep the process alive.
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass in progress, so the store can be closed after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass until both bounds hold (or stop() was called); resolves to the number of records removed. */
  prune(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<number> {
    let removed = 0;
    const cutoff = this.clock.now() - this.maxAgeMs;
    for (;;) {
      if (this.stopped) return removed;
      const aged = this.store.deleteOlderThan(cutoff, this.batchSize);
      removed += aged;
      if (aged < this.batchSize) break;
      await yieldToEventLoop();
    }
    let excess = this.store.extent().rows - this.maxRows;
    while (excess > 0 && !this.stopped) {
      const deleted = this.store.deleteOldest(Math.min(excess, this.batchSize));
      if (deleted === 0) break;
      excess -= deleted;
      removed += deleted;
      await yieldToEventLoop();
    }
    this.problem = undefined;
    return removed;
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
