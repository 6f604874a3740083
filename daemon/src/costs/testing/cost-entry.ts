// A priced response for ledger and budget tests: unique key, a known model when priced, an unknown one when not.
import type { CostEntry } from '../cost-entry';

let nextKey = 0;

export function testCostEntry(at: number, usd: number, client: string, priced: boolean): CostEntry {
  return {
    key: `test:${++nextKey}`,
    client,
    model: priced ? 'claude-sonnet-4-5' : 'some-unknown-model',
    at,
    inputTokens: 1000,
    outputTokens: 100,
    cacheWriteTokens: 0,
    cacheReadTokens: 0,
    usd,
    priced,
  };
}
