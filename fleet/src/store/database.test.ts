import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UniqueViolationError } from './database';
import { describeEachEngine } from './engines.testing';
import { toSqlitePlaceholders } from './sqlite-database';

it('rewrites $n placeholders to ? with the values in the order they are used', () => {
  assert.deepEqual(toSqlitePlaceholders('SELECT $2, $1 WHERE a = $2'), {
    text: 'SELECT ?, ? WHERE a = ?',
    order: [2, 1, 2],
  });
  assert.deepEqual(toSqlitePlaceholders('SELECT $10, $1'), { text: 'SELECT ?, ?', order: [10, 1] });
});

describeEachEngine('database', (engine) => {
  const table = 'CREATE TABLE things (id TEXT PRIMARY KEY, at BIGINT NOT NULL, note TEXT)';

  it('binds $n values by number, reused and out of order', async () => {
    const db = await engine.open();
    await db.execute(table);
    await db.execute('INSERT INTO things (id, at, note) VALUES ($2, $1, $2)', [5, 'a']);
    assert.deepEqual(await db.query('SELECT id, at, note FROM things WHERE id = $1 AND note = $1', ['a']), [
      { id: 'a', at: 5, note: 'a' },
    ]);
  });

  it('gives BIGINT timestamps back as numbers, and counts changes', async () => {
    const db = await engine.open();
    await db.execute(table);
    const at = Date.UTC(2030, 5, 1, 12, 0, 0, 123);
    assert.deepEqual(await db.execute('INSERT INTO things (id, at) VALUES ($1, $2), ($3, $2)', ['a', at, 'b']), {
      changes: 2,
    });
    const [row] = await db.query<{ at: number; n: number }>(
      'SELECT at, (SELECT COUNT(*) FROM things) AS n FROM things WHERE id = $1',
      ['a'],
    );
    assert.deepEqual(row, { at, n: 2 });
    assert.deepEqual(await db.execute('DELETE FROM things WHERE at = $1', [0]), { changes: 0 });
  });

  it('raises UniqueViolationError for a duplicate key', async () => {
    const db = await engine.open();
    await db.execute(table);
    await db.execute('INSERT INTO things (id, at) VALUES ($1, $2)', ['a', 1]);
    await assert.rejects(db.execute('INSERT INTO things (id, at) VALUES ($1, $2)', ['a', 2]), UniqueViolationError);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await engine.open();
    await db.execute(table);
    await db.transaction(async (tx) => {
      await tx.execute('INSERT INTO things (id, at) VALUES ($1, $2)', ['kept', 1]);
    });
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute('INSERT INTO things (id, at) VALUES ($1, $2)', ['dropped', 1]);
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    assert.deepEqual(await db.query('SELECT id FROM things ORDER BY id'), [{ id: 'kept' }]);
  });

  it('refuses a transaction handle used after the transaction ended', async () => {
    const db = await engine.open();
    const tx = await db.transaction(async (handle) => handle);
    await assert.rejects(tx.query('SELECT 1'), /already ended/);
  });

  it('keeps statements from outside out of a transaction in progress', async () => {
    const db = await engine.open();
    await db.execute(table);
    let inside!: () => void;
    const insideReached = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute('INSERT INTO things (id, at) VALUES ($1, $2)', ['pending', 1]);
      inside();
      await finished;
      throw new Error('rolled back');
    });
    await insideReached;
    const outside = db.query('SELECT id FROM things');
    finish();
    await assert.rejects(transaction, /rolled back/);
    assert.deepEqual(await outside, []);
  });

  if (engine.name === 'postgres') {
    it('runs a transaction again when it loses a serialization race', async () => {
      const url = await engine.newDatabaseUrl();
      const [one, two] = [await engine.connect(url), await engine.connect(url)];
      await one.execute('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
      await one.execute('INSERT INTO counter (id, n) VALUES (1, 0)');
      // Both read before either writes (on their first attempt), so one of the two commits must fail and rerun.
      let reads = 0;
      let bothRead!: () => void;
      const barrier = new Promise<void>((resolve) => (bothRead = resolve));
      let attempts = 0;
      const increment = (db: typeof one) =>
        db.transaction(async (tx) => {
          attempts++;
          const [row] = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
          if (++reads === 2) bothRead();
          if (reads <= 2) await barrier;
          await tx.execute('UPDATE counter SET n = $1 WHERE id = 1', [row!.n + 1]);
        });
      await Promise.all([increment(one), increment(two)]);
      assert.deepEqual(await one.query('SELECT n FROM counter'), [{ n: 2 }]);
      assert.equal(attempts, 3);
    });
  }
});
