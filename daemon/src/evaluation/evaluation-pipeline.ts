// One tool call through the daemon, in the order the product promises: spending caps first (a blocked call never
// reaches the rules and is not counted), then the rules, then — when the hook says its session's circuit breaker
// is due — the breaker, then — for an ASK on a host that cannot ask — the approval queue, and finally the audit
// record, which the dashboard's live stream shows.
import { breakerOverride, type EvalResult, evaluate, type ProtectedPlaces } from '@ssg/engine/node';
import type { EvalRequest, EvalResponse } from '@ssg/contracts/eval';
import type { Clock } from '../clock';
import type { ApprovalGate, AuditSink, RuleSource, SpendingGate } from './ports';

export interface EvaluationPipelineParts {
  spending: SpendingGate;
  rules: RuleSource;
  approvals: ApprovalGate;
  audit: AuditSink;
  clock: Clock;
  /** What the self-protection guard protects (the home, its credentials, the hosts' hook configs). */
  protect: ProtectedPlaces;
}

export class EvaluationPipeline {
  constructor(private readonly parts: EvaluationPipelineParts) {}

  /** `signal` aborts when the caller is gone (an ASK waiting for approval then ends blocked). */
  async evaluate({ call, askSupported, breakerDue }: EvalRequest, signal?: AbortSignal): Promise<EvalResponse> {
    const { spending, rules, approvals, audit, clock, protect } = this.parts;
    const at = clock.now();
    const started = process.hrtime.bigint();
    const admission = spending.admit(call);
    if (admission.blocked) {
      const result: EvalResult = {
        decision: 'block',
        ruleId: admission.blocked.capId,
        message: admission.blocked.message,
        neverOverride: true,
        matched: [],
        durationMs: elapsedMs(started),
      };
      return { ...result, decidedBy: 'budget', auditId: audit.record({ call, result, decidedBy: 'budget', at }) };
    }
    const warning = admission.warning;
    let result = evaluate(rules.rulesFor(call), call, { explain: true, protect });
    let decidedBy: EvalResponse['decidedBy'] = 'rules';
    let requestedAt: number | undefined;
    const overridden = breakerDue ? breakerOverride(result) : undefined;
    if (overridden) {
      result = overridden;
      decidedBy = 'breaker';
    } else if (result.decision === 'ask' && !askSupported) {
      const outcome = await approvals.wait({ call, result, ...(signal && { signal }) });
      result = { ...result, decision: outcome.decision, message: outcome.message };
      decidedBy = 'approval';
      // Dated when decided, so the log stays in time order with the calls decided while this one waited.
      requestedAt = at;
    }
    const auditId = audit.record({
      call,
      result,
      decidedBy,
      at: requestedAt === undefined ? at : clock.now(),
      ...(requestedAt !== undefined && { requestedAt }),
      ...(warning ? { warning } : {}),
    });
    return { ...result, decidedBy, auditId, ...(warning ? { warning } : {}) };
  }
}

const elapsedMs = (started: bigint): number => Number(process.hrtime.bigint() - started) / 1e6;
