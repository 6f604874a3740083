// Test support: a CostSink that keeps entries in a Map, with the ledger's contract (a key is recorded once;
// recording it again answers false and changes nothing). A real implementation of the interface, small enough
// that ingestion tests do not depend on the budget area's SQLite ledger.
import type { CostEntry, CostSink } from '../cost-entry';

export class InMemoryCostSink implements CostSink {
  readonly entries = new Map<string, CostEntry>();

  recordCost(entry: CostEntry): boolean {
    if (this.entries.has(entry.key)) return false;
    this.entries.set(entry.key, { ...entry });
    return true;
  }

  /** Dollars over every entry, rounded to micro-dollars so sums compare exactly. */
  totalUsd(): number {
    return roundUsd([...this.entries.values()].reduce((sum, entry) => sum + entry.usd, 0));
  }
}

export function roundUsd(usd: number): number {
  return Math.round(usd * 1e6) / 1e6;
}
