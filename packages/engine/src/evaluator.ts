// Decides one tool call: walks the rules a call of its capability can meet, in evaluation order, and the
// first rule that fires decides; no rule fires → allow. Never throws.
//
// Execute calls (this is part of the rule language):
// - The command is decomposed into views (shell/analyze.ts): each simple command the shell would run, and
//   each pipeline of two or more commands as a whole. `FOO=1 sudo "rm" -rf / ; curl x | b'a'sh` gives
//   `sudo rm -rf /`, `rm -rf /`, `curl x`, `bash` and `curl x | bash`. A view is the call with only `command`
//   (and `input.command`) replaced.
// - Restrictive rules (DENY, ASK, FORCE) fire on `command` if they fire on the raw string OR on any view: one
//   dangerous part is enough.
// - Permissive rules (ALLOW, LOG, SHADOW) that read `command` fire only if they fire on EVERY view (or, when
//   the command has no views, such as a lone comment, on the raw string; the raw string is not consulted
//   otherwise). Because the first rule that fires decides, a carve-out such as `ALLOW execution IF command
//   STARTS_WITH "git "` must cover the whole command: it allows `git status && git log`, but not
//   `git status; curl x | sh`, which then meets the lower-priority DENY rules. Pipeline views count like any
//   other: to allow `git log | head` a rule must fire on `git log`, on `head` and on `git log | head`.
// - When the analysis hits one of its limits (shell/limits.ts: nesting, command count, text size), part of
//   the command went unanalysed. Restrictive rules still fire on the raw string and on the views found;
//   permissive rules never fire; and when no restrictive rule fires, the call is asked with rule id
//   `ssg_shell_unanalyzable` instead of allowed. A rule set none of whose execute rules reads `command`
//   never asks this way (there is nothing the analysis could have changed).
// - The analysis runs lazily, once a rule needs it, and at most once per evaluation.
//
// A regex condition on a long text can come back undecided (regex.ts: a match longer than ssg searches for
// exactly could be hiding there). Conditions combine in three-valued logic (an AND with a false item is false,
// an OR with a true one true, otherwise undecided stays undecided), and an undecided rule leans restrictive: a
// permissive one does not fire; a restrictive one does not stop the walk, but unless a later rule blocks or
// asks, the call is asked with rule id `ssg_rule_undecided` (undecided-rule.ts) instead of allowed.
//
// With `explain`, `matched` names the conditions that held on each text the rule fired on, each tagged with
// its view (`raw` for the raw string): one view for a restrictive rule, every view for a permissive one.
import type { CompiledCondition, CompiledExpr, CompiledGroup, CompiledRule, CompiledRuleSet } from './compiler';
import { resolveField } from './fields';
import { analyzeShell } from './shell/analyze';
import { type CallFolders, targetPlacer } from './target-place';
import { TRUNCATION_LIMITS, type Truncation } from './shell/limits';
import { NEVER, OVERRIDE_META } from './circuit-breaker';
import { selfProtectionVerdict } from './self-protection/guard';
import { undecidedVerdict } from './undecided-rule';
import type { ProtectedPlaces } from './self-protection/protected-places';
import type { Decision, EvalResult, MatchedCondition, ToolCall } from './types';

export interface EvaluateOptions {
  /** Fill `matched` with the conditions that made the deciding rule fire. */
  explain?: boolean;
  /**
   * What ssg protects on this machine: when given, the self-protection guard (self-protection/guard.ts) has the
   * last word, and no rule can allow what it denies. The hooks and the daemon give it; rule tests and `ssg eval`
   * do not.
   */
  protect?: ProtectedPlaces;
  /** A monotonic clock in milliseconds that times the evaluation; `performance.now` unless the caller has a cheaper one. */
  now?: () => number;
}

/** The pseudo-rule that asks when a command could not be analysed in full. */
export const UNANALYZABLE_RULE_ID = 'ssg_shell_unanalyzable';

function unanalyzable(reason: Truncation): Omit<EvalResult, 'durationMs'> {
  return {
    decision: 'ask',
    ruleId: UNANALYZABLE_RULE_ID,
    message: `This command is too large or too deeply nested for ssg to analyse safely (${TRUNCATION_LIMITS[reason]}); split it into smaller commands or run it yourself.`,
    prompt: 'ssg could not analyse all of this command, so no rule can vouch for it. Allow it to run?',
    matched: [],
  };
}

