import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine } from './engines.testing';
import { MIGRATIONS, migrate } from './migrate';
import type { Migration } from './migrations/migration';

const TABLES = [
  'jwks_cache',
  'licence_grants',
  'login_states',
  'members',
  'org_rules',
  'organizations',
  'schema_migrations',
  'service_accounts',
  'sessions',
  'sso_configs',
  'subscriptions',
];

const ALL_IDS = MIGRATIONS.map((migration) => migration.id);

describeEachEngine('migrate', (engine) => {
  async function tableNames(db: Awaited<ReturnType<typeof engine.connect>>): Promise<string[]> {
    const sql =
      engine.name === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name";
    return (await db.query<{ name: string }>(sql)).map((row) => row.name);
  }

  it('applies every migration once and records it; a second run changes nothing', async () => {
    const db = await engine.connect(await engine.newDatabaseUrl());
    assert.deepEqual(await migrate(db, () => 1234), [
      '0001-fleet-tables',
      '0002-org-rules',
      '0003-machines-and-licence-grants',
    ]);
    assert.deepEqual(await tableNames(db), TABLES);
    assert.deepEqual(await migrate(db), []);
    assert.deepEqual(
      await db.query('SELECT id, applied_at FROM schema_migrations ORDER BY id'),
      ALL_IDS.map((id) => ({ id, applied_at: 1234 })),
    );
  });

  it('applies only the migrations a database has not had yet', async () => {
    const db = await engine.connect(await engine.newDatabaseUrl());
    await migrate(db);
    const next: Migration = { id: '9999-notes', statements: ['CREATE TABLE notes (id TEXT PRIMARY KEY)'] };
    assert.deepEqual(await migrate(db, Date.now, [...MIGRATIONS, next]), ['9999-notes']);
    assert.deepEqual(await migrate(db, Date.now, [...MIGRATIONS, next]), []);
  });

  it('rolls a failing run back whole', async () => {
    const db = await engine.connect(await engine.newDatabaseUrl());
    const broken: Migration = { id: '9999-broken', statements: ['CREATE TABLE notes (id TEXT)', 'NOT SQL'] };
    await assert.rejects(migrate(db, Date.now, [...MIGRATIONS, broken]));
    assert.deepEqual(await tableNames(db), []);
  });

  it('refuses a database migrated by a newer server', async () => {
    const db = await engine.connect(await engine.newDatabaseUrl());
    const next: Migration = { id: '9999-future', statements: [] };
    await migrate(db, Date.now, [...MIGRATIONS, next]);
    await assert.rejects(migrate(db), /does not know \(9999-future\).*newer version/);
  });

  // Two SQLite connections in one process cannot race: the second one's BEGIN IMMEDIATE blocks the event loop
  // the first needs to finish. Separate processes on one file wait on SQLite's lock instead.
  if (engine.name === 'postgres') {
    it('applies once when two servers migrate one database at the same time', async () => {
      const url = await engine.newDatabaseUrl();
      const servers = [await engine.connect(url), await engine.connect(url)];
      const applied = await Promise.all(servers.map((db) => migrate(db)));
      assert.deepEqual(applied.flat(), ALL_IDS);
      assert.deepEqual(
        await servers[0]!.query('SELECT id FROM schema_migrations ORDER BY id'),
        ALL_IDS.map((id) => ({ id })),
      );
    });
  }
});
