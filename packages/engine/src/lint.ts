// `ssg check`'s findings beyond parse errors, over all the given files together (they load as one rule set):
//   and-after-or        an AND line after OR lines joins only the last group (warning; says what was meant)
//   duplicate-id        the same rule id twice (error, both places named)
//   unreachable         an earlier-evaluated rule always fires first (warning)
//   invalid-regex, unsafe-regex, invalid-glob   from the compiler (error)
//   ask-without-prompt, force-without-substitute, unknown-field, unknown-capability, rule-id (warnings)
//   override-value      `# override:` metadata other than `never`, which would silently not protect (warning)
import { NEVER, OVERRIDE_META } from './circuit-breaker';
import { type CompiledRule, compileRules } from './compiler';
import { KNOWN_FIELD_NAMES, resolveField } from './fields';
import {
  CAPABILITIES,
  type ConditionNode,
  type Diagnostic,
  type ExprNode,
  type ParsedFile,
  RESTRICTIVE_DECISIONS,
  type RuleNode,
} from './types';

const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const SHOWN_VALUE_LENGTH = 40;

export function lintRules(files: ParsedFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const firstDefinition = new Map<string, RuleNode>();
  for (const file of files) {
    for (const rule of file.rules) {
      const warn = (code: string, message: string, at: { line: number; column: number } = rule.pos): void => {
        diagnostics.push({
          severity: 'warning',
          code,
          message,
          file: file.file,
          line: at.line,
          column: at.column,
          ruleId: rule.id,
        });
      };
      const earlier = firstDefinition.get(rule.id);
      if (earlier) {
        diagnostics.push({
          severity: 'error',
          code: 'duplicate-id',
          message: `duplicate rule id \`${rule.id}\`: defined at ${earlier.pos.file}:${earlier.pos.line} and again at ${rule.pos.file}:${rule.pos.line}; ids must be unique`,
          file: file.file,
          line: rule.pos.line,
          column: rule.pos.column,
          ruleId: rule.id,
        });
      } else {
        firstDefinition.set(rule.id, rule);
      }
      if (!RULE_ID.test(rule.id)) {
        warn(
          'rule-id',
          `rule id \`${rule.id}\` should be letters, digits, \`_\`, \`.\` and \`-\` (e.g. no-force-push)`,
        );
      }
      if (rule.decision === 'ask' && rule.prompt === undefined && rule.message === undefined) {
        warn(
          'ask-without-prompt',
          `ASK rule \`${rule.id}\` has neither PROMPT nor MESSAGE: the human is asked without being told why`,
        );
      }
      if (rule.decision === 'force' && rule.substitute === undefined) {
        warn(
          'force-without-substitute',
          `FORCE rule \`${rule.id}\` has no SUBSTITUTE: the agent is blocked without being told what to do instead`,
        );
      }
      const override = rule.meta[OVERRIDE_META];
      if (override !== undefined && override !== NEVER) {
        warn(
          'override-value',
          `\`# ${OVERRIDE_META}: ${override}\` above rule \`${rule.id}\` means nothing; \`# ${OVERRIDE_META}: ${NEVER}\` keeps the circuit breaker from ever letting its denials through`,
        );
      }
      const andAfterOr = describeAndAfterOr(rule.groups);
      if (andAfterOr) warn('and-after-or', andAfterOr.message, andAfterOr.at);
      for (const condition of rule.groups.flat().flatMap(leaves)) {
        const field = resolveField(condition.field);
        if (!field.known) {
          warn(
            'unknown-field',
            `unknown field \`${condition.field}\` reads input.${condition.field} (fields: ${KNOWN_FIELD_NAMES.join(', ')})`,
            condition,
          );
        } else if (field.readsTarget && rule.target !== 'execute' && rule.target !== 'any') {
          warn(
            'target-outside-execute',
            `\`target\` is a path a shell command changes; a rule for \`${rule.target}\` calls never sees one, so this never holds (for a file tool's path, use \`path\`)`,
            condition,
          );
        } else if (
          field.name === 'capability' &&
          condition.op === 'EQUALS' &&
          !CAPABILITIES.some((c) => c === condition.value)
        ) {
          warn(
            'unknown-capability',
            `"${condition.value}" is no capability, so this never holds (capabilities: ${CAPABILITIES.join(', ')})`,
            condition,
          );
        }
      }
    }
  }
  const { ordered, diagnostics: compileDiagnostics } = compileRules(files);
  diagnostics.push(...unreachableRules(ordered), ...compileDiagnostics);
  return diagnostics;
}

/**
 * The DSL is in disjunctive normal form, so in `IF a  OR b  AND c` the AND line joins only `b`'s group. Authors
 * who put AND on its own line after OR lines usually meant `(a OR b) AND c`.
 */
