// The one path from a Claude Code hook payload to a verdict, shared by `ssg hook eval` and `ssg certify` so a
// certification proves what the hook will do: payload → claude-code adapter → rules for the call → evaluate.
import { claudeCodeAdapter } from '../adapters/claude-code';
import { type CompiledRuleSet, evaluate } from '../engine';
import type { EvalResult, ToolCall } from '../engine/types';

/** The rules that apply to a call made in `cwd` (the payload's, when it has one). */
export type RulesForCall = (cwd: string | undefined) => CompiledRuleSet;

export interface HookVerdict {
  call: ToolCall;
  result: EvalResult;
}

export function evaluateHookPayload(raw: string, rulesFor: RulesForCall): HookVerdict {
  const call = claudeCodeAdapter.parseInput(raw);
  return { call, result: evaluate(rulesFor(call.cwd), call, { explain: false }) };
}
