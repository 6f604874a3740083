// The engine as a Node process runs it (`@ssg/engine/node`): V8's linear-time regex engine switched on before
// any rule is compiled, and evaluations timed with `process.hrtime`. Every module that compiles or evaluates
// rules on Node imports the engine from here; `@ssg/engine` itself touches no process state.
import './node/v8-regexp-flags';
import type { CompiledRuleSet } from './compiler';
import { type EvaluateOptions, evaluate as evaluateWith } from './evaluator';
import type { EvalResult, ToolCall } from './types';

export * from './index';
export { regexBoundsProblem } from './node/regex-self-test';

/**
 * `process.hrtime` rather than `performance`, whose lazy load costs a hook about 2 ms. Counted from this module's
 * load, so the milliseconds keep nanosecond resolution in a double.
 */
const origin = process.hrtime.bigint();
const hrtimeMs = (): number => Number(process.hrtime.bigint() - origin) / 1e6;

export function evaluate(ruleset: CompiledRuleSet, call: ToolCall, options: EvaluateOptions = {}): EvalResult {
  return evaluateWith(ruleset, call, { ...options, now: hrtimeMs });
}
