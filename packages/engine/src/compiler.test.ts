import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type CompiledExpr, type CompiledRuleSet, compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import type { RegexForms } from './regex-form';
import type { Capability, ToolCall } from './types';

describe('compileRules', () => {
  const first = parseRules(
    [
      'rule a { LOG any }',
      'rule b {\npriority 90\nDENY write\n}',
      'rule off {\nenabled false\npriority 100\nDENY any\n}',
      'rule c {\npriority 90\nASK execution\n}',
    ].join('\n'),
    'first.rules',
  );
  const second = parseRules('rule d {\npriority 90\nLOG read\n}\nrule e { SHADOW network }', 'second.rules');
  const ruleset = compileRules([first, second]);

  it('lists every rule in load order, disabled ones included', () => {
    assert.deepEqual(
      ruleset.rules.map((rule) => rule.id),
      ['a', 'b', 'off', 'c', 'd', 'e'],
    );
  });

  it('orders enabled rules by priority, then files in the given order, then rules in file order', () => {
    assert.deepEqual(
      ruleset.ordered.map((rule) => rule.node.id),
      ['b', 'c', 'd', 'a', 'e'],
    );
  });

  it('gives each capability its own rules and the any rules, in evaluation order', () => {
    const ids = Object.fromEntries(
      Object.entries(ruleset.byCapability).map(([capability, rules]) => [
        capability,
        rules.map((rule) => rule.node.id),
      ]),
    );
    assert.deepEqual(ids, {
      execute: ['c', 'a'],
      read: ['d', 'a'],
      write: ['b', 'a'],
      search: ['a'],
      network: ['a', 'e'],
      agent: ['a'],
    });
  });

  it('reports conditions that do not compile, with position and rule', () => {
    const parsed = parseRules(
      'rule bad {\nDENY any\nIF command REGEX "(x"\n  OR path GLOB "[z-a]"\n  OR content LINE_REGEX "(?=y)(a+)+"\n}',
      'bad.rules',
    );
    assert.deepEqual(
      compileRules([parsed]).diagnostics.map(({ severity, code, file, line, column, ruleId }) => ({
        severity,
        code,
        file,
        line,
        column,
        ruleId,
      })),
      [
        { severity: 'error', code: 'invalid-regex', file: 'bad.rules', line: 3, column: 4, ruleId: 'bad' },
        { severity: 'error', code: 'invalid-glob', file: 'bad.rules', line: 4, column: 6, ruleId: 'bad' },
        { severity: 'error', code: 'unsafe-regex', file: 'bad.rules', line: 5, column: 6, ruleId: 'bad' },
      ],
    );
  });

  it('reads each distinct field into its own slot', () => {
    const parsed = parseRules(
      'rule a {\nDENY any\nIF command CONTAINS "x" AND path GLOB "y" OR command WORD "z"\n}',
      'a.rules',
    );
    assert.equal(compileRules([parsed]).fieldCount, 2);
  });

  it('marks the rules whose conditions read the command', () => {
    const parsed = parseRules(
      'rule a {\nDENY any\nIF path GLOB "y"\n}\nrule b {\nDENY any\nIF tool EQUALS "Bash" AND NOT (input.command CONTAINS "x")\n}',
      'a.rules',
    );
    assert.deepEqual(
      compileRules([parsed]).ordered.map((rule) => rule.readsViews),
      [false, true],
    );
  });

  it('an empty rule set', () => {
    const empty = compileRules([]);
    assert.deepEqual([empty.rules, empty.ordered, empty.diagnostics, empty.byCapability.execute], [[], [], [], []]);
  });
});