const COMMAND_FIELD = resolveField('command');

/** Decisions that stop or hold a call: their rules fire on any view. The others must fire on every view. */
const RESTRICTIVE: ReadonlySet<Decision> = new Set(['block', 'ask', 'force']);

const NO_VIEWS: readonly CommandView[] = [];

/** Verdicts that stop the call as written. */
const DENIALS: ReadonlySet<Decision> = new Set(['block', 'force']);

/** Where the evaluator reads a condition's field value from: the call itself, or one shell view of it. */
interface FieldSource {
  value(condition: CompiledCondition): string;
  /** What the `command` field reads here (CompiledGroup.commandStarts is checked against it). */
  commandText(): string;
}

/** A text a rule fired on: the call as is (`raw` for an execute call), or one view of its command. */
interface Hit {
  source: FieldSource;
  view: string | undefined;
}

export function evaluate(ruleset: CompiledRuleSet, call: ToolCall, options: EvaluateOptions = {}): EvalResult {
  const now = options.now ?? performanceNow;
  const started = now();
  let result: Omit<EvalResult, 'durationMs'>;
  try {
    const withInput = withObjectInput(call);
    result = decide(ruleset, withInput, options.explain === true, options.protect);
    const guard = options.protect && selfProtectionVerdict(withInput, options.protect);
    // The guard is the floor: nothing allows what it denies. A rule that denies the call too keeps its own,
    // more specific words, and can no longer be overridden either.
    if (guard) result = DENIALS.has(result.decision) ? { ...result, neverOverride: true } : guard;
  } catch (error) {
    // Only a bug gets here. Fail closed, and say so, rather than let an unevaluated call through.
    const detail = error instanceof Error ? error.message : String(error);
    result = {
      decision: 'block',
      message: `ssg could not evaluate this call (${detail}); it is blocked to be safe`,
      neverOverride: true,
      matched: [],
    };
  }
  return { ...result, durationMs: now() - started };
}

function decide(
  ruleset: CompiledRuleSet,
  call: ToolCall,
  explain: boolean,
  protect: ProtectedPlaces | undefined,
): Omit<EvalResult, 'durationMs'> {
  const rules = layerRules(ruleset.byCapability, ruleset, call.capability, false);
  const fields = new CallFields(call, ruleset.fieldCount);
  const command =
    call.capability === 'execute' && typeof call.input.command === 'string' ? call.input.command : undefined;
  const shell =
    command === undefined
      ? undefined
      : new ShellViews(command, fields, rules, {
          cwd: call.cwd,
          home: protect?.userHome,
          realPath: protect?.realPath,
        });
  const user = firstFiring(rules, fields, shell, explain) ?? noRuleFired(shell);
  const projectRules = layerRules(ruleset.projectByCapability, ruleset, call.capability, true);
  if (projectRules.length === 0) return user;
  // The project's layer speaks only to tighten: its ALLOW ends its own layer's walk, as a carve-out from its own
  // restrictions, and never lifts a restriction (or a LOG) of the user's layer.
  const project = firstFiring(projectRules, fields, shell, explain);
  return project && RESTRAINT[project.decision] > RESTRAINT[user.decision] ? project : user;
}

function noRuleFired(shell: ShellViews | undefined): Omit<EvalResult, 'durationMs'> {
  const truncated = shell?.truncation();
  return truncated ? unanalyzable(truncated) : { decision: 'allow', matched: [] };
}

/**
 * How much each decision holds a call back (LOG and SHADOW let it run, but keep a record that ALLOW does not);
 * the project's layer decides only where it holds back more.
 */
const RESTRAINT: Readonly<Record<Decision, number>> = { allow: 0, log: 1, shadow: 1, ask: 2, force: 3, block: 3 };

/** A layer's rules a call of this capability meets; a capability outside the known set (an adapter bug, or
 * `constructor`) still meets the `any` rules. */
