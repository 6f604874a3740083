// The governance engine: parse `.rules` text, compile it once, evaluate tool calls against it.
// Pure: no file system, network or process access, so the CLI, the daemon, the dashboard and tests share it as
// is. On Node, import `@ssg/engine/node` instead: the same API with V8's linear-time regex engine switched on.

export { BREAKER_THRESHOLD, breakerOverride } from './circuit-breaker';
export { type CompiledRuleSet, compileRules } from './compiler';
export { type EvaluateOptions, evaluate } from './evaluator';
export { UNDECIDED_RULE_ID } from './undecided-rule';
export { resolveField } from './fields';
export { SELF_GUARD_RULE_ID } from './self-protection/guard';
export type { ProtectedPlaces } from './self-protection/protected-places';
export { lintRules } from './lint';
export { lintRuleFiles } from './lint-rule-files';
export { parseRules } from './parser';
export type { RegexForms } from './regex-form';
export { regexHygieneProblem } from './regex-hygiene';
export { analyzeShell, type ShellAnalysis } from './shell/analyze';
export * from './types';
