// `ssg certify`'s path from a Claude Code hook payload to a verdict: the claude-code adapter parses it exactly as
// `ssg hook eval` does, then the rules evaluate it in-process (what the hook does when no daemon answers).
import { claudeCodeAdapter } from '../claude-code/adapter';
import { type CompiledRuleSet, type EvalResult, evaluate, type ToolCall } from '@ssg/engine/node';

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