describe('compileRules: regex forms handed back and reused', () => {
  const resources = join(import.meta.dirname, '..', '..', '..', 'resources');
  const files = readdirSync(join(resources, 'rules'))
    .sort()
    .map((name) => parseRules(readFileSync(join(resources, 'rules', name), 'utf8'), name));
  const capabilityOf: Record<string, Capability> = {
    Bash: 'execute',
    Read: 'read',
    Write: 'write',
    Edit: 'write',
    WebFetch: 'network',
  };
  // Every step of the bundled certification scenarios, plus calls that no rule decides.
  const calls: ToolCall[] = readdirSync(join(resources, 'scenarios'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(resources, 'scenarios', name), 'utf8').split('\n'))
    .filter((line) => line.includes('"kind":"step"'))
    .map((line) => JSON.parse(line) as { tool_name: string; tool_input: Record<string, unknown> })
    .map((step) => ({
      tool: step.tool_name,
      input: step.tool_input,
      capability: capabilityOf[step.tool_name] ?? 'agent',
      client: 'test',
    }));
  calls.push(
    { tool: 'Bash', input: { command: 'git status && npm test' }, capability: 'execute', client: 'test' },
    {
      tool: 'Write',
      input: { file_path: '/repo/a.ts', content: 'x'.repeat(10_000) },
      capability: 'write',
      client: 'test',
    },
  );
  const verdicts = (ruleset: CompiledRuleSet) =>
    calls.map((call) => {
      const { durationMs, ...verdict } = evaluate(ruleset, call, { explain: true });
      return verdict;
    });
  const fresh = compileRules(files);
  const regexPatternsOf = (expr: CompiledExpr): string[] => {
    if (expr.kind === 'condition') return expr.node.op.endsWith('REGEX') ? [expr.node.value] : [];
    return expr.kind === 'not' ? regexPatternsOf(expr.item) : expr.items.flatMap(regexPatternsOf);
  };
  const regexPatterns = new Set(
    fresh.ordered.flatMap((rule) => rule.groups.flatMap((group) => group.items).flatMap(regexPatternsOf)),
  );

  it('hands back the form of every regex pattern it compiled, and nothing else', () => {
    assert.ok(calls.length > 80);
    assert.deepEqual(new Set(Object.keys(fresh.regexForms)), regexPatterns);
  });

  it('gives the same verdicts from forms read back from JSON, reusing every one', () => {
    const stored = JSON.parse(JSON.stringify(fresh.regexForms)) as RegexForms;
    const reused = compileRules(files, { regexForms: stored });
    assert.deepEqual(verdicts(reused), verdicts(fresh));
    for (const pattern of regexPatterns) assert.equal(reused.regexForms[pattern], stored[pattern], pattern);
    assert.deepEqual(reused.diagnostics, fresh.diagnostics);
  });

  const stores: Array<{ name: string; forms: () => unknown }> = [
    { name: 'empty', forms: () => ({}) },
    {
      name: 'of a future version',
      forms: () =>
        Object.fromEntries(Object.entries(fresh.regexForms).map(([key, form]) => [key, { ...form, version: 99 }])),
    },
    {
      name: 'full of garbage',
      forms: () => Object.fromEntries([...regexPatterns].map((pattern, i) => [pattern, [null, 'x', 1, {}][i % 4]])),
    },
  ];
  for (const tc of stores) {
    it(`gives the same verdicts and diagnostics with a store ${tc.name}`, () => {
      const ruleset = compileRules(files, { regexForms: tc.forms() as RegexForms });
      assert.deepEqual(verdicts(ruleset), verdicts(fresh));
      assert.deepEqual(ruleset.diagnostics, fresh.diagnostics);
      assert.deepEqual(ruleset.regexForms, fresh.regexForms);
    });
  }

  it('reports invalid and unsafe regexes from stored forms as it does from fresh ones', () => {
    const bad = parseRules(
      'rule bad {\nDENY any\nIF command REGEX "(x"\n  OR content LINE_REGEX "(?=y)(a+)+"\n}',
      'b.rules',
    );
    const first = compileRules([bad]);
    const again = compileRules([bad], { regexForms: JSON.parse(JSON.stringify(first.regexForms)) as RegexForms });
    assert.equal(first.diagnostics.length, 2);
    assert.deepEqual(again.diagnostics, first.diagnostics);
  });
});
