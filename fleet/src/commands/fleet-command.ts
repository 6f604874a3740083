// What every `ssg-fleet` subcommand is (main.ts lists them): its usage line, a one-line summary for `--help`, and
// what it runs. Mistakes in how it was called are UsageErrors (exit 2); anything else that fails exits 1.
import { fleetConfig } from '../server/fleet-config';
import { type FleetStore, openFleetStore } from '../store/fleet-store';

export interface FleetCommand {
  /** The arguments after the command's name, as `--help` shows them. */
  usage: string;
  summary: string;
  run(args: string[]): Promise<void>;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Runs `use` on the store SSG_FLEET_DATABASE_URL (else the data folder's SQLite) names, then closes it. */
export async function withFleetStore<T>(use: (store: FleetStore) => Promise<T>): Promise<T> {
  const store = await openFleetStore(fleetConfig(process.env).databaseUrl);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
