// Test support for the bundled rule files: loads a file exactly as ssg ships it and runs tables of tool calls
// against it. Imported only by the `*.test.ts` files next to it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  type CompiledRuleSet,
  compileRules,
  evaluate,
  lintRules,
  parseRules,
  regexHygieneProblem,
} from '@ssg/engine/node';
import type { ConditionNode, Decision, EvalResult, ExprNode, ParsedFile, RuleNode, ToolCall } from '@ssg/engine';
import { bundledRulesDir } from './paths';

export interface BundledRules {
  parsed: ParsedFile;
  ruleset: CompiledRuleSet;
}

/** Parses and compiles `resources/rules/<stem>.rules`. */
export function loadBundledRules(stem: string): BundledRules {
  const file = join(bundledRulesDir(), `${stem}.rules`);
  const parsed = parseRules(readFileSync(file, 'utf8'), file);
  return { parsed, ruleset: compileRules([parsed]) };
}

/** A table row: a shell command (run through the Bash tool) or a whole call. */
export type CallCase = string | ToolCall;

const claudeCode = (tool: string, capability: ToolCall['capability'], input: Record<string, unknown>): ToolCall => ({
  tool,
  capability,
  client: 'claude-code',
  input,
});

export const bash = (command: string): ToolCall => claudeCode('Bash', 'execute', { command });
export const read = (file_path: string): ToolCall => claudeCode('Read', 'read', { file_path });
export const grep = (path: string, pattern = 'TOKEN'): ToolCall => claudeCode('Grep', 'search', { pattern, path });
export const write = (file_path: string, content = 'x'): ToolCall =>
  claudeCode('Write', 'write', { file_path, content });
export const edit = (file_path: string, old_string: string, new_string: string): ToolCall =>
  claudeCode('Edit', 'write', { file_path, old_string, new_string });
export const multiEdit = (file_path: string, edits: { old_string: string; new_string: string }[]): ToolCall =>
  claudeCode('MultiEdit', 'write', { file_path, edits });

export function toCall(row: CallCase): ToolCall {
  return typeof row === 'string' ? bash(row) : row;
}

/** How a row reads in a test name and a failure message. */
export function describeCall(row: CallCase): string {
  const call = toCall(row);
  if (call.tool === 'Bash' && typeof call.input.command === 'string') return JSON.stringify(call.input.command);
  return `${call.tool} ${JSON.stringify(call.input)}`;
}

export function evaluateRow(ruleset: CompiledRuleSet, row: CallCase): EvalResult {
  return evaluate(ruleset, toCall(row), { explain: true });
}

function outcome(result: EvalResult): string {
  return result.ruleId ? `${result.decision} by ${result.ruleId}` : result.decision;
}

export interface RuleTable {
  id: string;
  decision: Decision;
  /** Calls this rule must decide. */
  catches: CallCase[];
  /** Calls this rule must not decide (another rule may). */
  ignores: CallCase[];
}

/** Registers one test per row: each catch decided by `id` with `decision`, each ignore not decided by `id`. */
export function describeRuleTable(ruleset: CompiledRuleSet, table: RuleTable): void {
  describe(table.id, () => {
    for (const row of table.catches) {
      it(`catches ${describeCall(row)}`, () => {
        const result = evaluateRow(ruleset, row);
        assert.ok(
          result.ruleId === table.id && result.decision === table.decision,
          `${table.id} should catch: ${describeCall(row)} (got ${outcome(result)})`,
        );
      });
    }
    for (const row of table.ignores) {
      it(`ignores ${describeCall(row)}`, () => {
        const result = evaluateRow(ruleset, row);
        assert.notEqual(result.ruleId, table.id, `${table.id} should ignore: ${describeCall(row)}`);
      });
    }
  });
}

function conditionsIn(node: ExprNode): ConditionNode[] {
  if (node.kind === 'condition') return [node];
  if (node.kind === 'not') return conditionsIn(node.item);
  return node.items.flatMap(conditionsIn);
}

export function conditionsOf(rule: RuleNode): ConditionNode[] {
  return rule.groups.flat().flatMap(conditionsIn);
}

const SEVERITY_OF: Partial<Record<Decision, string>> = { block: 'error', ask: 'warning' };

/** The checks every bundled file passes: it loads cleanly and each rule explains itself. */
export function describeRuleFile(stem: string, bundle: BundledRules): void {
  describe(`${stem}.rules`, () => {
    it('parses without diagnostics', () => {
      assert.deepEqual(bundle.parsed.diagnostics, []);
    });
    it('compiles without diagnostics', () => {
      assert.deepEqual(bundle.ruleset.diagnostics, []);
    });
    it('passes ssg check without findings', () => {
      assert.deepEqual(lintRules([bundle.parsed]), []);
    });
    for (const rule of bundle.parsed.rules) {
      it(`${rule.id} has a category, a why, a message and the severity of its decision`, () => {
        assert.ok(rule.meta.category, `${rule.id} needs a '# category:' line`);
        assert.ok(rule.meta.why, `${rule.id} needs a '# why:' line`);
        assert.ok((rule.message ?? '').length >= 40, `${rule.id} needs a MESSAGE that explains itself`);
        if (rule.decision === 'ask') assert.ok(rule.prompt, `${rule.id} asks, so it needs a PROMPT`);
        const severity = SEVERITY_OF[rule.decision];
        if (severity) assert.equal(rule.severity, severity, `${rule.id}: severity for ${rule.decision}`);
      });
      it(`${rule.id} uses only linear-engine friendly regexes`, () => {
        for (const condition of conditionsOf(rule)) {
          if (condition.op !== 'REGEX' && condition.op !== 'LINE_REGEX') continue;
          const problem = regexHygieneProblem(condition.value);
          assert.equal(problem, undefined, `${rule.id} line ${condition.line}: ${problem} in ${condition.value}`);
        }
      });
    }
  });
}
