// The engine's vocabulary. Everything here is plain data so that results can cross process
// boundaries (hook ⇄ daemon) as JSON without conversion.

/** What a tool call is able to do; adapters map each host tool name to one of these. */
export type Capability = 'execute' | 'read' | 'write' | 'search' | 'network' | 'agent';

export const CAPABILITIES: readonly Capability[] = ['execute', 'read', 'write', 'search', 'network', 'agent'];

/** A rule's target: a capability, or `any`. The DSL keyword `execution` (and `execute`) maps to `execute`. */
export type Target = Capability | 'any';

/** The verdict on the wire (`ssg eval`, certify, hooks). DSL keywords map: ALLOW→allow, DENY→block, … */
export type Decision = 'allow' | 'block' | 'log' | 'shadow' | 'ask' | 'force';

export const DECISIONS: readonly Decision[] = ['allow', 'block', 'log', 'shadow', 'ask', 'force'];

/**
 * Decisions that stop or hold a call. On shell commands they fire when any view matches, while the permissive
 * ones (allow, log, shadow) must hold on every view; a broken condition holds in them (fail-secure).
 */
export const RESTRICTIVE_DECISIONS: ReadonlySet<Decision> = new Set(['block', 'ask', 'force']);

export type Severity = 'error' | 'warning' | 'info';

/** One tool call of an agent, after its host's wire format has been parsed by an adapter. */
export interface ToolCall {
  /** The host's tool name, e.g. `Bash`, `Write`, `run_terminal_command`. */
  tool: string;
  /** The tool's arguments as the host sent them. */
  input: Record<string, unknown>;
  capability: Capability;
  /** Adapter name of the calling host, e.g. `claude-code`, `generic`. */
  client: string;
  cwd?: string;
  sessionId?: string;
}

/** A condition that held when a rule fired (reported with `--explain`). */
export interface MatchedCondition {
  field: string;
  op: Operator;
  negated: boolean;
  value: string;
  /** For execute calls: which view of the command matched (`raw` or the decomposed simple command). */
  view?: string;
}

export interface EvalResult {
  decision: Decision;
  /** Id of the rule that decided; absent when no rule matched (decision `allow`). */
  ruleId?: string;
  /** The rule's MESSAGE: why the call was decided this way. */
  message?: string;
  /** The rule's PROMPT: the question for a human (ASK). */
  prompt?: string;
  /** The rule's SUBSTITUTE: what the agent should do instead (FORCE). */
  substitute?: string;
  /**
   * The circuit breaker may never let this denial through: the rule says `# override: never`, or the verdict is
   * not a rule's at all (a fail-closed block, a spending cap, an evaluation that failed). See circuit-breaker.ts.
   */
  neverOverride?: true;
  matched: MatchedCondition[];
  /** Wall time of the evaluation in milliseconds. */
  durationMs: number;
}

// ── The rule language's syntax tree (what the parser produces, before compilation) ──────────────

export type Operator =
  'CONTAINS' | 'EQUALS' | 'STARTS_WITH' | 'ENDS_WITH' | 'GLOB' | 'REGEX' | 'WORD' | 'LINE_CONTAINS' | 'LINE_REGEX';

/** `<field> [NOT] <OP> "<value>"`, possibly preceded by NOT (both negations fold into `negated`). */
export interface ConditionNode {
  kind: 'condition';
  field: string;
  op: Operator;
  negated: boolean;
  value: string;
  /** 1-based position of the condition in its file. */
  line: number;
  column: number;
}

/** A parenthesised or top-level boolean expression. */
export type ExprNode =
  | ConditionNode
  | { kind: 'and'; items: ExprNode[] }
  | { kind: 'or'; items: ExprNode[] }
  | { kind: 'not'; item: ExprNode };

export interface SourcePos {
  file: string;
  line: number;
  column: number;
}

export interface RuleNode {
  id: string;
  enabled: boolean;
  priority: number;
  severity: Severity;
  decision: Decision;
  target: Target;
  /**
   * The condition list in the DSL's disjunctive normal form: each group is one `IF`/`OR` line plus
   * the `AND` lines that follow it. The rule fires when every item of some group holds. An empty list
   * means the rule has no IF clause and fires on every call of its target.
   */
  groups: ExprNode[][];
  message?: string;
  prompt?: string;
  substitute?: string;
  /** Free-form `# key: value` metadata found in comments directly above the rule (e.g. category). */
  meta: Record<string, string>;
  pos: SourcePos;
  /** 1-based line of the closing brace. */
  endLine: number;
}

export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable machine-readable code, e.g. `parse`, `invalid-regex`, `and-after-or`, `duplicate-id`. */
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  ruleId?: string;
}

export interface ParsedFile {
  file: string;
  rules: RuleNode[];
  diagnostics: Diagnostic[];
  /**
   * The file belongs to a project (its accepted `.ssg/rules/`): its rules may add restrictions but never lift one
   * that the user's rules, Sleep at Night or self-protection impose (evaluator.ts combines the two layers).
   */
  project?: boolean;
}
