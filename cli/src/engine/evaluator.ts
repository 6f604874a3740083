// Decides one tool call: walks the rules a call of its capability can meet, in evaluation order, and the
// first rule that fires decides; no rule fires → allow. Never throws.
//
// Execute calls: a rule fires on `command` if it fires on the raw string OR on any simple command the shell
// would run (analyzeShell's views: `FOO=1 sudo "rm" -rf / ; ls` → `sudo rm -rf /`, `rm -rf /`, `ls`). Each view
// is the call with only `command` (and `input.command`) replaced. The analysis runs lazily — only once a rule
// that reads the command has not fired on the raw string — and at most once per evaluation.
import type { CompiledCondition, CompiledExpr, CompiledRule, CompiledRuleSet } from './compiler';
import { analyzeShell } from './shell/analyze';
import type { EvalResult, MatchedCondition, ToolCall } from './types';

export interface EvaluateOptions {
  /** Fill `matched` with the conditions that made the deciding rule fire. */
  explain?: boolean;
}

/** Where the evaluator reads a condition's field value from: the call itself, or one shell view of it. */
interface FieldSource {
  value(condition: CompiledCondition): string;
}

export function evaluate(ruleset: CompiledRuleSet, call: ToolCall, options: EvaluateOptions = {}): EvalResult {
  const started = performance.now();
  let result: Omit<EvalResult, 'durationMs'>;
  try {
    result = decide(ruleset, withObjectInput(call), options.explain === true);
  } catch (error) {
    // Only a bug gets here. Fail closed, and say so, rather than let an unevaluated call through.
    const detail = error instanceof Error ? error.message : String(error);
    result = {
      decision: 'block',
      message: `ssg could not evaluate this call (${detail}); it is blocked to be safe`,
      matched: [],
    };
  }
  return { ...result, durationMs: performance.now() - started };
}

function decide(ruleset: CompiledRuleSet, call: ToolCall, explain: boolean): Omit<EvalResult, 'durationMs'> {
  // A capability outside the known set (an adapter bug, or `constructor`) still meets the `any` rules.
  const rules = Object.hasOwn(ruleset.byCapability, call.capability)
    ? ruleset.byCapability[call.capability]
    : ruleset.ordered.filter((rule) => rule.node.target === 'any');
  const fields = new CallFields(call, ruleset.fieldCount);
  const command =
    call.capability === 'execute' && typeof call.input.command === 'string' ? call.input.command : undefined;
  let views: CommandView[] | undefined;
  for (const rule of rules) {
    if (fires(rule, fields)) return verdict(rule, fields, explain, command === undefined ? undefined : 'raw');
    if (command === undefined || !rule.readsCommand) continue;
    views ??= shellViews(command, fields);
    for (const view of views) {
      if (fires(rule, view)) return verdict(rule, view, explain, view.command);
    }
  }
  return { decision: 'allow', matched: [] };
}

function shellViews(command: string, fields: CallFields): CommandView[] {
  const distinct = new Set(analyzeShell(command).commands);
  distinct.delete(command); // the raw string has been tried already
  return [...distinct].map((view) => new CommandView(fields, view));
}

// The hot path: plain loops, no closures, so walking 1,500 rules allocates nothing per rule.

function fires(rule: CompiledRule, source: FieldSource): boolean {
  const { groups } = rule;
  if (groups.length === 0) return true;
  for (const group of groups) if (allHold(group, source)) return true;
  return false;
}

function allHold(items: readonly CompiledExpr[], source: FieldSource): boolean {
  for (const item of items) if (!holds(item, source)) return false;
  return true;
}

function holds(expr: CompiledExpr, source: FieldSource): boolean {
  switch (expr.kind) {
    case 'condition':
      return expr.test(source.value(expr)) !== expr.negated;
    case 'and':
      return allHold(expr.items, source);
    case 'or':
      for (const item of expr.items) if (holds(item, source)) return true;
      return false;
    case 'not':
      return !holds(expr.item, source);
  }
}

function verdict(
  rule: CompiledRule,
  source: FieldSource,
  explain: boolean,
  view: string | undefined,
): Omit<EvalResult, 'durationMs'> {
  const { node } = rule;
  const result: Omit<EvalResult, 'durationMs'> = { decision: node.decision, ruleId: node.id, matched: [] };
  if (node.message !== undefined) result.message = node.message;
  if (node.prompt !== undefined) result.prompt = node.prompt;
  if (node.substitute !== undefined) result.substitute = node.substitute;
  if (explain) {
    const group = rule.groups.find((items) => allHold(items, source)) ?? [];
    for (const item of group) explainTrue(item, source, result.matched);
    if (view !== undefined) for (const matched of result.matched) matched.view = view;
  }
  return result;
}

// Explaining why an expression holds names the leaf conditions responsible. Under a NOT that means why the
// inner expression fails, reported as the negated conditions (De Morgan): NOT (a AND b) holds because one of
// them fails, NOT (a OR b) because both do.

function explainTrue(expr: CompiledExpr, source: FieldSource, out: MatchedCondition[]): void {
  switch (expr.kind) {
    case 'condition':
      out.push(describe(expr, expr.node.negated));
      return;
    case 'and':
      for (const item of expr.items) explainTrue(item, source, out);
      return;
    case 'or': {
      const first = expr.items.find((item) => holds(item, source));
      if (first) explainTrue(first, source, out);
      return;
    }
    case 'not':
      explainFalse(expr.item, source, out);
  }
}

function explainFalse(expr: CompiledExpr, source: FieldSource, out: MatchedCondition[]): void {
  switch (expr.kind) {
    case 'condition':
      out.push(describe(expr, !expr.node.negated));
      return;
    case 'and': {
      const first = expr.items.find((item) => !holds(item, source));
      if (first) explainFalse(first, source, out);
      return;
    }
    case 'or':
      for (const item of expr.items) explainFalse(item, source, out);
      return;
    case 'not':
      explainTrue(expr.item, source, out);
  }
}

function describe(condition: CompiledCondition, negated: boolean): MatchedCondition {
  const { field, op, value } = condition.node;
  return { field, op, negated, value };
}

/** The call's field values, each read on first use. */
class CallFields implements FieldSource {
  private readonly values: (string | undefined)[];

  constructor(
    private readonly call: ToolCall,
    fieldCount: number,
  ) {
    this.values = new Array(fieldCount);
  }

  value(condition: CompiledCondition): string {
    let value = this.values[condition.slot];
    if (value === undefined) {
      value = condition.field.read(this.call);
      this.values[condition.slot] = value;
    }
    return value;
  }
}

/** The call as one simple command of its shell string: only the command differs. */
class CommandView implements FieldSource {
  constructor(
    private readonly fields: CallFields,
    readonly command: string,
  ) {}

  value(condition: CompiledCondition): string {
    return condition.field.readsCommand ? this.command : this.fields.value(condition);
  }
}

/** Adapters validate input, but a call built elsewhere might carry none; field readers expect an object. */
function withObjectInput(call: ToolCall): ToolCall {
  const { input } = call;
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? call : { ...call, input: {} };
}