function describeAndAfterOr(groups: readonly ExprNode[][]): { message: string; at: ConditionNode } | undefined {
  for (let k = 1; k < groups.length; k++) {
    const group = groups[k]!;
    const orLine = firstLeaf(group[0]!).line;
    const split = group.findIndex((item) => firstLeaf(item).line > orLine);
    if (split < 0) continue;
    const head = group.slice(0, split);
    const tail = group.slice(split);
    const at = firstLeaf(tail[0]!);
    const firesWhen = groups.map((g) => `(${g.map(formatExpr).join(' AND ')})`).join(' OR ');
    const alternatives = [...groups.slice(0, k), head].map((g) => g.map(formatExpr).join(' AND ')).join(' OR ');
    return {
      at,
      message:
        `this AND joins only the group opened by the OR on line ${orLine}, so the rule fires when ${firesWhen}. ` +
        `If it should apply to every alternative, write: IF (${alternatives}) AND ${tail.map(formatExpr).join(' AND ')}`,
    };
  }
  return undefined;
}

/** Rules that can never decide because an earlier-evaluated rule for the same (or any) target always fires first. */
function unreachableRules(compiled: readonly CompiledRule[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ordered = compiled.map((c) => c.node);
  const groupKeys = ordered.map((rule) => (rule.groups.length === 0 ? [new Set<string>()] : rule.groups.map(groupKey)));
  for (let later = 1; later < ordered.length; later++) {
    const rule = ordered[later]!;
    for (let earlier = 0; earlier < later; earlier++) {
      const first = ordered[earlier]!;
      if (first.target !== 'any' && first.target !== rule.target) continue;
      // On shell commands a permissive rule must hold on every view and a restrictive one on any, so a
      // permissive `^npm\s` does not cover `npm publish; ls`, which a later DENY still decides.
      const onShell = rule.target === 'execute' || rule.target === 'any';
      const permissiveFirst = compiled[earlier]!.readsViews && !RESTRICTIVE_DECISIONS.has(first.decision);
      if (onShell && permissiveFirst && RESTRICTIVE_DECISIONS.has(rule.decision)) continue;
      // `first` fires whenever `rule` does if each of rule's groups contains all conditions of one of first's.
      const covered = groupKeys[later]!.every((group) => groupKeys[earlier]!.some((cover) => isSubset(cover, group)));
      if (!covered) continue;
      const why = first.groups.length === 0 ? 'it has no conditions' : 'its conditions hold whenever these do';
      diagnostics.push({
        severity: 'warning',
        code: 'unreachable',
        message: `rule \`${rule.id}\` can never decide: rule \`${first.id}\` (${first.pos.file}:${first.pos.line}, priority ${first.priority}) is evaluated first and ${why}`,
        file: rule.pos.file,
        line: rule.pos.line,
        column: rule.pos.column,
        ruleId: rule.id,
      });
      break;
    }
  }
  return diagnostics;
}

function groupKey(group: readonly ExprNode[]): Set<string> {
  return new Set(group.map(canonical));
}

/** An expression as text without positions; AND/OR operands sorted, since their order does not matter. */
function canonical(expr: ExprNode): string {
  switch (expr.kind) {
    case 'condition':
      return JSON.stringify([resolveField(expr.field).name, expr.negated, expr.op, expr.value]);
    case 'not':
      return `not(${canonical(expr.item)})`;
    default:
      return `${expr.kind}(${expr.items.map(canonical).sort().join(',')})`;
  }
}

function isSubset(small: ReadonlySet<string>, big: ReadonlySet<string>): boolean {
  if (small.size > big.size) return false;
  for (const item of small) if (!big.has(item)) return false;
  return true;
}

function leaves(expr: ExprNode): ConditionNode[] {
  if (expr.kind === 'condition') return [expr];
  if (expr.kind === 'not') return leaves(expr.item);
  return expr.items.flatMap(leaves);
}

function firstLeaf(expr: ExprNode): ConditionNode {
  if (expr.kind === 'condition') return expr;
  return firstLeaf(expr.kind === 'not' ? expr.item : expr.items[0]!);
}

function formatExpr(expr: ExprNode): string {
  switch (expr.kind) {
    case 'condition': {
      const value = expr.value.length > SHOWN_VALUE_LENGTH ? `${expr.value.slice(0, SHOWN_VALUE_LENGTH)}…` : expr.value;
      return `${expr.field}${expr.negated ? ' NOT' : ''} ${expr.op} "${value}"`;
    }
    case 'not':
      return `NOT (${formatExpr(expr.item)})`;
    default:
      return `(${expr.items.map(formatExpr).join(` ${expr.kind.toUpperCase()} `)})`;
  }
}
