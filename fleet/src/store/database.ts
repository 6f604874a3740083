// The fleet's one data layer: the embedded SQLite file by default, PostgreSQL when several app servers share one
// database. Both engines implement this small interface and run the same SQL, written in PostgreSQL's dialect:
//
// - Placeholders are `$1, $2, …` (PostgreSQL's own, so its statements go to the server untouched and a value can
//   be named twice); the SQLite engine rewrites them to `?` and orders the values to match. Never put a `$` in a
//   string literal: bind the value instead.
// - Timestamps are integer epoch milliseconds in BIGINT columns (SQLite gives BIGINT integer affinity); the
//   PostgreSQL engine parses BIGINT, which `pg` returns as a string, back to a number. Booleans are avoided
//   (SQLite has none): a nullable timestamp says when something stopped being true.
// - `INSERT … ON CONFLICT`, `UPDATE/DELETE … RETURNING` and CHECK constraints mean the same in both.

/** A value bound to a placeholder. */
export type SqlValue = string | number | null;

/** What runs statements: the database itself, or one transaction. */
export interface Queryable {
  /** Rows of a SELECT, or of a statement with RETURNING. Column names come back as the SQL spells them. */
  query<Row extends object>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** A statement without rows; `changes` is how many rows it inserted, updated or deleted. */
  execute(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
}

export interface TransactionOptions {
  /**
   * Run alone among exclusive transactions, seeing everything committed before it began running, however many
   * app servers share the database (PostgreSQL: an advisory lock taken first, then READ COMMITTED; SQLite: its
   * write lock). For schema migrations, which must be applied once when several servers start at once.
   */
  exclusive?: boolean;
}

export interface Database extends Queryable {
  /**
   * Runs `fn` in a serializable transaction: committed when it resolves, rolled back when it throws. PostgreSQL
   * may abort one of two racing transactions with a serialization failure; that one is rolled back and `fn` runs
   * again (a few times at most), so `fn` must do nothing outside `tx` that cannot be repeated. Inside `fn`, use
   * `tx` only: a statement on the database itself would wait for the transaction to end (SQLite) or run outside
   * it (PostgreSQL).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Closes the file or the pool; the database is unusable afterwards. */
  close(): Promise<void>;
}

/** A statement broke a UNIQUE or PRIMARY KEY constraint; both engines raise this one error for it. */
export class UniqueViolationError extends Error {
  override readonly name = 'UniqueViolationError';
}
