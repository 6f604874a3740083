// Which engine a database URL names: `sqlite:<path>` (the default, `<data dir>/fleet.sqlite`, see
// ../server/fleet-config.ts) or `postgres://…` / `postgresql://…` (libpq's URL form, as `pg` reads it).
import type { Database } from './database';
import { PostgresDatabase } from './postgres-database';
import { SqliteDatabase } from './sqlite-database';

export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError';
}

/**
 * Opens the database; for PostgreSQL, also checks that the server answers, so a wrong URL fails at start-up.
 * Errors never repeat the URL itself, which may hold a password.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new DatabaseUrlError('the database URL "sqlite:" names no file: use sqlite:<path>');
    return new SqliteDatabase(path);
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const database = new PostgresDatabase(url);
    try {
      await database.query('SELECT 1');
    } catch (error) {
      await database.close();
      throw new Error(`cannot reach the PostgreSQL database ${describePostgresUrl(url)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return database;
  }
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0];
  throw new DatabaseUrlError(
    `unsupported database URL${scheme ? ` (scheme ${scheme})` : ''}: use sqlite:<path> or postgres://user@host/database`,
  );
}

/** Host and database name only: never the user's password. */
function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = decodeURIComponent(parsed.host) || parsed.searchParams.get('host') || 'localhost';
    return `${parsed.pathname.replace(/^\//, '') || '(default)'} on ${host}`;
  } catch {
    return '(unparsable URL)';
  }
}
