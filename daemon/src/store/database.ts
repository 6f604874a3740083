// Opens one of the daemon's SQLite files (audit, ledger) through better-sqlite3 and brings its schema up to date.
// WAL mode lets readers (the dashboard's queries) run beside the writer; synchronous=NORMAL keeps a committed
// transaction across a process crash (kill -9) and costs only the last moments before a power cut.
import { closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Schema steps in order; step N runs once, when the file's user_version is below N+1. */
export type Migration = (db: Db) => void;

/** Opens (or creates) the file readable by the user only: every database here describes what their agents did. */
export function openDatabase(path: string, migrations: readonly Migration[]): Db {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Created 0600 before SQLite opens it, since SQLite gives the -wal and -shm files the database file's mode.
  const fd = openSync(path, 'a', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > migrations.length) {
      throw new Error(`${path} was written by a newer ssg (schema ${version}, this one knows ${migrations.length})`);
    }
    for (let step = version; step < migrations.length; step++) {
      db.transaction(() => {
        migrations[step]!(db);
        db.pragma(`user_version = ${step + 1}`);
      })();
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