function layerRules(
  byCapability: Record<string, CompiledRule[]>,
  ruleset: CompiledRuleSet,
  capability: string,
  project: boolean,
): readonly CompiledRule[] {
  return Object.hasOwn(byCapability, capability)
    ? byCapability[capability]!
    : ruleset.ordered.filter((rule) => rule.node.target === 'any' && rule.project === project);
}

/** The verdict of the first rule (in evaluation order) that fires. */
function firstFiring(
  rules: readonly CompiledRule[],
  fields: CallFields,
  shell: ShellViews | undefined,
  explain: boolean,
): Omit<EvalResult, 'durationMs'> | undefined {
  let undecided: CompiledRule | undefined;
  for (const rule of rules) {
    const hits = RESTRICTIVE.has(rule.node.decision)
      ? restrictiveHits(rule, fields, shell)
      : permissiveHits(rule, fields, shell);
    if (hits === UNDECIDED) undecided ??= rule;
    else if (hits) return atLeastAsk(verdict(rule, hits, explain), undecided);
  }
  return undecided && undecidedVerdict(undecided);
}

/** A restrictive rule that could not be decided ranks above this verdict: it stands only if it holds the call too. */
function atLeastAsk(
  result: Omit<EvalResult, 'durationMs'>,
  undecided: CompiledRule | undefined,
): Omit<EvalResult, 'durationMs'> {
  return undecided && !RESTRICTIVE.has(result.decision) ? undecidedVerdict(undecided) : result;
}

/** What restrictiveHits says of a rule that some view might fire, had its regexes been decided. */
const UNDECIDED = 'undecided';

/** Raw string or any view. */
function restrictiveHits(
  rule: CompiledRule,
  fields: CallFields,
  shell: ShellViews | undefined,
): Hit[] | typeof UNDECIDED | undefined {
  const raw = fires(rule, fields);
  if (raw) return [{ source: fields, view: shell && 'raw' }];
  let undecided = raw === undefined;
  if (shell && rule.readsViews) {
    for (const view of shell.views()) {
      // The raw string has been tried already.
      if (view.command === shell.command) continue;
      const held = fires(rule, view);
      if (held) return [{ source: view, view: view.command }];
      undecided ||= held === undefined;
    }
    // A target view shares its command with a plain view: only the groups that read the target can differ.
    for (const view of rule.targetGroups.length > 0 ? shell.targetViews() : NO_VIEWS) {
      const held = anyGroupHolds(rule.targetGroups, view);
      if (held) return [{ source: view, view: view.command }];
      undecided ||= held === undefined;
    }
  }
  return undecided ? UNDECIDED : undefined;
}

/** Every view (the raw string when there are none), and never when the analysis was cut short or undecided. */
function permissiveHits(rule: CompiledRule, fields: CallFields, shell: ShellViews | undefined): Hit[] | undefined {
  const views = shell && rule.readsViews ? shell.views() : NO_VIEWS;
  if (views.length === 0) {
    if (!fires(rule, fields) || shell?.truncation()) return undefined;
    return [{ source: fields, view: shell && 'raw' }];
  }
  if (shell?.truncation()) return undefined;
  // A rule that reads no target holds on a target view as on the plain view with its command.
  const all = rule.targetGroups.length > 0 ? [...views, ...shell!.targetViews()] : views;
  for (const view of all) if (!fires(rule, view)) return undefined;
  return all.map((view) => ({ source: view, view: view.command }));
}

// The hot path: plain loops, no closures, so walking 1,500 rules allocates nothing per rule. Each answers true,
// false, or undefined when a regex on a long text could not be decided (three-valued logic).

function fires(rule: CompiledRule, source: FieldSource): boolean | undefined {
  if (rule.groups.length === 0) return true;
  if (rule.commandStarts && !rule.commandStarts.admits(source.commandText())) return false;
  return anyGroupHolds(rule.groups, source);
}

function anyGroupHolds(groups: readonly CompiledGroup[], source: FieldSource): boolean | undefined {
  let undecided = false;
  for (const { items, commandStarts } of groups) {
    if (commandStarts && !commandStarts.admits(source.commandText())) continue;
    const held = allHold(items, source);
    if (held) return true;
    undecided ||= held === undefined;
  }
  return undecided ? undefined : false;
}

