// `ssg hook eval`: Claude Code's PreToolUse hook. Reads the payload on stdin, gets the verdict (from the daemon,
// else the rules of the payload's cwd: hook/decide-call.ts) and answers in Claude Code's hook JSON. It must never
// break the agent: every failure exits 0 without output (Claude Code then runs the call: fail-open) and leaves one
// line on stderr — unless Sleep at Night's fail-closed sentinel `<home>/fail-closed` exists, in which case a call
// ssg cannot evaluate is denied.
import { claudeCodeAdapter, formatClaudeCodeOutput, permissionDecision } from './adapter';
import { preToolUseNotice } from '../adapter/pre-tool-use';
import { readStdin } from '@ssg/node/stdin';
import type { EvalResult } from '@ssg/engine';
import { ssgHome } from '@ssg/node/home';
import { applyCircuitBreaker, BREAKER_THRESHOLD, type BreakerVerdict } from '../hook/circuit-breaker';
import { decideCall } from '../hook/decide-call';
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
    const result = await decideCall(call, { home, env, askSupported: true, honoursFailClosed: true, stderr });
    if (call.sessionId !== undefined && breakerVerdict(home, call.sessionId, result, stderr) === 'override') {
      return { stdout: JSON.stringify({ systemMessage: breakerMessage(result) }), stderr };
    }
    const answer = formatClaudeCodeOutput(result);
    return { stdout: answer === '' && result.warning ? preToolUseNotice(result.warning) : answer, stderr };
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    if (isFailClosed(home)) {
      return {
        stdout: permissionDecision('deny', failClosedReason(problem, home)),
        stderr: [...stderr, `ssg hook eval: ${problem} — denied (fail-closed)`],
      };
    }
    return { stdout: '', stderr: [...stderr, `ssg hook eval: ${problem} — the call was not evaluated (fail-open)`] };
  }
}

/** The breaker's verdict; if its state cannot be kept, the rules' verdict stands (a denial is not lost). */
function breakerVerdict(home: string, sessionId: string, result: EvalResult, stderr: string[]): BreakerVerdict {
  try {
    return applyCircuitBreaker(home, sessionId, result.decision);
  } catch (error) {
    stderr.push(`ssg hook eval: circuit breaker state not updated (${(error as Error).message})`);
    return 'enforce';
  }
}

function breakerMessage(result: EvalResult): string {
  const rule = result.ruleId ?? 'unnamed';
  const why = result.message ? ` (${result.message})` : '';
  return (
    `ssg circuit breaker: let this call through after ${BREAKER_THRESHOLD} blocked calls in a row, ` +
    `overriding rule ${rule}${why}. Blocking resumes with the next call; check that rule if it misfires.`
  );
}
