// The latest usage known for each account, merged from the two sources: what Claude Code reports on its status line
// (while a pane runs on the account) and what the usage API answers (when polling it is enabled). Each bucket is
// taken from the newest observation that reported it, whatever its source; a bucket a source leaves out is unknown
// to that source and keeps its last value. When a source fails, the last values stay and are marked stale with the
// reason, so a chip can say "as of …" instead of going blank (Claude Code does the same when the endpoint 429s).
import {
  bucketsFrom,
  bucketsOf,
  type AccountUsage,
  type UsageBuckets,
  type UsageSource,
  type UsageWindow,
} from './usage-window';

interface KnownBucket {
  readonly window: UsageWindow;
  readonly observedAt: number;
  readonly source: UsageSource;
}

interface AccountEntry {
  readonly buckets: Map<string, KnownBucket>;
  stale?: { reason: string; since: number };
}

export type UsageChangeListener = (usage: AccountUsage) => void;

export class UsageReadings {
  private readonly accounts = new Map<string, AccountEntry>();
  private readonly listeners = new Set<UsageChangeListener>();

  /** Merges one observation. Buckets older than what is known are ignored; an observation at or after the moment
   *  a source failed makes the reading fresh again. Listeners hear of the merged reading if anything changed. */
  record(observation: AccountUsage): void {
    const observed = bucketsOf(observation);
    if (observed.length === 0) return;
    let entry = this.accounts.get(observation.accountId);
    if (!entry) {
      entry = { buckets: new Map() };
      this.accounts.set(observation.accountId, entry);
    }
    let changed = false;
    for (const [name, window] of observed) {
      const known = entry.buckets.get(name);
      if (known && known.observedAt > observation.observedAt) continue;
      if (!known || !sameWindow(known.window, window) || known.source !== observation.source) changed = true;
      entry.buckets.set(name, { window, observedAt: observation.observedAt, source: observation.source });
    }
    if (entry.stale && observation.observedAt >= entry.stale.since) {
      entry.stale = undefined;
      changed = true;
    }
    if (changed) this.emit(observation.accountId, entry);
  }

  /** A source failed to refresh the account at `at`: its last-known values stay, marked stale with `reason`.
   *  Nothing happens for an account with no values yet (there is nothing to mark). */
  markStale(accountId: string, reason: string, at: number): void {
    const entry = this.accounts.get(accountId);
    if (!entry || entry.buckets.size === 0) return;
    if (entry.stale?.reason === reason) return;
    entry.stale = { reason, since: at };
    this.emit(accountId, entry);
  }

  /** The merged reading of one account, or undefined when nothing is known about it. */
  get(accountId: string): AccountUsage | undefined {
    const entry = this.accounts.get(accountId);
    return entry && merged(accountId, entry);
  }

  all(): AccountUsage[] {
    return [...this.accounts].map(([accountId, entry]) => merged(accountId, entry));
  }

  /** Drops an account that was removed. */
  forget(accountId: string): void {
    this.accounts.delete(accountId);
  }

  /** Calls `listener` with an account's merged reading whenever it changes. Returns the unsubscribe function. */
  onChange(listener: UsageChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(accountId: string, entry: AccountEntry): void {
    const usage = merged(accountId, entry);
    for (const listener of this.listeners) listener(usage);
  }
}

/** `source` and `observedAt` are those of the newest bucket: when the reading was last refreshed, and by what. */
function merged(accountId: string, entry: AccountEntry): AccountUsage {
  // An entry is made by its first bucket, so there is always one.
  const newest = [...entry.buckets.values()].reduce((a, b) => (b.observedAt > a.observedAt ? b : a));
  const buckets: UsageBuckets = bucketsFrom([...entry.buckets].map(([name, known]) => [name, known.window]));
  return {
    accountId,
    ...buckets,
    source: newest.source,
    observedAt: newest.observedAt,
    ...(entry.stale && { stale: { reason: entry.stale.reason } }),
  };
}

function sameWindow(a: UsageWindow, b: UsageWindow): boolean {
  return a.usedPercent === b.usedPercent && a.resetsAt === b.resetsAt;
}
