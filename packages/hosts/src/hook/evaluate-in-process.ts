// A hook's verdict when no daemon answered: the rules of the call's cwd (through the prepared-rules cache),
// evaluated in this process. decide-call.ts imports this module dynamically, so a hook whose daemon answers never
// loads or initialises the engine, the rule loader or node:v8 — most of what a hook process would otherwise set up.
import { type EvalResult, evaluate, type ToolCall } from '@ssg/engine/node';
import { protectedPlaces } from '../protected-places';
import { hookRulesFor } from './rules-for-cwd';

export function evaluateInProcess(call: ToolCall, home: string, env: NodeJS.ProcessEnv, stderr: string[]): EvalResult {
  return evaluate(hookRulesFor(home, stderr)(call), call, { explain: false, protect: protectedPlaces(home, env) });
}
