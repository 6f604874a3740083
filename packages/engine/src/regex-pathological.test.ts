// Issue 12: counted and nested repetition. Each pattern below takes seconds to minutes on a plain RegExp against
// a few dozen characters (`(.*a){30}` stalled the daemon for a minute on 100). The compiler must either rewrite
// it into a form V8's linear-time engine runs, or refuse it as `unsafe-regex` (the condition then fails secure).
// No timings are asserted (bench/ measures); each hostile search must simply return.
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import { describeRegex } from './regex-form';
import type { ToolCall } from './types';

const PATHOLOGICAL = [
  '(.*a){30}',
  '(a|aa){25}',
  '((a+)+)',
  '(.*){2,}x',
  '(?:\\w+\\s?)*$',
  '(a*){20}b',
  '(?i)(a|aa){20}$',
  // Outside the linear-time engine (lookaround, back-references): only refusal is safe.
  '(?=a)(.*a){30}',
  '(?<=x)(a|aa){25}$',
  '(a)\\1(.*a){3}',
];

const HOSTILE = ['a'.repeat(10_000), `${'a'.repeat(10_000)}!`, `x${'aa'.repeat(5_000)}b`, ' '.repeat(10_000)];

const runsInLinearTime = (source: string, flags: string): boolean => {
  try {
    new RegExp(source, `${flags}l`);
    return true;
  } catch {
    return false;
  }
};

describe('pathological repetition', () => {
  for (const pattern of PATHOLOGICAL) {
    it(`${pattern} is rewritten for the linear-time engine or refused`, () => {
      const form = describeRegex(pattern);
      if (form.ok) assert.ok(runsInLinearTime(form.source, form.flags), `compiled to ${form.source}, not linear`);
      else assert.equal(form.code, 'unsafe-regex');
    });
  }

  const rules = PATHOLOGICAL.map(
    (pattern, index) => `rule r${index} {\n  DENY write\n  IF content REGEX "${pattern.replace(/\\/g, '\\\\')}"\n}\n`,
  ).join('');
  const ruleset = compileRules([parseRules(rules, 'pathological.rules')]);
  for (const content of HOSTILE) {
    it(`evaluates a ${content.length}-character hostile text against all of them`, () => {
      const call: ToolCall = { tool: 'Write', capability: 'write', client: 'claude-code', input: { content } };
      assert.ok(['allow', 'block', 'ask'].includes(evaluate(ruleset, call).decision));
    });
  }
});
