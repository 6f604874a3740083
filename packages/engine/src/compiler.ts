// Turns parsed rule files into a rule set ready for evaluation: every operator compiled once (regexes and
// globs included), field readers resolved, rules put in evaluation order and bucketed by the capability
// they can apply to. Never throws; a condition that cannot be compiled is reported and fails secure.
import { CommandStarts } from './command-starts';
import { type Field, resolveField } from './fields';
import { type CompiledOperator, compileOperator, type ValueTest } from './operators';
import { RegexCompiler } from './regex';
import type { RegexForms } from './regex-form';
import {
  CAPABILITIES,
  type Capability,
  type ConditionNode,
  type Decision,
  type Diagnostic,
  type ExprNode,
  type ParsedFile,
  type RuleNode,
} from './types';

export interface CompiledCondition {
  kind: 'condition';
  node: ConditionNode;
  field: Field;
  /** Index of the field's value in the evaluator's per-call cache. */
  slot: number;
  /** The operator's raw answer; the condition holds when it differs from `negated`. */
  test: ValueTest;
  negated: boolean;
  /** For `command REGEX` (not negated): the texts one of which the command must start with for it to hold. */
  commandStarts?: CommandStarts;
}

/** Conditions that must all hold (a group of RuleNode.groups). */
export interface CompiledGroup {
  items: CompiledExpr[];
  /** What the command must start with for the group to hold, when one of its conditions says. */
  commandStarts?: CommandStarts;
}

export type CompiledExpr =
  CompiledCondition | { kind: 'and' | 'or'; items: CompiledExpr[] } | { kind: 'not'; item: CompiledExpr };

export interface CompiledRule {
  node: RuleNode;
  /** As RuleNode.groups: the rule fires when every item of some group holds; no groups = always. */
  groups: CompiledGroup[];
  /** Whether some condition reads the command or its targets, so an execute call's shell views can change the outcome. */
  readsViews: boolean;
  /**
   * The groups that read `target`: the only ones a target view can fire beyond its plain view, whose command it
   * shares. Empty when the rule does not read `target`.
   */
  targetGroups: CompiledGroup[];
  /** What the command must start with for any group to hold, when every group says. */
  commandStarts?: CommandStarts;
  /** From a project's rule file: the rule can tighten a verdict, never loosen one (see ParsedFile.project). */
  project: boolean;
}

export interface CompiledRuleSet {
  /** Every rule of every file in load order, disabled ones included (for listing). */
  rules: RuleNode[];
  /** The enabled rules in evaluation order: priority descending, load order among equal priorities. */
  ordered: CompiledRule[];
  /**
   * The user's rules of `ordered` (every file not from a project), restricted to the rules a call of each
   * capability can meet: its own target, or `any`.
   */
  byCapability: Record<Capability, CompiledRule[]>;
  /** As `byCapability`, for the project's rules: a second layer that can only tighten the first's verdict. */
  projectByCapability: Record<Capability, CompiledRule[]>;
  /** How many distinct fields the conditions read; the evaluator reads each at most once per call. */
  fieldCount: number;
  /** Conditions that could not be compiled (invalid or unsafe regexes, invalid globs), with their position. */
  diagnostics: Diagnostic[];
  /** The form of every regex pattern compiled here (see regex-form.ts), to pass back to a later compile. */
  regexForms: RegexForms;
}

export interface CompileOptions {
  /** Forms of an earlier compile, possibly read back from storage: current ones spare the regex analysis. */
  regexForms?: RegexForms;
}

/** Decisions that stop a call. For them a broken condition holds; for the others it does not. */
const STOPPING: ReadonlySet<Decision> = new Set(['block', 'force', 'ask']);

export function compileRules(files: ParsedFile[], options: CompileOptions = {}): CompiledRuleSet {
  const compiler = new RuleCompiler(new RegexCompiler(options.regexForms));
  const rules = files.flatMap((file) => file.rules);
  const compiled = files.flatMap((file) =>
    file.rules
      .filter((rule) => rule.enabled)
      .map((rule) => compiler.compileRule(rule, file.file, file.project === true)),
  );
  // Array.prototype.sort is stable: equal priorities keep load order.
  const ordered = compiled.sort((a, b) => b.node.priority - a.node.priority);
  return {
    rules,
    ordered,
    byCapability: byCapabilityOf(ordered.filter((rule) => !rule.project)),
    projectByCapability: byCapabilityOf(ordered.filter((rule) => rule.project)),
    fieldCount: compiler.fieldCount,
    diagnostics: compiler.diagnostics,
    regexForms: compiler.regexes.forms,
  };
}

