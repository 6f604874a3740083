// Decisions a hook made without the daemon — a call blocked because the daemon could not be reached while
// Sleep at Night's fail-closed layer was armed, or because the call was larger than ssg evaluates — belong in the
// audit log like every other. The hook appends them, one JSON line each, to `<home>/audit-spool.jsonl` (0600);
// the running daemon takes the file over (renames it, so hooks appending meanwhile start a new one), records
// each line through its audit log, which summarises and redacts it, and deletes it.
//
// A line holds the call with its strings cut to MAX_SPOOLED_STRING characters: enough to tell what was blocked,
// and not a way to grow the home without bound. The file stops growing at MAX_SPOOL_BYTES until the daemon is back.
import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { EvalResult, ToolCall } from '@ssg/engine';

export const AUDIT_SPOOL_FILE = 'audit-spool.jsonl';
export const MAX_SPOOL_BYTES = 16 * 1024 * 1024;
const MAX_SPOOLED_STRING = 4096;

export interface SpooledDecision {
  /** When the hook decided, ms since the epoch. */
  at: number;
  call: ToolCall;
  result: Pick<EvalResult, 'decision' | 'ruleId' | 'message'>;
}

export const auditSpoolPath = (home: string): string => join(home, AUDIT_SPOOL_FILE);

/** Appends one decision; never throws (the audit must not cost the agent its answer). */
export function spoolDecision(home: string, decision: SpooledDecision): void {
  try {
    const path = auditSpoolPath(home);
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) > MAX_SPOOL_BYTES) return;
    const line = JSON.stringify({ ...decision, call: cut(decision.call) });
    // One write of one line with O_APPEND: concurrent hooks' lines never interleave.
    appendFileSync(path, `${line}\n`, { mode: 0o600 });
  } catch {
    // An unwritable home: the decision still stands, only its record is lost.
  }
}

/** A copy with long strings cut and deep structures flattened: only what a record summarises is kept. */
function cut(call: ToolCall): ToolCall {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.input).slice(0, 32)) {
    input[key.slice(0, 256)] =
      typeof value === 'string' ? value.slice(0, MAX_SPOOLED_STRING) : typeof value === 'object' ? '…' : value;
  }
  return {
    tool: call.tool.slice(0, 256),
    capability: call.capability,
    client: call.client,
    input,
    ...(call.cwd !== undefined && { cwd: call.cwd.slice(0, 4096) }),
    ...(call.sessionId !== undefined && { sessionId: call.sessionId.slice(0, 256) }),
  };
}
