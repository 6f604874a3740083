// One priced model response read from an agent's own log, as the cost ledger stores it. Ingestion (this folder)
// produces them; the ledger (../budget) records them once each, keyed by `key`, and sums `usd` over the windows.

export interface CostEntry {
  /**
   * What makes the entry unique, so re-reading a log never counts a response twice: Claude Code's
   * `message.id` + `requestId`; for Codex, the session file and the cumulative token total at that turn.
   */
  key: string;
  /** The client whose log it came from: `claude-code`, `codex`. */
  client: string;
  sessionId?: string;
  model: string;
  /** When the response happened, ms since the epoch (from the log line's timestamp). */
  at: number;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  /** Dollars. For a model the price table does not know: a conservative estimate, with `priced` false. */
  usd: number;
  /** false: `usd` is an estimate because the model is not in the price table. */
  priced: boolean;
}

/** Where ingestion hands entries; returns false for a key already recorded. */
export interface CostSink {
  recordCost(entry: CostEntry): boolean;
}
