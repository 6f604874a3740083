// Group commit for the hot-path inserts (an audit record and a ledger call per evaluation). A commit per row costs
// more than the row itself — SQLite writes and locks the WAL for every transaction — so writes queued during one
// turn of the event loop are committed together in one transaction, right after that turn (setImmediate runs
// before the next request is read). Readers flush first and so always see every write made before them. A crash
// loses at most the writes of the turn in progress; a transaction is all or nothing, so files stay consistent.
import type { Db } from './database';

export class GroupCommit {
  private queue: Array<() => void> = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    /** A batch that failed (a full disk): its writes are lost; the caller counts and reports them. */
    private readonly onFailure: (error: unknown, writes: number) => void,
  ) {}

  add(write: () => void): void {
    this.queue.push(write);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /** Commits what is queued now. */
  flush(): void {
    this.scheduled = false;
    const writes = this.queue;
    if (writes.length === 0) return;
    this.queue = [];
    try {
      this.db.transaction(() => {
        for (const write of writes) write();
      })();
    } catch (error) {
      this.onFailure(error, writes.length);
    }
  }
}
