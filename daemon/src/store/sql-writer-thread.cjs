'use strict';
// The worker thread behind store/sql-writer.ts: it owns one write connection per database and commits the
// hot path's inserts (an audit record and a ledger call per evaluation) off the daemon's event loop. Plain
// CommonJS, so the same file runs from source (tests) and beside the bundles (cli/dist, main/dist), which copy it.
//
// Messages, all in the order the main thread sent them (one port, so one order):
//   ['open', seq, dbId, path]           open a connection to an existing database (the main thread migrated it)
//   ['prepare', seq, statementId, dbId, sql]
//   ['batch', seq, ops]                 ops = [statementId, params, statementId, params, …]
//   ['close', seq, dbId]
// After each message the worker stores its seq in the shared counter and wakes a main thread waiting for it
// (a reader that must see every earlier write). Failures go back as [dbId, lostWrites, message], posted before
// the counter moves, so a woken main thread finds them already queued.
const { receiveMessageOnPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

/** @type {{ port: import('node:worker_threads').MessagePort, committed: Int32Array }} */
const { port, committed } = workerData;

/** @type {Map<number, import('better-sqlite3').Database>} */
const databases = new Map();
/** @type {Map<number, { dbId: number, statement?: import('better-sqlite3').Statement, problem?: string }>} */
const statements = new Map();

port.on('message', (first) => {
  for (let message = first; message !== undefined;) {
    if (message[0] !== 'batch') {
      handle(message);
      settle(message);
      return;
    }
    // Batches that queued up while the previous one committed go into the same transactions: under load the
    // commits grow instead of falling behind.
    const ops = message[2].slice();
    let next;
    while ((next = receiveMessageOnPort(port)) !== undefined && next.message[0] === 'batch') {
      message = next.message;
      for (const op of message[2]) ops.push(op);
    }
    commit(ops);
    settle(message);
    message = next && next.message;
  }
});

function handle(message) {
  const [kind, , a, b, c] = message;
  try {
    if (kind === 'open') {
      const db = new Database(b);
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      databases.set(a, db);
    } else if (kind === 'prepare') {
      // Until it is prepared, the statement's writes fail with the reason it could not be.
      statements.set(a, { dbId: b, problem: 'database not open' });
      const db = databases.get(b);
      if (db) statements.set(a, { dbId: b, statement: db.prepare(c) });
    } else if (kind === 'close') {
      databases.get(a)?.close();
      databases.delete(a);
    }
  } catch (error) {
    if (kind === 'prepare') statements.set(a, { dbId: b, problem: errorMessage(error) });
    report(kind === 'prepare' ? b : a, 0, error);
  }
}

/** One transaction per database, each all or nothing; a failed one (a full disk) is reported with its size. */
function commit(ops) {
  /** @type {Map<number, Array<[{ statement?: import('better-sqlite3').Statement, problem?: string } | undefined, unknown[]]>>} */
  const byDb = new Map();
  for (let i = 0; i < ops.length; i += 2) {
    const entry = statements.get(ops[i]);
    const dbId = entry ? entry.dbId : -1;
    let writes = byDb.get(dbId);
    if (!writes) byDb.set(dbId, (writes = []));
    writes.push([entry, ops[i + 1]]);
  }
  for (const [dbId, writes] of byDb) {
    const db = databases.get(dbId);
    try {
      if (!db) throw new Error('database not open');
      db.transaction(() => {
        for (const [entry, params] of writes) {
          if (!entry || !entry.statement) throw new Error(entry ? entry.problem : 'statement not prepared');
          entry.statement.run(params);
        }
      })();
    } catch (error) {
      report(dbId, writes.length, error);
    }
  }
}

function report(dbId, lostWrites, error) {
  port.postMessage([dbId, lostWrites, errorMessage(error)]);
}

function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

function settle(message) {
  Atomics.store(committed, 0, message[1]);
  Atomics.notify(committed, 0);
}
