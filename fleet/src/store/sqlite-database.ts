// The embedded engine: one SQLite file through better-sqlite3, so a single `ssg-fleet` start needs nothing else.
// WAL lets readers run beside the writer; the busy timeout makes a second process on the same file wait for the
// write lock instead of failing at once. better-sqlite3 is synchronous, so an async transaction would let other
// callers' statements slip in between its awaits: every statement and transaction takes its turn in one queue.
import { closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  type Database,
  type Queryable,
  type SqlValue,
  type TransactionOptions,
  UniqueViolationError,
} from './database';

const BUSY_TIMEOUT_MS = 5_000;
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export class SqliteDatabase implements Database {
  private readonly db: BetterSqlite3.Database;
  /** Prepared once per SQL text, with the order its placeholders take the values in. */
  private readonly statements = new Map<string, { statement: BetterSqlite3.Statement; order: number[] }>();
  /** Settles when the statement or transaction whose turn it is has finished. */
  private turn: Promise<unknown> = Promise.resolve();

  /** Opens (or creates) the file, readable by its owner only: it holds sessions and sealed client secrets. */
  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // Created 0600 before SQLite opens it, since SQLite gives the -wal and -shm files the database file's mode.
    const fd = openSync(path, 'a', 0o600);
    try {
      fchmodSync(fd, 0o600);
    } finally {
      closeSync(fd);
    }
    this.db = new BetterSqlite3(path);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      this.db.pragma('foreign_keys = ON');
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  query<Row extends object>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    return this.inTurn(() => this.rows<Row>(sql, params));
  }

  execute(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return this.inTurn(() => this.run(sql, params));
  }

  // Every SQLite transaction is serializable; `exclusive` needs nothing more, since BEGIN IMMEDIATE already
  // takes the one write lock that other connections to the file wait for.
  transaction<T>(fn: (tx: Queryable) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    return this.inTurn(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      let open = true;
      const checked = <R>(run: () => R): Promise<R> => {
        if (!open) return Promise.reject(new Error('this transaction has already ended'));
        return new Promise((resolve) => resolve(run()));
      };
      const tx: Queryable = {
        query: <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
          checked(() => this.rows<Row>(sql, params)),
        execute: (sql, params = []) => checked(() => this.run(sql, params)),
      };
      try {
        const result = await fn(tx);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      } finally {
        open = false;
      }
    });
  }

  async close(): Promise<void> {
    await this.turn.catch(() => undefined);
    this.db.close();
  }

  private inTurn<T>(work: () => T | Promise<T>): Promise<T> {
    const result = this.turn.then(work, work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private rows<Row>(sql: string, params: readonly SqlValue[]): Row[] {
    return translateErrors(() => {
      const [statement, values] = this.prepare(sql, params);
      return statement.all(...values) as Row[];
    });
  }

  private run(sql: string, params: readonly SqlValue[]): { changes: number } {
    return translateErrors(() => {
      const [statement, values] = this.prepare(sql, params);
      return { changes: statement.run(...values).changes };
    });
  }

  private prepare(sql: string, params: readonly SqlValue[]): [BetterSqlite3.Statement, SqlValue[]] {
    let prepared = this.statements.get(sql);
    if (prepared === undefined) {
      const { text, order } = toSqlitePlaceholders(sql);
      prepared = { statement: this.db.prepare(text), order };
      this.statements.set(sql, prepared);
    }
    const { statement, order } = prepared;
    const values = order.map((index) => {
      if (index > params.length) {
        throw new RangeError(`the statement uses $${index} but ${params.length} value(s) were given`);
      }
      return params[index - 1]!;
    });
    return [statement, values];
  }
}

/** `$n` placeholders as `?`, and which value (1-based) each `?` takes. */
export function toSqlitePlaceholders(sql: string): { text: string; order: number[] } {
  const order: number[] = [];
  const text = sql.replace(/\$(\d+)/g, (_, index: string) => {
    order.push(Number(index));
    return '?';
  });
  return { text, order };
}

function translateErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof BetterSqlite3.SqliteError && UNIQUE_CODES.has(error.code)) {
      throw new UniqueViolationError(error.message, { cause: error });
    }
    throw error;
  }
}
