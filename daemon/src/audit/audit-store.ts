// `<home>/audit.sqlite`: one row per evaluated tool call. Inserts are committed by the writer thread
// (store/sql-writer.ts; WAL, so the dashboard's reads never wait for them);
// the filters of the query API each have an index, and every index ends in the rowid, so "newest first where
// client = ?" walks one index backwards.
import type { Statement } from 'better-sqlite3';
import {
  AUDIT_DEFAULT_LIMIT,
  type AuditPage,
  type AuditQuery,
  type AuditRecord,
  type AuditRecordSummary,
  type AuditWindowStats,
} from '@ssg/contracts/audit';
import type { MatchedCondition } from '@ssg/engine';
import { type Db, type Migration, openDatabase } from '../store/database';
import { type WriteFailureHandler, WriteQueue } from '../store/sql-writer';

/** A record before it has an id. */
export type AuditRow = Omit<AuditRecord, 'id'>;

const MIGRATIONS: readonly Migration[] = [
  (db) =>
    db.exec(`
      -- AUTOINCREMENT: ids are never reused after retention deletes the newest-but-old rows, so a paging cursor
      -- or an SSE event id always means the same record.
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        tool TEXT NOT NULL,
        capability TEXT NOT NULL,
        client TEXT NOT NULL,
        session_id TEXT,
        cwd TEXT,
        summary TEXT NOT NULL,
        decision TEXT NOT NULL,
        decided_by TEXT NOT NULL,
        rule_id TEXT,
        message TEXT,
        warning TEXT,
        matched TEXT NOT NULL,
        duration_ms REAL NOT NULL
      );
      -- Covers the stats (see windowStats) as well as the since/until filters and retention by age.
      CREATE INDEX audit_at ON audit (at, decision, client, rule_id);
      CREATE INDEX audit_decision ON audit (decision);
      CREATE INDEX audit_client ON audit (client);
      CREATE INDEX audit_tool ON audit (tool);
      CREATE INDEX audit_capability ON audit (capability);
    `),
  // When a call held for an approval arrived; its `at` is when it was decided (null for the calls decided at once).
  (db) => db.exec('ALTER TABLE audit ADD COLUMN requested_at INTEGER'),
];

interface StoredRow {
  id: number;
  at: number;
  requested_at: number | null;
  tool: string;
  capability: AuditRecord['capability'];
  client: string;
  session_id: string | null;
  cwd: string | null;
  summary: string;
  decision: AuditRecord['decision'];
  decided_by: AuditRecord['decidedBy'];
  rule_id: string | null;
  message: string | null;
  warning: string | null;
  matched?: string;
  duration_ms: number;
}

const SUMMARY_COLUMNS =
  'id, at, requested_at, tool, capability, client, session_id, cwd, summary, decision, decided_by, rule_id, message, warning, duration_ms';

/** Decisions that stopped the call (the spec's "deny and force block a call"). */
const BLOCKING_DECISIONS: ReadonlySet<string> = new Set(['block', 'force']);

const TOP_RULES = 10;
/** Clients listed per window; a machine has a handful, the bound only stops a flood of names. */
const TOP_CLIENTS = 50;

export class AuditStore {
  private readonly insertRow: (params: unknown[]) => void;
  private readonly selectOne: Statement;
  private readonly queries = new Map<string, Statement>();
  /** Committed by the writer thread (store/sql-writer.ts), so ids are handed out here: one daemon per home. */
  private readonly commit: WriteQueue;
  private nextId: number;
  private writeFailureHandler: WriteFailureHandler = () => {};

  private constructor(
    private readonly db: Db,
    path: string,
  ) {
    this.commit = new WriteQueue(path, (message, records) => this.writeFailureHandler(message, records));
    this.insertRow = this.commit.statement(
      `INSERT INTO audit (id, at, requested_at, tool, capability, client, session_id, cwd, summary, decision,
         decided_by, rule_id, message, warning, matched, duration_ms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectOne = db.prepare(`SELECT ${SUMMARY_COLUMNS}, matched FROM audit WHERE id = ?`);
    const sequence = db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'audit'`).get() as
      { seq: number } | undefined;
    this.nextId = (sequence?.seq ?? 0) + 1;
  }

  /** Told about records lost because their batch could not be committed (the audit log counts them). */
  onWriteFailure(handler: WriteFailureHandler): void {
    this.writeFailureHandler = handler;
  }

  /** Opens (or creates, readable by the user only: it describes what their agents did) the audit database. */
  static open(path: string): AuditStore {
    try {
      return new AuditStore(openDatabase(path, MIGRATIONS), path);
    } catch (error) {
      // The log is history, not configuration: say which file, and that moving it away starts a new one.
      throw new Error(
        `cannot open the audit log ${path}: ${(error as Error).message}; move the file away and the daemon starts a new one`,
        { cause: error },
      );
    }
  }

  /** Queues the record (committed after this turn of the event loop) and returns its id. */
  insert(row: AuditRow): number {
    const id = this.nextId++;
    // Positional, in the INSERT's column order: binding by name looks every parameter up, per row.
    const params = [
      id,
      row.at,
      row.requestedAt ?? null,
      row.tool,
      row.capability,
      row.client,
      row.sessionId ?? null,
      row.cwd ?? null,
      row.summary,
      row.decision,
      row.decidedBy,
      row.ruleId ?? null,
      row.message ?? null,
      row.warning ?? null,
      JSON.stringify(row.matched),
      row.durationMs,
    ];
    this.insertRow(params);
    return id;
  }

  /** Commits the queued records; a failed commit reaches the onWriteFailure handler before this returns. */
  flush(): void {
    this.commit.flush();
  }

