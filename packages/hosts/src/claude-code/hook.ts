// `ssg hook eval`: Claude Code's PreToolUse hook. Reads the payload on stdin, gets the verdict (from the daemon,
// else the rules of the payload's cwd: hook/decide-call.ts) and answers in Claude Code's hook JSON. It must never
// break the agent: every failure exits 0 without output (Claude Code then runs the call: fail-open) and leaves one
// line on stderr — unless Sleep at Night's fail-closed sentinel `<home>/fail-closed` exists, in which case a call
// ssg cannot evaluate is denied.
import { claudeCodeAdapter, formatClaudeCodeOutput, permissionDecision } from './adapter';
import { preToolUseNotice } from '../adapter/pre-tool-use';
import { readStdin } from '@ssg/node/stdin';
import { ssgHome } from '@ssg/node/home';
import { type BreakerOutcome, breakerDue, countBreakerOutcome } from '../hook/circuit-breaker';
import { decideCall, type Verdict } from '../hook/decide-call';
import { failClosedReason, isFailClosed } from '@ssg/node/fail-closed';

export interface HookOutput {
  /** Empty when the hook has nothing to say (the host decides). */
  stdout: string;
  stderr: string[];
}

export async function runHookEval(
  readInput: () => string = readStdin,
  home: string = ssgHome(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<HookOutput> {
  const stderr: string[] = [];
  try {
    const call = claudeCodeAdapter.parseInput(readInput());
    const { sessionId } = call;
    const due = sessionId !== undefined && breakerDue(home, sessionId);
    const result = await decideCall(call, {
      home,
      env,
      askSupported: true,
      honoursFailClosed: true,
      stderr,
      breakerDue: due,
    });
    if (sessionId !== undefined) countOutcome(home, sessionId, outcomeOf(result), stderr);
    // No permission decision: Claude Code's own permission rules still apply to a call the breaker let through.
    if (result.decidedBy === 'breaker') return { stdout: JSON.stringify({ systemMessage: result.message }), stderr };
    const answer = formatClaudeCodeOutput(result);
    return { stdout: answer === '' && result.warning ? preToolUseNotice(result.warning) : answer, stderr };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (isFailClosed(home)) {
      return {
        stdout: permissionDecision('deny', failClosedReason(problem)),
        stderr: [...stderr, `ssg hook eval: ${problem} — denied (fail-closed)`],
      };
    }
    return { stdout: '', stderr: [...stderr, `ssg hook eval: ${problem} — the call was not evaluated (fail-open)`] };
  }
}

const outcomeOf = (result: Verdict): BreakerOutcome =>
  result.decidedBy === 'breaker' ? 'overridden' : result.decision;

/** Keeps the breaker's count; if it cannot, the verdict stands as it is (a denial is never lost). */
function countOutcome(home: string, sessionId: string, outcome: BreakerOutcome, stderr: string[]): void {
  try {
    countBreakerOutcome(home, sessionId, outcome);
  } catch (error) {
    stderr.push(`ssg hook eval: circuit breaker state not updated (${(error as Error).message})`);
  }
}
