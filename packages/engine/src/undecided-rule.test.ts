// A regex that cannot be decided on a long text (here: lookaround, which ssg searches only in windows) leaves
// its condition undecided; the rule set must then lean restrictive, never allow what the rule might stop.
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import type { ToolCall } from './types';
import { UNDECIDED_RULE_ID } from './undecided-rule';

/** Undecided on LONG: its one match is longer than the windows' overlap, and lookaround keeps it to windows. */
const UNDECIDED = 'content REGEX "(?=s)secret[^;]*;"';
const LONG = `secret ${'x'.repeat(5_000)};`;

const write = (content: string): ToolCall => ({
  tool: 'Write',
  capability: 'write',
  client: 'claude-code',
  input: { content },
});

describe('an undecided condition', () => {
  const cases: Array<{ name: string; rules: string; want: [string, string | undefined] }> = [
    {
      name: 'holds a DENY rule for a human',
      rules: `rule deny {\n DENY write\n IF ${UNDECIDED}\n}`,
      want: ['ask', UNDECIDED_RULE_ID],
    },
    {
      name: 'holds it under NOT too',
      rules: `rule deny {\n DENY write\n IF NOT ${UNDECIDED}\n}`,
      want: ['ask', UNDECIDED_RULE_ID],
    },
    {
      name: 'ranks above a lower ALLOW rule',
      rules: `rule deny {\n priority 90\n DENY write\n IF ${UNDECIDED}\n}\nrule allow {\n ALLOW write\n}`,
      want: ['ask', UNDECIDED_RULE_ID],
    },
    {
      name: 'gives way to a lower DENY rule that fires',
      rules: `rule deny {\n priority 90\n DENY write\n IF ${UNDECIDED}\n}\nrule other {\n DENY write\n IF content CONTAINS "xxx"\n}`,
      want: ['block', 'other'],
    },
    {
      name: 'does not stop a rule that fires anyway',
      rules: `rule deny {\n DENY write\n IF ${UNDECIDED} OR content CONTAINS "secret"\n}`,
      want: ['block', 'deny'],
    },
    {
      name: 'keeps an ALLOW rule from firing',
      rules: `rule allow {\n priority 90\n ALLOW write\n IF ${UNDECIDED}\n}\nrule deny {\n DENY write\n}`,
      want: ['block', 'deny'],
    },
    {
      name: 'lets a call through when only an ALLOW rule was undecided',
      rules: `rule allow {\n ALLOW write\n IF ${UNDECIDED}\n}`,
      want: ['allow', undefined],
    },
    {
      name: 'is decided by a false AND item',
      rules: `rule deny {\n DENY write\n IF ${UNDECIDED} AND content CONTAINS "nowhere"\n}`,
      want: ['allow', undefined],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const result = evaluate(compileRules([parseRules(tc.rules, 'test.rules')]), write(LONG));
      assert.deepEqual([result.decision, result.ruleId], tc.want);
    });
  }

  it('names the rule it could not decide', () => {
    const result = evaluate(
      compileRules([parseRules(`rule deny {\n DENY write\n IF ${UNDECIDED}\n}`, 'test.rules')]),
      write(LONG),
    );
    assert.match(result.message ?? '', /rule deny/);
  });
});