  get(id: number): AuditRecord | undefined {
    this.commit.flush();
    const row = this.selectOne.get(id) as StoredRow | undefined;
    return row && { ...toSummary(row), matched: JSON.parse(row.matched!) as MatchedCondition[] };
  }

  /** Newest first, filtered; see AuditQuery. */
  query(query: AuditQuery): AuditPage {
    this.commit.flush();
    const limit = query.limit ?? AUDIT_DEFAULT_LIMIT;
    const conditions: string[] = [];
    const params: Record<string, string | number> = { limit };
    for (const column of ['decision', 'client', 'tool', 'capability'] as const) {
      const value = query[column];
      if (value !== undefined) {
        conditions.push(`${column} = @${column}`);
        params[column] = value;
      }
    }
    if (query.q !== undefined) {
      conditions.push("(summary LIKE @q ESCAPE '\\' OR rule_id LIKE @q ESCAPE '\\' OR message LIKE @q ESCAPE '\\')");
      params.q = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    }
    if (query.since !== undefined) conditions.push('at >= @since');
    if (query.until !== undefined) conditions.push('at <= @until');
    if (query.before !== undefined) conditions.push('id < @before');
    for (const key of ['since', 'until', 'before'] as const) if (query[key] !== undefined) params[key] = query[key];
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const sql = `SELECT ${SUMMARY_COLUMNS} FROM audit ${where} ORDER BY id DESC LIMIT @limit`;
    const rows = this.prepared(sql).all(params) as StoredRow[];
    return {
      records: rows.map(toSummary),
      nextBefore: rows.length === limit ? rows[rows.length - 1]!.id : null,
    };
  }

  /**
   * Counts for several windows (name → start, ms since the epoch) from one pass over the covering index on
   * (at, decision, client, rule_id): the table itself is never read, and the work is one index range however
   * many windows are asked for.
   */
  windowStats<Name extends string>(starts: Record<Name, number>): Record<Name, AuditWindowStats> {
    this.commit.flush();
    const names = Object.keys(starts) as Name[];
    const flags = names.map((_, index) => `at >= @w${index} AS w${index}`).join(', ');
    const params: Record<string, number> = { from: Math.min(...names.map((name) => starts[name])) };
    names.forEach((name, index) => (params[`w${index}`] = starts[name]));
    const groups = this.prepared(
      `SELECT decision, client, rule_id AS ruleId, ${flags}, count(*) AS n FROM audit WHERE at >= @from
       GROUP BY decision, client, rule_id, ${names.map((_, index) => `w${index}`).join(', ')}`,
    ).all(params) as Array<{
      decision: string;
      client: string;
      ruleId: string | null;
      n: number;
      [w: string]: unknown;
    }>;
    const result = {} as Record<Name, AuditWindowStats>;
    names.forEach((name, index) => {
      const inWindow = groups.filter((group) => group[`w${index}`] === 1);
      result[name] = {
        since: starts[name],
        total: inWindow.reduce((sum, group) => sum + group.n, 0),
        byDecision: Object.fromEntries(sumBy(inWindow, (group) => group.decision)),
        byClient: Object.fromEntries(sumBy(inWindow, (group) => group.client).slice(0, TOP_CLIENTS)),
        topBlockedRules: sumBy(
          inWindow.filter((group) => BLOCKING_DECISIONS.has(group.decision)),
          (group) => group.ruleId,
        )
          .slice(0, TOP_RULES)
          .map(([ruleId, count]) => ({ ruleId, count })),
      };
    });
    return result;
  }

  /** How many records there are, and when the oldest was made. */
  extent(): { rows: number; oldestAt: number | null } {
    this.commit.flush();
    return this.prepared('SELECT count(*) AS rows, min(at) AS oldestAt FROM audit').get() as {
      rows: number;
      oldestAt: number | null;
    };
  }

  /** Deletes up to `batch` records made before `at`, oldest first; returns how many. */
  deleteOlderThan(at: number, batch: number): number {
    this.commit.flush();
    return this.prepared('DELETE FROM audit WHERE id IN (SELECT id FROM audit WHERE at < ? ORDER BY at LIMIT ?)').run(
      at,
      batch,
    ).changes;
  }

  /** Deletes the `count` oldest records; returns how many. */
  deleteOldest(count: number): number {
    this.commit.flush();
    return this.prepared('DELETE FROM audit WHERE id IN (SELECT id FROM audit ORDER BY id LIMIT ?)').run(count).changes;
  }

  close(): void {
    this.commit.close();
    this.db.close();
  }

  /** Statements are compiled once per distinct SQL text (a few dozen filter combinations at most). */
  private prepared(sql: string): Statement {
    let statement = this.queries.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.queries.set(sql, statement);
    }
    return statement;
  }
}

/** Sums of `n` per key (null keys left out), largest first, ties by key. */
function sumBy<Group extends { n: number }>(
  groups: Group[],
  key: (group: Group) => string | null,
): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const group of groups) {
    const value = key(group);
    if (value !== null) sums.set(value, (sums.get(value) ?? 0) + group.n);
  }
  return [...sums].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
}

function toSummary(row: StoredRow): AuditRecordSummary {
  return {
    id: row.id,
    at: row.at,
    ...(row.requested_at !== null && { requestedAt: row.requested_at }),
    tool: row.tool,
    capability: row.capability,
    client: row.client,
    ...(row.session_id !== null && { sessionId: row.session_id }),
    ...(row.cwd !== null && { cwd: row.cwd }),
    summary: row.summary,
    decision: row.decision,
    decidedBy: row.decided_by,
    ...(row.rule_id !== null && { ruleId: row.rule_id }),
    ...(row.message !== null && { message: row.message }),
    ...(row.warning !== null && { warning: row.warning }),
    durationMs: row.duration_ms,
  };
}
