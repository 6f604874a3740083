// PostgreSQL, for several stateless app servers behind a load balancer sharing one database: a `pg` Pool per
// server. BIGINT columns (the epoch-millisecond timestamps) come back from `pg` as strings, to be safe with
// values past 2^53; every BIGINT here is a timestamp or a count, so this pool parses them to numbers, and refuses
// one that would lose precision rather than round it.
import pg from 'pg';
import {
  type Database,
  type Queryable,
  type SqlValue,
  type TransactionOptions,
  UniqueViolationError,
} from './database';

const INT8_OID = 20;
const UNIQUE_VIOLATION = '23505';
/** serialization_failure and deadlock_detected: the transaction lost a race and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;
/** The advisory lock key of exclusive transactions (any constant; "ssgfleet" in ASCII). */
const EXCLUSIVE_LOCK_KEY = '8319106626286347636';

export interface PostgresOptions {
  /** Connections this server keeps at most (pg's default is 10). */
  maxConnections?: number;
}

export class PostgresDatabase implements Database {
  private readonly pool: pg.Pool;

  constructor(connectionString: string, options: PostgresOptions = {}) {
    this.pool = new pg.Pool({
      connectionString,
      max: options.maxConnections ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
      },
    });
    // An idle connection that the server drops (a restart, a failover) emits 'error' on the pool, which would
    // crash the process unheard; the pool has already discarded that connection and opens a new one when needed.
    this.pool.on('error', () => undefined);
  }

  query<Row extends object>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    return rows<Row>(this.pool, sql, params);
  }

  execute(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return changes(this.pool, sql, params);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.pool.connect();
      let open = true;
      const checked = <R>(run: () => Promise<R>): Promise<R> =>
        open ? run() : Promise.reject(new Error('this transaction has already ended'));
      const tx: Queryable = {
        query: <Row extends object>(sql: string, params: readonly SqlValue[] = []) =>
          checked(() => rows<Row>(client, sql, params)),
        execute: (sql, params = []) => checked(() => changes(client, sql, params)),
      };
      let broken: Error | undefined;
      try {
        if (options.exclusive) {
          // READ COMMITTED, so that each statement after the lock sees what the previous holder committed (a
          // serializable snapshot would be taken by the lock statement itself, before the wait).
          await client.query('BEGIN');
          await client.query('SELECT pg_advisory_xact_lock($1)', [EXCLUSIVE_LOCK_KEY]);
        } else {
          await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        }
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        if (attempt < MAX_ATTEMPTS && RETRYABLE.has(sqlState(error) ?? '')) continue;
        throw translateError(error);
      } finally {
        open = false;
        // A connection whose ROLLBACK failed is in an unknown state: destroy it rather than reuse it.
        client.release(broken);
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

async function rows<Row>(runner: pg.Pool | pg.PoolClient, sql: string, params: readonly SqlValue[]): Promise<Row[]> {
  try {
    return (await runner.query(sql, params as SqlValue[])).rows as Row[];
  } catch (error) {
    throw translateError(error);
  }
}

async function changes(
  runner: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly SqlValue[],
): Promise<{ changes: number }> {
  try {
    return { changes: (await runner.query(sql, params as SqlValue[])).rowCount ?? 0 };
  } catch (error) {
    throw translateError(error);
  }
}

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`a BIGINT value (${text}) is beyond a safe JavaScript integer`);
  return value;
}

function sqlState(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function translateError(error: unknown): unknown {
  if (error instanceof UniqueViolationError || sqlState(error) !== UNIQUE_VIOLATION) return error;
  return new UniqueViolationError((error as Error).message, { cause: error });
}
