import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRules } from './compiler';
import { parseRules } from './parser';

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
      compileRules([parsed]).ordered.map((rule) => rule.readsCommand),
      [false, true],
    );
  });

  it('an empty rule set', () => {
    const empty = compileRules([]);
    assert.deepEqual([empty.rules, empty.ordered, empty.diagnostics, empty.byCapability.execute], [[], [], [], []]);
  });
});