function byCapabilityOf(rules: CompiledRule[]): Record<Capability, CompiledRule[]> {
  return Object.fromEntries(
    CAPABILITIES.map((capability) => [
      capability,
      rules.filter((rule) => rule.node.target === capability || rule.node.target === 'any'),
    ]),
  ) as Record<Capability, CompiledRule[]>;
}

class RuleCompiler {
  readonly diagnostics: Diagnostic[] = [];
  private readonly slots = new Map<string, number>();
  /** Hub packs repeat the same patterns across many rules; compile each operator/value pair once. */
  private readonly operators = new Map<string, CompiledOperator>();

  constructor(readonly regexes: RegexCompiler) {}

  get fieldCount(): number {
    return this.slots.size;
  }

  compileRule(rule: RuleNode, file: string, project: boolean): CompiledRule {
    let readsViews = false;
    let readsTarget = false;
    const compileExpr = (expr: ExprNode, insideNots: number): CompiledExpr => {
      switch (expr.kind) {
        case 'condition': {
          const condition = this.compileCondition(expr, rule, file, insideNots);
          readsViews ||= condition.field.readsCommand || condition.field.readsTarget;
          readsTarget ||= condition.field.readsTarget;
          return condition;
        }
        case 'not':
          return { kind: 'not', item: compileExpr(expr.item, insideNots + 1) };
        default:
          return { kind: expr.kind, items: expr.items.map((item) => compileExpr(item, insideNots)) };
      }
    };
    const targetGroups: CompiledGroup[] = [];
    const groups = rule.groups.map((group): CompiledGroup => {
      readsTarget = false;
      const items = group.map((item) => compileExpr(item, 0));
      const starts = items.find((item) => item.kind === 'condition' && item.commandStarts);
      const compiled = starts?.kind === 'condition' ? { items, commandStarts: starts.commandStarts! } : { items };
      if (readsTarget) targetGroups.push(compiled);
      return compiled;
    });
    const commandStarts = CommandStarts.anyOf(groups);
    return { node: rule, groups, readsViews, targetGroups, project, ...(commandStarts ? { commandStarts } : {}) };
  }

  private compileCondition(node: ConditionNode, rule: RuleNode, file: string, insideNots: number): CompiledCondition {
    const field = resolveField(node.field);
    let slot = this.slots.get(field.name);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(field.name, slot);
    }
    const key = `${node.op}\0${node.value}`;
    let operator = this.operators.get(key);
    if (!operator) {
      operator = compileOperator(node.op, node.value, this.regexes.compile);
      this.operators.set(key, operator);
    }
    // Fail secure: a condition we cannot evaluate takes the value that pushes its rule towards firing when
    // the rule stops calls, and away from firing otherwise — an ALLOW or LOG rule that fires wrongly would
    // also keep every lower-priority DENY from deciding. Enclosing NOTs flip what "towards" means.
    const holds = STOPPING.has(rule.decision) === (insideNots % 2 === 0);
    if (!operator.ok) {
      this.diagnostics.push(conditionDiagnostic(file, rule.id, node, operator));
      return { kind: 'condition', node, field, slot, test: () => holds, negated: false };
    }
    const test = operator.test;
    const guarded =
      node.op === 'REGEX' || node.op === 'LINE_REGEX'
        ? (value: string): boolean | undefined => {
            try {
              return test(value);
            } catch {
              // V8 can still give up on a regex (e.g. its backtrack stack overflows): fail secure.
              return holds !== node.negated;
            }
          }
        : test;
    const condition: CompiledCondition = { kind: 'condition', node, field, slot, test: guarded, negated: node.negated };
    if (operator.leading && field.readsCommand && !node.negated)
      condition.commandStarts = new CommandStarts(operator.leading);
    return condition;
  }
}

function conditionDiagnostic(
  file: string,
  ruleId: string,
  node: ConditionNode,
  problem: Extract<CompiledOperator, { ok: false }>,
): Diagnostic {
  const what = { 'invalid-regex': 'invalid regex', 'unsafe-regex': 'unsafe regex', 'invalid-glob': 'invalid glob' }[
    problem.code
  ];
  return {
    severity: 'error',
    code: problem.code,
    message: `${what} "${node.value}": ${problem.reason}; until it is fixed the condition fails secure (DENY, ASK and FORCE rules lean towards firing, other rules towards not firing)`,
    file,
    line: node.line,
    column: node.column,
    ruleId,
  };
}
