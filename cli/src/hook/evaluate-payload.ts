// The one path from a Claude Code hook payload to a verdict, shared by `ssg hook eval` and `ssg certify` so a
// certification proves what the hook will do: payload → claude-code adapter → rules for the call → evaluate.
import { claudeCodeAdapter } from '../adapters/claude-code';
import { type CompiledRuleSet, evaluate } from '../engine';
import type { EvalResult, ToolCall } from '../engine/types';

/**
 * The rules that apply to the call (those of its cwd, when it has one). Only the call's capability has to be
 * complete, which lets the hook load just the rules such a call can meet.
 */
export type RulesForCall = (call: ToolCall) => CompiledRuleSet;

export interface HookVerdict {
  call: ToolCall;
  result: EvalResult;
}

export function evaluateHookPayload(raw: string, rulesFor: RulesForCall): HookVerdict {
  const call = claudeCodeAdapter.parseInput(raw);
  return { call, result: evaluate(rulesFor(call), call, { explain: false }) };
}
