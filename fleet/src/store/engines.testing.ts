// The store's tests run once per engine: `describeEachEngine('members', (engine) => { it(…) })` registers the
// same tests for SQLite (a file in a temp folder) and for PostgreSQL (a throwaway server per test file, see
// @ssg/testing/postgres-server). Each `engine.open()` is a fresh, empty database, migrated, closed after the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe } from 'node:test';
import { type PostgresServer, startPostgresServer } from '@ssg/testing/postgres-server';
import type { Clock } from './clock';
import type { Database } from './database';
import { migrate } from './migrate';
import { openDatabase } from './open-database';

export type EngineName = 'sqlite' | 'postgres';

export interface TestEngine {
  readonly name: EngineName;
  /** The URL of a new, empty database. */
  newDatabaseUrl(): Promise<string>;
  /** Opens a URL (a second connection or pool to the same database, like a second app server); closed after the test. */
  connect(url: string): Promise<Database>;
  /** A new database, migrated. */
  open(now?: Clock): Promise<Database>;
}

export function describeEachEngine(title: string, body: (engine: TestEngine) => void): void {
  for (const name of ['sqlite', 'postgres'] as const) {
    describe(`${title} (${name})`, () => {
      let newDatabaseUrl: () => Promise<string>;
      let cleanUp: () => Promise<void>;
      const opened: Database[] = [];
      before(async () => {
        if (name === 'sqlite') {
          const dir = mkdtempSync(join(tmpdir(), 'ssg-fleet-store-'));
          let count = 0;
          newDatabaseUrl = async () => `sqlite:${join(dir, `fleet-${++count}.sqlite`)}`;
          cleanUp = async () => rmSync(dir, { recursive: true, force: true });
        } else {
          const server: PostgresServer = await startPostgresServer();
          newDatabaseUrl = () => server.createDatabase();
          cleanUp = () => server.stop();
        }
      });
      afterEach(async () => {
        await Promise.all(opened.splice(0).map((db) => db.close()));
      });
      after(() => cleanUp());
      const engine: TestEngine = {
        name,
        newDatabaseUrl: () => newDatabaseUrl(),
        async connect(url) {
          const db = await openDatabase(url);
          opened.push(db);
          return db;
        },
        async open(now) {
          const db = await engine.connect(await newDatabaseUrl());
          await migrate(db, now);
          return db;
        },
      };
      body(engine);
    });
  }
}

/** A clock that stays where a test puts it. */
export function fakeClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return Object.assign(() => now, {
    advance(ms: number) {
      now += ms;
    },
  });
}
