/** One schema step: its statements run in order, in one transaction, once per database. */
export interface Migration {
  /** Recorded in `schema_migrations`; never renamed once released. */
  id: string;
  statements: readonly string[];
}
