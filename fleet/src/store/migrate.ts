// Brings a database's schema up to date: each migration of MIGRATIONS, in order, once, recorded in
// `schema_migrations`. Every server runs this at start; the whole run is one exclusive transaction (see
// TransactionOptions), so when several start at once against one PostgreSQL the first applies what is missing
// and the others, waiting on its lock, then find nothing left to do.
import type { Clock } from './clock';
import type { Database } from './database';
import { fleetTables } from './migrations/0001-fleet-tables';
import { orgRulesTable } from './migrations/0002-org-rules';
import { machinesAndLicenceGrants } from './migrations/0003-machines-and-licence-grants';
import type { Migration } from './migrations/migration';

export const MIGRATIONS: readonly Migration[] = [fleetTables, orgRulesTable, machinesAndLicenceGrants];

/** Applies what is missing; resolves to the ids it applied (none when the schema was current). */
export async function migrate(
  db: Database,
  now: Clock = Date.now,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  return db.transaction(
    async (tx) => {
      await tx.execute(
        'CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)',
      );
      const applied = new Set(
        (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id),
      );
      const known = new Set(migrations.map((migration) => migration.id));
      const unknown = [...applied].filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw new Error(
          `the database has migrations this fleet server does not know (${unknown.join(', ')}): ` +
            'it was migrated by a newer version; run that version',
        );
      }
      const pending = migrations.filter((migration) => !applied.has(migration.id));
      for (const migration of pending) {
        for (const statement of migration.statements) await tx.execute(statement);
        await tx.execute('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [migration.id, now()]);
      }
      return pending.map((migration) => migration.id);
    },
    { exclusive: true },
  );
}
