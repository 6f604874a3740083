// The governance engine: parse `.rules` text, compile it once, evaluate tool calls against it.
// Pure: no file system, network or process access, so the CLI, the daemon and tests share it as is.

export { type CompiledRuleSet, compileRules } from './compiler';
export { type EvaluateOptions, evaluate } from './evaluator';
export { lintRules } from './lint';
export { parseRules } from './parser';
export { analyzeShell, type ShellAnalysis } from './shell/analyze';
export * from './types';
