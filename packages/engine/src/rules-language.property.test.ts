// Properties of the rule language's front end, on random input (fast-check): the rules parser, the compiler and
// the regex dialect never throw, whatever a rule file or a pattern holds — a broken rule is a diagnostic, and a
// broken condition fails secure (compiler.ts) — and a compiled regex answers every text with a boolean or
// "undecided", never an exception. Inputs are drawn from the language's own tokens, so they reach deep into the
// parser rather than failing at the first character.
import './node/v8-regexp-flags';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { compileRules } from './compiler';
import { evaluate } from './evaluator';
import { parseRules } from './parser';
import { compileRegex } from './regex';

const TOKENS = [
  'rule',
  'r1',
  '{',
  '}',
  '\n',
  ' ',
  'DENY',
  'ASK',
  'ALLOW',
  'LOG',
  'FORCE',
  'SHADOW',
  'execution',
  'write',
  'read',
  'any',
  'IF',
  'AND',
  'OR',
  'NOT',
  '(',
  ')',
  'command',
  'path',
  'tool',
  'content',
  'MATCHES',
  'REGEX',
  'CONTAINS',
  'STARTS_WITH',
  'GLOB',
  'EQUALS',
  '"rm -rf"',
  '"(a+)+$"',
  '"**/x"',
  '"\\\\"',
  'MESSAGE',
  'PROMPT',
  'SUBSTITUTE',
  'priority',
  '1000',
  '-5',
  '# category: x',
  '# override: never',
  '"',
  '\\',
  'é',
  '\u202e',
];

const ruleText = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((tokens) => tokens.join(' ')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const REGEX_PIECES = [
  'a',
  '.',
  '*',
  '+',
  '?',
  '(',
  ')',
  '(?:',
  '|',
  '[a-z]',
  '[^/]',
  '\\s',
  '\\d',
  '\\b',
  '^',
  '$',
  '{2,}',
  '{3}',
  '(?=a)',
  '(?<!b)',
  '\\1',
  '\\',
  ']',
  '{',
];
const pattern = fc.array(fc.constantFrom(...REGEX_PIECES), { maxLength: 16 }).map((pieces) => pieces.join(''));

describe('the rule language on random input', () => {
  test('parsing and compiling never throw; every rule file yields a rule set and diagnostics', () => {
    fc.assert(
      fc.property(ruleText, (text) => {
        const parsed = parseRules(text, 'random.rules');
        assert.ok(Array.isArray(parsed.rules) && Array.isArray(parsed.diagnostics));
        const ruleset = compileRules([parsed]);
        const result = evaluate(ruleset, {
          tool: 'Bash',
          input: { command: 'rm -rf x' },
          capability: 'execute',
          client: 'test',
        });
        assert.ok(['allow', 'block', 'ask', 'log', 'shadow', 'force'].includes(result.decision));
      }),
      { numRuns: 1500 },
    );
  });

  test('a regex compiles or is refused with a reason, and a compiled one answers every text', () => {
    fc.assert(
      fc.property(pattern, fc.string({ maxLength: 300 }), (source, text) => {
        const compiled = compileRegex(source);
        if (!compiled.ok) {
          assert.match(compiled.code, /^(invalid|unsafe)-regex$/);
          assert.ok(compiled.reason.length > 0);
          return;
        }
        assert.ok([true, false, undefined].includes(compiled.regex.test(text)));
      }),
      { numRuns: 1500 },
    );
  });
});
