// `<home>/ledger.sqlite`, the cost ledger: one row per admitted tool call, one per priced model response (keyed, so
// re-reading a log never counts a response twice), and the last budget configuration that was applied — what the
// daemon keeps enforcing when budget.json is later found broken. The call rows of the hot path are committed by
// the writer thread (store/sql-writer.ts); the window queries are range scans on `at` indexes that also hold the
// client, run only at start and when a calendar window rolls over.
import type { Statement } from 'better-sqlite3';
import type { CostEntry } from '../costs/cost-entry';
import { type Db, type Migration, openDatabase } from '../store/database';
import { WriteQueue } from '../store/sql-writer';
import { HOUR_MS } from './windows';

export const LEDGER_FILE = 'ledger.sqlite';

const MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      CREATE TABLE calls (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        client TEXT NOT NULL,
        tool TEXT NOT NULL
      );
      CREATE INDEX calls_at ON calls (at, client);
      CREATE TABLE costs (
        key TEXT PRIMARY KEY,
        at INTEGER NOT NULL,
        client TEXT NOT NULL,
        session_id TEXT,
        model TEXT NOT NULL,
        input_tokens INTEGER NOT NULL,
        output_tokens INTEGER NOT NULL,
        cache_write_tokens INTEGER NOT NULL,
        cache_read_tokens INTEGER NOT NULL,
        usd REAL NOT NULL,
        priced INTEGER NOT NULL
      );
      CREATE INDEX costs_at ON costs (at, client, usd, priced);
      -- One row: the configuration last applied, as JSON.
      CREATE TABLE applied_budget (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        config TEXT NOT NULL,
        applied_at INTEGER NOT NULL
      );
    `),
];

export interface LedgerCall {
  at: number;
  client: string;
}

export interface LedgerCost {
  at: number;
  client: string;
  usd: number;
  priced: boolean;
}

export interface ClientTotals {
  client: string;
  calls: number;
  usd: number;
  unpricedUsd: number;
}

/** One client's calls and dollars in the hour starting at `hour` (ms since the epoch, a whole UTC hour). */
export interface HourClientTotals extends ClientTotals {
  hour: number;
}

/** Integer division on `at` (an INTEGER column): the start of its hour. */
const HOUR_OF_AT = `(at / ${HOUR_MS}) * ${HOUR_MS}`;

export class Ledger {
  private readonly insertCall: (params: unknown[]) => void;
  private readonly insertCost: Statement;
  private readonly callsAfter: Statement;
  private readonly costsAfter: Statement;
  private readonly callCountsFrom: Statement;
  private readonly costSumsFrom: Statement;
  private readonly hourlyCallCountsFrom: Statement;
  private readonly hourlyCostSumsFrom: Statement;
  private readonly calls: WriteQueue;
  private lostCalls = 0;
  private lastWriteFailure: string | undefined;

  private constructor(
    private readonly db: Db,
    path: string,
  ) {
    this.calls = new WriteQueue(path, (message, lostWrites) => {
      this.lostCalls += lostWrites;
      this.lastWriteFailure = message;
    });
    this.insertCall = this.calls.statement('INSERT INTO calls (at, client, tool) VALUES (?, ?, ?)');
    this.insertCost = db.prepare(
      `INSERT OR IGNORE INTO costs (key, at, client, session_id, model, input_tokens, output_tokens,
         cache_write_tokens, cache_read_tokens, usd, priced)
       VALUES (@key, @at, @client, @sessionId, @model, @inputTokens, @outputTokens, @cacheWriteTokens,
         @cacheReadTokens, @usd, @priced)`,
    );
    this.callsAfter = db.prepare('SELECT at, client FROM calls WHERE at > ? ORDER BY at');
    this.costsAfter = db.prepare('SELECT at, client, usd, priced FROM costs WHERE at > ? ORDER BY at');
    this.callCountsFrom = db.prepare('SELECT client, count(*) AS calls FROM calls WHERE at >= ? GROUP BY client');
    this.costSumsFrom = db.prepare(
      `SELECT client, total(usd) AS usd, total(CASE WHEN priced THEN 0 ELSE usd END) AS unpricedUsd
       FROM costs WHERE at >= ? GROUP BY client`,
    );
    this.hourlyCallCountsFrom = db.prepare(
      `SELECT ${HOUR_OF_AT} AS hour, client, count(*) AS calls FROM calls WHERE at >= ? GROUP BY hour, client`,
    );
    this.hourlyCostSumsFrom = db.prepare(
      `SELECT ${HOUR_OF_AT} AS hour, client, total(usd) AS usd,
         total(CASE WHEN priced THEN 0 ELSE usd END) AS unpricedUsd
       FROM costs WHERE at >= ? GROUP BY hour, client`,
    );
  }

  /** Opens (or creates, readable by the user only: it describes what their agents did) the ledger. */
  static open(path: string): Ledger {
    return new Ledger(openDatabase(path, MIGRATIONS), path);
  }

  /** Queued and committed by the writer thread with the other writes of this turn (store/sql-writer.ts). */
  recordCall(at: number, client: string, tool: string): void {
    this.insertCall([at, client, tool]);
  }

  /** Records a priced response once; false when its key is already in the ledger. */
  recordCost(entry: CostEntry): boolean {
    const result = this.insertCost.run({
      key: entry.key,
      at: entry.at,
      client: entry.client,
      sessionId: entry.sessionId ?? null,
      model: entry.model,
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
      cacheWriteTokens: entry.cacheWriteTokens,
      cacheReadTokens: entry.cacheReadTokens,
      usd: entry.usd,
      priced: entry.priced ? 1 : 0,
    });
    return result.changes === 1;
  }

  /** The calls made after `cutoff`, oldest first (to refill the rolling windows at start). */
  *callsSince(cutoff: number): Generator<LedgerCall> {
    this.calls.flush();
    yield* this.callsAfter.iterate(cutoff) as IterableIterator<LedgerCall>;
  }

  /** The responses made after `cutoff`, oldest first. */
  *costsSince(cutoff: number): Generator<LedgerCost> {
    this.calls.flush();
    for (const row of this.costsAfter.iterate(cutoff) as IterableIterator<
      Omit<LedgerCost, 'priced'> & { priced: 0 | 1 }
    >) {
      yield { at: row.at, client: row.client, usd: row.usd, priced: row.priced === 1 };
    }
  }

  /** Per client, the calls and dollars at or after `start` (a calendar window's or the session's totals). */
  totalsFrom(start: number): ClientTotals[] {
    this.calls.flush();
    const byClient = new Map<string, ClientTotals>();
    const entry = (client: string): ClientTotals => {
      let totals = byClient.get(client);
      if (!totals) byClient.set(client, (totals = { client, calls: 0, usd: 0, unpricedUsd: 0 }));
      return totals;
    };
    for (const row of this.callCountsFrom.all(start) as Array<{ client: string; calls: number }>) {
      entry(row.client).calls = row.calls;
    }
    for (const row of this.costSumsFrom.all(start) as Array<{ client: string; usd: number; unpricedUsd: number }>) {
      Object.assign(entry(row.client), { usd: row.usd, unpricedUsd: row.unpricedUsd });
    }
    return [...byClient.values()];
  }

  /** Per hour and client, the calls and dollars at or after `start`, in no particular order (the Spending chart). */
  hourlyTotalsFrom(start: number): HourClientTotals[] {
    this.calls.flush();
    const byHourAndClient = new Map<string, HourClientTotals>();
    const entry = (hour: number, client: string): HourClientTotals => {
      const key = `${hour} ${client}`;
      let totals = byHourAndClient.get(key);
      if (!totals) byHourAndClient.set(key, (totals = { hour, client, calls: 0, usd: 0, unpricedUsd: 0 }));
      return totals;
    };
    for (const row of this.hourlyCallCountsFrom.all(start) as Array<{ hour: number; client: string; calls: number }>) {
      entry(row.hour, row.client).calls = row.calls;
    }
    for (const row of this.hourlyCostSumsFrom.all(start) as Array<Omit<HourClientTotals, 'calls'>>) {
      Object.assign(entry(row.hour, row.client), { usd: row.usd, unpricedUsd: row.unpricedUsd });
    }
    return [...byHourAndClient.values()];
  }

  /** The configuration last applied (JSON text), if any ever was. */
  lastAppliedConfig(): { config: string; appliedAt: number } | undefined {
    return this.db.prepare('SELECT config, applied_at AS appliedAt FROM applied_budget WHERE id = 1').get() as
      { config: string; appliedAt: number } | undefined;
  }

  saveAppliedConfig(config: string, appliedAt: number): void {
    this.db
      .prepare(
        `INSERT INTO applied_budget (id, config, applied_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET config = excluded.config, applied_at = excluded.applied_at`,
      )
      .run(config, appliedAt);
  }

  /** Calls that could not be recorded (their batch failed: a full disk), said in words; undefined when none. */
  writeProblem(): string | undefined {
    this.calls.flush();
    if (this.lostCalls === 0) return undefined;
    return `${this.lostCalls} tool calls could not be recorded in the ledger (${this.lastWriteFailure}); they still count until the daemon restarts`;
  }

  close(): void {
    this.calls.close();
    this.db.close();
  }
}
