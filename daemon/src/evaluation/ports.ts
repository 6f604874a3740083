// What the evaluation pipeline needs from the other areas, as small interfaces, so each area (budget, rules,
// approvals, audit) is built and tested on its own and the pipeline stays a readable sequence of steps.
import type { CompiledRuleSet, Decision, EvalResult, ToolCall } from '@ssg/engine';
import type { DecidedBy } from '@ssg/contracts/eval';

/** The accounting layer: spending caps are checked before any rule runs. */
export interface SpendingGate {
  /**
   * Checks every cap for the call and, unless enforce mode blocks it, records it in the ledger, as one atomic
   * step (concurrent calls cannot both take the last unit of a cap). `blocked` names the cap, spend and reset.
   */
  admit(call: ToolCall): { blocked?: { capId: string; message: string }; warning?: string };
}

/** The compiled rules that apply to a call (its project's, the user's, the armed Sleep at Night layers). */
export interface RuleSource {
  rulesFor(call: ToolCall): CompiledRuleSet;
}

export interface ApprovalRequest {
  call: ToolCall;
  result: EvalResult;
  /** Aborts when the hook that asked is gone: no answer can reach its call any more. */
  signal?: AbortSignal;
}

export interface ApprovalOutcome {
  decision: Extract<Decision, 'allow' | 'block'>;
  /** Who or what answered: `dashboard`, `cli`, `timeout`. */
  answeredBy: string;
  message: string;
}

/** Holds an ASK for a host that cannot ask, until a person answers or it times out. */
export interface ApprovalGate {
  wait(request: ApprovalRequest): Promise<ApprovalOutcome>;
}

export interface AuditEntry {
  call: ToolCall;
  result: EvalResult;
  decidedBy: DecidedBy;
  warning?: string;
  /** When the call was decided, ms since the epoch. */
  at: number;
  /** When the call arrived, if it waited for an approval before being decided. */
  requestedAt?: number;
}

export interface AuditSink {
  /** Records the decision and returns the record's id. Never throws: an audit failure must not block a call. */
  record(entry: AuditEntry): number;
}
