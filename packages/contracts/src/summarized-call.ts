// A tool call as the daemon shows it to people: which tool of which client, where, and its input in short. The
// audit log's records and the approval queue's requests both carry one; every text in it was redacted first.
import type { Capability } from '@ssg/engine';

export interface SummarizedCall {
  tool: string;
  capability: Capability;
  client: string;
  sessionId?: string;
  cwd?: string;
  /** The call's input in short (see daemon/src/audit/input-summary.ts), redacted. */
  summary: string;
}
