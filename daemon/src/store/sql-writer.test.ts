// The writer thread on real SQLite files: queued writes are committed off the event loop and seen by a reader
// after flush(), each database's batch is all or nothing, failures reach the right owner with their count, and
// the thread comes and goes with its queues.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { type Db, openDatabase } from './database';
import { WriteQueue } from './sql-writer';
import { eventually } from '@ssg/testing/eventually';

const SCHEMA = [(db: Db) => db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)')];

describe('WriteQueue', () => {
  let dir: string;
  const open: Array<{ close(): void }> = [];
  const failures: Array<[string, string, number]> = [];

  function database(name: string): { db: Db; queue: WriteQueue; insert: (params: unknown[]) => void } {
    const path = join(dir, `${name}.sqlite`);
    const db = openDatabase(path, SCHEMA);
    const queue = new WriteQueue(path, (message, lost) => failures.push([name, message, lost]));
    open.push(queue, db);
    return { db, queue, insert: queue.statement('INSERT INTO t (id, v) VALUES (?, ?)') };
  }

  const values = (db: Db): string[] => db.prepare('SELECT v FROM t ORDER BY id').pluck().all() as string[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-sql-writer-'));
    failures.length = 0;
  });
  afterEach(() => {
    for (const item of open.splice(0)) item.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('queued writes are committed by the thread, and a reader sees them all after flush()', async () => {
    const { db, queue, insert } = database('a');
    for (let i = 1; i <= 500; i++) insert([i, `row ${i}`]);
    assert.deepEqual(values(db), [], 'nothing is written on the caller’s turn');
    queue.flush();
    assert.equal(values(db).length, 500);
    assert.equal(values(db)[499], 'row 500');
    // Writes of later turns too, without a flush: the thread commits them on its own.
    insert([501, 'later']);
    await eventually(() => values(db).length === 501, 'the thread to commit a later turn');
    assert.deepEqual(failures, []);
  });

  test('one thread serves several databases, each with its own rows', () => {
    const a = database('a');
    const b = database('b');
    a.insert([1, 'to a']);
    b.insert([1, 'to b']);
    a.insert([2, 'to a again']);
    b.queue.flush();
    assert.deepEqual(values(a.db), ['to a', 'to a again']);
    assert.deepEqual(values(b.db), ['to b']);
  });

  test("a failed batch is lost whole, counted against its own database, and the other database's batch commits", () => {
    const a = database('a');
    const b = database('b');
    a.insert([1, 'one']);
    a.insert([1, 'the same id again']);
    b.insert([1, 'fine']);
    a.queue.flush();
    assert.deepEqual(values(a.db), [], 'all or nothing');
    assert.deepEqual(values(b.db), ['fine']);
    assert.equal(failures.length, 1);
    const [name, message, lost] = failures[0]!;
    assert.equal(name, 'a');
    assert.match(message, /UNIQUE constraint failed/);
    assert.equal(lost, 2);
    // The queue goes on working after a failure.
    a.insert([2, 'after']);
    a.queue.flush();
    assert.deepEqual(values(a.db), ['after']);
  });

  test('a statement the thread cannot prepare loses its writes with the reason, not the thread', () => {
    const a = database('a');
    const broken = a.queue.statement('INSERT INTO missing_table (x) VALUES (?)');
    broken([1]);
    a.insert([1, 'fine']);
    a.queue.flush();
    assert.deepEqual(values(a.db), [], 'one batch per database: the broken write takes its batch down');
    assert.ok(failures.some(([, message]) => /no such table: missing_table/.test(message)));
    a.insert([2, 'next batch']);
    a.queue.flush();
    assert.deepEqual(values(a.db), ['next batch']);
  });

  test('a write after close() is lost at once; the last close ends the thread, a new queue starts one', () => {
    const first = database('a');
    first.insert([1, 'kept']);
    first.queue.close();
    assert.deepEqual(values(first.db), ['kept'], 'close commits what was queued');
    first.insert([2, 'too late']);
    assert.deepEqual(failures, [['a', 'The database connection is not open', 1]]);
    const second = database('b');
    second.insert([1, 'new thread']);
    second.queue.flush();
    assert.deepEqual(values(second.db), ['new thread']);
  });

  test('an open queue does not keep a process alive: it exits when its work is done', () => {
    const script = join(dir, 'open-queue.mts');
    const module = (name: string) => JSON.stringify(fileURLToPath(new URL(name, import.meta.url)));
    writeFileSync(
      script,
      `import { openDatabase } from ${module('./database.ts')};
       import { WriteQueue } from ${module('./sql-writer.ts')};
       const path = ${JSON.stringify(join(dir, 'c.sqlite'))};
       openDatabase(path, [(db) => db.exec('CREATE TABLE t (v TEXT)')]);
       const queue = new WriteQueue(path, () => {});
       queue.statement('INSERT INTO t VALUES (?)')(['x']);
       queue.flush();
       console.log('done, queue left open');`,
    );
    const repo = fileURLToPath(new URL('../../..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.stdout.trim(), 'done, queue left open', run.stderr);
    assert.equal(run.status, 0, 'exited on its own, before the timeout');
  });
});
