// What cost ingestion needs from one agent's logs: where they live, which files are logs, and how one complete
// line becomes a usage record. Claude Code transcripts and Codex session logs each implement it.
import type { PriceProvider, TokenUsage } from './pricing';

/** One model response read from a log, before pricing. */
export interface UsageRecord {
  /** The dedupe key the ledger stores (see CostEntry.key). */
  key: string;
  sessionId?: string;
  model: string;
  /** From the line's timestamp; undefined when the line has none, and ingestion uses the time it read it. */
  at: number | undefined;
  usage: TokenUsage;
}

/**
 * A line that is not a response (a user turn, a tool result, settings) is `ignored`; one that cannot be read is
 * `malformed`.
 */
export type LineResult = UsageRecord | 'ignored' | 'malformed';

/**
 * What earlier lines of the same file said that later lines need (Codex names the model once per turn, not on
 * each token count). Kept with the file's read offset, so a restart that resumes mid-file still knows it.
 */
export type ParseState = Record<string, string>;

export interface LogFile {
  path: string;
  /** The file name without its directory. */
  name: string;
}

export interface LogSource {
  /** The client the entries belong to (CostEntry.client). */
  readonly client: string;
  /** Which price table provider its models are billed by. */
  readonly provider: PriceProvider;
  /** The directories to search, recomputed on every scan (a config dir may appear later). */
  roots(): string[];
  isLogFile(name: string): boolean;
  parseLine(line: string, file: LogFile, state: ParseState): LineResult;
}