function allHold(items: readonly CompiledExpr[], source: FieldSource): boolean | undefined {
  let undecided = false;
  for (const item of items) {
    const held = holds(item, source);
    if (held === false) return false;
    undecided ||= held === undefined;
  }
  return undecided ? undefined : true;
}

function holds(expr: CompiledExpr, source: FieldSource): boolean | undefined {
  switch (expr.kind) {
    case 'condition': {
      const held = expr.test(source.value(expr));
      return held === undefined ? undefined : held !== expr.negated;
    }
    case 'and':
      return allHold(expr.items, source);
    case 'or': {
      let undecided = false;
      for (const item of expr.items) {
        const held = holds(item, source);
        if (held) return true;
        undecided ||= held === undefined;
      }
      return undecided ? undefined : false;
    }
    case 'not': {
      const held = holds(expr.item, source);
      return held === undefined ? undefined : !held;
    }
  }
}

function verdict(rule: CompiledRule, hits: readonly Hit[], explain: boolean): Omit<EvalResult, 'durationMs'> {
  const { node } = rule;
  const result: Omit<EvalResult, 'durationMs'> = { decision: node.decision, ruleId: node.id, matched: [] };
  if (node.message !== undefined) result.message = node.message;
  if (node.prompt !== undefined) result.prompt = node.prompt;
  if (node.substitute !== undefined) result.substitute = node.substitute;
  if (node.meta[OVERRIDE_META] === NEVER) result.neverOverride = true;
  if (explain) for (const hit of hits) result.matched.push(...explainHit(rule, hit));
  return result;
}

function explainHit(rule: CompiledRule, { source, view }: Hit): MatchedCondition[] {
  const matched: MatchedCondition[] = [];
  const group = rule.groups.find(({ items }) => allHold(items, source));
  for (const item of group?.items ?? []) explainTrue(item, source, matched);
  if (view !== undefined) for (const condition of matched) condition.view = view;
  return matched;
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
      const first = expr.items.find((item) => holds(item, source) === false);
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
  private command: string | undefined;

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

  commandText(): string {
    this.command ??= COMMAND_FIELD.read(this.call);
    return this.command;
  }
}

/** The call as one view of its shell string: only the command differs, and the target of a target's view. */
class CommandView implements FieldSource {
  constructor(
    private readonly fields: CallFields,
    readonly command: string,
    readonly target = '',
  ) {}

  value(condition: CompiledCondition): string {
    if (condition.field.readsCommand) return this.command;
    return condition.field.readsTarget ? this.target : this.fields.value(condition);
  }

  commandText(): string {
    return this.command;
  }
}

interface Analysis {
  views: readonly CommandView[];
  targets: readonly CommandView[];
  truncated: Truncation | false;
}

/** The views of an execute call's command, analysed on first use. */
class ShellViews {
  private analysis: Analysis | undefined;

  constructor(
    readonly command: string,
    private readonly fields: CallFields,
    private readonly rules: readonly CompiledRule[],
    private readonly folders: CallFolders,
  ) {}

  views(): readonly CommandView[] {
    return this.analyse().views;
  }

  /** Each path a view's command changes, with that view's command. */
  targetViews(): readonly CommandView[] {
    return this.analyse().targets;
  }

  /**
   * Which limit cut the analysis short, if any. Commands meeting no rule that reads them are not analysed:
   * no view could change a decision.
   */
  truncation(): Truncation | false {
    if (!this.analysis && !this.rules.some((rule) => rule.readsViews)) return false;
    return this.analyse().truncated;
  }

  private analyse(): Analysis {
    if (!this.analysis) {
      const { commands, targets, truncated } = analyzeShell(this.command);
      // Only a call with targets reads its folders through their links.
      const place = targets.length > 0 ? targetPlacer(this.folders) : String;
      this.analysis = {
        views: commands.map((view) => new CommandView(this.fields, view)),
        targets: targets.map(({ view, target }) => new CommandView(this.fields, view, place(target))),
        truncated,
      };
    }
    return this.analysis;
  }
}

/** Adapters validate input, but a call built elsewhere might carry none; field readers expect an object. */
function withObjectInput(call: ToolCall): ToolCall {
  const { input } = call;
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? call : { ...call, input: {} };
}

const performanceNow = (): number => performance.now();
