// The wire format between a hook and the daemon's eval route (POST /api/json/eval). The hook has already parsed
// its host's payload with the host's adapter, so the daemon receives the engine's ToolCall and answers with the
// engine's EvalResult plus what only the daemon knows: who decided, a spending warning, the audit record's id.
import type { EvalResult, ToolCall } from '@ssg/engine';

export const EVAL_PATH = '/api/json/eval';

export interface EvalRequest {
  call: ToolCall;
  /**
   * Whether the host can ask its user itself (Claude Code, Copilot). When it cannot, the daemon holds an ASK in
   * its approval queue until someone answers in the dashboard or with `ssg approve|deny`, or it times out.
   */
  askSupported: boolean;
}

/** rules: the rule engine; budget: a spending cap (enforce mode); approval: a person, or the approval timeout. */
export type DecidedBy = 'rules' | 'budget' | 'approval';

export interface EvalResponse extends EvalResult {
  decidedBy: DecidedBy;
  /** For the agent, the call still runs: a spending cap is near (warn mode). */
  warning?: string;
  /** The audit record of this evaluation. */
  auditId: number;
}
