// What the circuit breaker may override: a denial by an ordinary rule, and nothing else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { breakerOverride } from './circuit-breaker';
import { compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import type { EvalResult } from './types';

const RULES = `
rule ordinary {
  priority 10
  DENY execution
  IF command STARTS_WITH "make deploy"
  MESSAGE "no deploys"
}

# category: destructive-ops
# override: never
rule irreversible {
  priority 20
  DENY execution
  IF command STARTS_WITH "rm -rf /"
}

rule forced {
  FORCE execution
  IF command STARTS_WITH "npm install"
  SUBSTITUTE "npm ci"
}

rule asked {
  ASK execution
  IF command STARTS_WITH "git push"
}
`;
const ruleset = compileRules([parseRules(RULES, 'test.rules')]);
const verdictFor = (command: string): EvalResult =>
  evaluate(ruleset, { tool: 'Bash', capability: 'execute', client: 'claude-code', input: { command } });

describe('breakerOverride', () => {
  test('lets an ordinary denial through as an allow that still names the rule', () => {
    const overridden = breakerOverride(verdictFor('make deploy'));
    assert.equal(overridden?.decision, 'allow');
    assert.equal(overridden?.ruleId, 'ordinary');
    assert.match(overridden?.message ?? '', /overriding rule ordinary \(no deploys\)/);
  });

  test('lets a FORCE through too (it denies the call as written)', () => {
    assert.equal(breakerOverride(verdictFor('npm install left-pad'))?.decision, 'allow');
  });

  const never: Array<{ name: string; result: EvalResult }> = [
    { name: 'a rule marked `# override: never`', result: verdictFor('rm -rf /') },
    {
      name: 'a verdict that is not a rule (fail-closed, a spending cap)',
      result: { decision: 'block', ruleId: 'ssg_fail_closed', neverOverride: true, matched: [], durationMs: 0 },
    },
    { name: 'an ASK (a person decides)', result: verdictFor('git push origin main') },
    { name: 'an allow', result: verdictFor('ls') },
  ];
  for (const { name, result } of never) {
    test(`never overrides ${name}`, () => assert.equal(breakerOverride(result), undefined));
  }

  test('the marker reaches the verdict only from the metadata directly above its rule', () => {
    assert.equal(verdictFor('rm -rf /').neverOverride, true);
    assert.equal(verdictFor('make deploy').neverOverride, undefined);
  });
});
