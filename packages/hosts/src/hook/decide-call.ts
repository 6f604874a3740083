// How every hook gets its verdict once it has parsed the host's payload: from the daemon, which adds spending
// limits, approvals and the audit log; when no daemon answers, from the rules evaluated in this process — unless
// Sleep at Night's fail-closed layer is armed (its sentinel exists) and the hook honours it: then the call is
// blocked, because at night an unwatched agent must not run on a guard that may be half there.
//
// Only the daemon this home announced counts (daemon.json of a running daemon, which proves itself on every
// answer; see @ssg/client/daemon-request): a process squatting on its port is no daemon. A daemon that answered
// decides, refusals included — a call it refuses is blocked, never judged again here without the spending limits
// and the audit. A call over the daemon's limits is blocked before it is sent. What the hook blocks on its own is
// spooled for the daemon's audit log (@ssg/node/audit-spool).
//
// Each way is imported when taken: the daemon client (node:net) only when a daemon announced itself, the engine
// (rules, regex set-up, node:v8) only when none answered: a hook whose daemon answers never sets up the engine,
// and one with no daemon announced never loads the client.
import { announcedDaemonEndpoint } from '@ssg/client/daemon-endpoint';
import { type DecidedBy, EVAL_PATH, type EvalRequest, type EvalResponse } from '@ssg/contracts/eval';
import { breakerOverride, type EvalResult, type ToolCall } from '@ssg/engine';
import { spoolDecision } from '@ssg/node/audit-spool';
import { failClosedReason, isFailClosed } from '@ssg/node/fail-closed';
import { overLimit } from './call-limits';

/** The daemon's body limit; a larger call (a Write of a huge file) is evaluated here. */
const MAX_DAEMON_BODY = 8 * 1024 * 1024;
/** Evaluations take milliseconds; a daemon silent this long is treated as absent. */
const EVAL_TIMEOUT_MS = 5_000;
/** An ASK on a host that cannot ask waits for a person; the daemon's own approval timeout ends it first. */
const APPROVAL_TIMEOUT_MS = 150_000;

/** `decidedBy` is `breaker` when the circuit breaker let a denied call through (either way it was evaluated). */
export type Verdict = EvalResult & { warning?: string; decidedBy?: DecidedBy };

export interface DecideOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  /** Whether the host can ask its user (else the daemon holds an ASK for approval). */
  askSupported: boolean;
  /** Whether this hook blocks when the daemon is unreachable and the sentinel exists (Copilot's fails open). */
  honoursFailClosed: boolean;
  /** Lines for the hook's stderr (rule-file diagnostics, why the daemon was not used). */
  stderr: string[];
  /** The session's circuit breaker is due: a denial it may override is let through (Claude Code's hook only). */
  breakerDue?: boolean;
}

export async function decideCall(call: ToolCall, options: DecideOptions): Promise<Verdict> {
  const { home, env, askSupported, stderr, breakerDue = false } = options;
  const limit = overLimit(call);
  if (limit) {
    const message = `ssg blocked this call: ${limit}, more than ssg evaluates. Split the work into smaller calls.`;
    return spooled(home, call, hookBlock(OVER_LIMIT_RULE_ID, message));
  }
  const request: EvalRequest = { call, askSupported, ...(breakerDue ? { breakerDue } : {}) };
  const announced = announcedDaemonEndpoint(home, env);
  let problem: string;
  if (announced.kind === 'none') {
    problem = announced.problem;
  } else if (Buffer.byteLength(JSON.stringify(request)) > MAX_DAEMON_BODY) {
    problem = 'the call is larger than the daemon accepts';
  } else {
    const { daemonRequest } = await import('@ssg/client/daemon-request');
    const reply = await daemonRequest<EvalResponse>(announced.endpoint, EVAL_PATH, {
      method: 'POST',
      body: request,
      timeoutMs: askSupported ? EVAL_TIMEOUT_MS : APPROVAL_TIMEOUT_MS,
    });
    if (reply.kind === 'ok') return reply.body;
    // 503: the daemon is stopping; any other refusal is its answer.
    if (reply.kind === 'error' && reply.status !== 503) {
      const message = `ssg's daemon refused to evaluate this call (${reply.message}); it is blocked to be safe.`;
      return hookBlock(REFUSED_RULE_ID, message);
    }
    problem = reply.kind === 'error' ? 'the daemon is stopping' : reply.problem;
    if (reply.kind === 'unproven') stderr.push(`ssg hook: ${problem} — it was not asked`);
  }
  if (options.honoursFailClosed && isFailClosed(home)) {
    return spooled(
      home,
      call,
      hookBlock(FAIL_CLOSED_RULE_ID, failClosedReason(`ssg's daemon is unreachable: ${problem}`)),
    );
  }
  const { evaluateInProcess } = await import('./evaluate-in-process');
  const result = evaluateInProcess(call, home, env, stderr);
  const overridden = breakerDue ? breakerOverride(result) : undefined;
  return overridden ? { ...overridden, decidedBy: 'breaker' } : result;
}

export const FAIL_CLOSED_RULE_ID = 'ssg_fail_closed';
/** A call over the daemon's limits (call-limits.ts). */
export const OVER_LIMIT_RULE_ID = 'ssg_input_over_limit';
/** A call the daemon refused to evaluate (its 4xx). */
export const REFUSED_RULE_ID = 'ssg_daemon_refused';

/** A denial the hook decides itself, which nothing may override. */
function hookBlock(ruleId: string, message: string): Verdict {
  return { decision: 'block', ruleId, neverOverride: true, message, matched: [], durationMs: 0 };
}

/** Records what the hook decided alone, for the daemon to put in the audit log once it runs. */
function spooled(home: string, call: ToolCall, verdict: Verdict): Verdict {
  spoolDecision(home, { at: Date.now(), call, result: verdict });
  return verdict;
}
