// Group commit on a writer thread, for the hot path's inserts (an audit record and a ledger call per evaluation).
// A commit per row costs more than the row — SQLite writes and locks the WAL for every transaction — and even a
// commit per turn of the event loop took about a third of the daemon's time per evaluation. So writes are queued
// here, posted to one worker thread (sql-writer-thread.cjs) once per turn, and committed there, batches that
// queued up meanwhile merged into one transaction. The event loop goes back to answering hooks at once.
//
// Readers still see every write made before them: `flush()` posts what is queued and blocks (Atomics.wait) until
// the thread has committed it, which takes a millisecond or two and happens only on the dashboard's and the
// CLI's reads, never on an evaluation. A crash (kill -9) loses at most the writes not yet committed; each
// transaction is all or nothing, so the files stay consistent. A batch that fails (a full disk) is reported to
// the queue's owner, which counts the lost writes.
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';

/** Told about writes lost because their transaction failed. */
export type WriteFailureHandler = (message: string, lostWrites: number) => void;

/** How long a reader waits for the thread before it reads without the writes in flight. */
const FLUSH_WAIT_LIMIT_MS = 10_000;

type Reply = [dbId: number, lostWrites: number, message: string];

class WriterThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly committed = new Int32Array(new SharedArrayBuffer(4));
  private readonly failureHandlers = new Map<number, WriteFailureHandler>();
  private readonly statementDb = new Map<number, number>();
  /** [statementId, params, …] queued during this turn of the event loop. */
  private ops: unknown[] = [];
  private scheduled = false;
  private seq = 0;
  private lastId = 0;
  /** Set when the thread itself failed; every later write is then reported lost at once. */
  private broken: string | undefined;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(new URL('./sql-writer-thread.cjs', import.meta.url), {
      workerData: { port: port2, committed: this.committed },
      transferList: [port2],
    });
    this.port.on('message', (reply: Reply) => this.handleReply(reply));
    this.worker.on('error', (error) => this.fail(`the SQLite writer thread failed: ${error.message}`));
    // The thread never holds the daemon open: closing the last queue ends it, and a crash just loses the queue.
    // (After on('message'), which would take the port's unref back.)
    this.worker.unref();
    this.port.unref();
  }

  openDatabase(path: string, onFailure: WriteFailureHandler): number {
    const dbId = ++this.lastId;
    this.failureHandlers.set(dbId, onFailure);
    this.send(['open', dbId, path]);
    return dbId;
  }

  prepare(dbId: number, sql: string): number {
    const statementId = ++this.lastId;
    this.statementDb.set(statementId, dbId);
    this.send(['prepare', statementId, dbId, sql]);
    return statementId;
  }

  queue(statementId: number, params: unknown[]): void {
    this.ops.push(statementId, params);
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs once the requests read in this turn have been answered.
    setImmediate(() => this.postBatch());
  }

  /** Returns once every write queued so far is committed (or reported lost). */
  flush(): void {
    this.postBatch();
    this.waitFor(this.seq);
  }

  /** Closes the thread's connection to the database after its queued writes; true when it was the last one. */
  closeDatabase(dbId: number): boolean {
    this.postBatch();
    this.send(['close', dbId]);
    this.waitFor(this.seq);
    this.failureHandlers.delete(dbId);
    if (this.failureHandlers.size > 0) return false;
    this.port.close();
    void this.worker.terminate();
    return true;
  }

  private postBatch(): void {
    this.scheduled = false;
    if (this.ops.length === 0) return;
    const ops = this.ops;
    this.ops = [];
    if (this.broken !== undefined) {
      this.reportLost(ops, this.broken);
      return;
    }
    this.send(['batch', ops]);
  }

  private send([kind, ...rest]: [string, ...unknown[]]): void {
    this.seq = (this.seq + 1) | 0;
    this.port.postMessage([kind, this.seq, ...rest]);
  }

  private waitFor(seq: number): void {
    const deadline = Date.now() + FLUSH_WAIT_LIMIT_MS;
    // Compared as a difference, so the counter may wrap around after 2^31 messages.
    for (let done = Atomics.load(this.committed, 0); this.broken === undefined && ((done - seq) | 0) < 0;) {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.fail(`the SQLite writer thread did not answer in ${FLUSH_WAIT_LIMIT_MS / 1000} s`);
        break;
      }
      Atomics.wait(this.committed, 0, done, left);
      done = Atomics.load(this.committed, 0);
    }
    // Failures are posted before the counter moves: take them now, so the caller's next read includes them.
    for (let reply = receiveMessageOnPort(this.port); reply; reply = receiveMessageOnPort(this.port)) {
      this.handleReply(reply.message as Reply);
    }
  }

  private handleReply([dbId, lostWrites, message]: Reply): void {
    this.failureHandlers.get(dbId)?.(message, lostWrites);
  }

  private fail(message: string): void {
    if (this.broken !== undefined) return;
    this.broken = message;
    for (const handler of this.failureHandlers.values()) handler(message, 0);
  }

  /** Writes that never reached a transaction, counted against their databases. */
  private reportLost(ops: unknown[], message: string): void {
    const lost = new Map<number, number>();
    for (let i = 0; i < ops.length; i += 2) {
      const dbId = this.statementDb.get(ops[i] as number) ?? -1;
      lost.set(dbId, (lost.get(dbId) ?? 0) + 1);
    }
    for (const [dbId, count] of lost) this.failureHandlers.get(dbId)?.(message, count);
  }
}

let shared: WriterThread | undefined;

/** One database's writes through the daemon's writer thread (started by the first queue, ended by the last). */
export class WriteQueue {
  private readonly thread: WriterThread;
  private readonly dbId: number;
  private closed = false;

  /** `path` must be an existing database, already migrated by the caller's own connection. */
  constructor(
    path: string,
    private readonly onFailure: WriteFailureHandler,
  ) {
    this.thread = shared ??= new WriterThread();
    this.dbId = this.thread.openDatabase(path, onFailure);
  }

  /** A prepared INSERT/UPDATE/DELETE; each call queues one run with positional parameters. */
  statement(sql: string): (params: unknown[]) => void {
    const statementId = this.thread.prepare(this.dbId, sql);
    return (params) => {
      if (this.closed) this.onFailure('The database connection is not open', 1);
      else this.thread.queue(statementId, params);
    };
  }

  /** Blocks until every write queued so far, by any queue, is committed: call before reading. */
  flush(): void {
    if (!this.closed) this.thread.flush();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.thread.closeDatabase(this.dbId) && shared === this.thread) shared = undefined;
  }
}
