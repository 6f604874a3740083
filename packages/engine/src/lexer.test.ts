import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeString, tokenize } from './lexer';

describe('tokenize', () => {
  it('tokens with positions; comments dropped, full-line ones kept aside', () => {
    const { tokens, commentLines } = tokenize('# head\nrule a { # tail\n  IF x CONTAINS "a#b"\n}');
    assert.deepEqual(
      tokens.map((t) => [t.kind, t.text, t.line, t.column, t.lineStart]),
      [
        ['newline', '\n', 1, 7, true],
        ['word', 'rule', 2, 1, true],
        ['word', 'a', 2, 6, false],
        ['{', '{', 2, 8, false],
        ['newline', '\n', 2, 16, false],
        ['word', 'IF', 3, 3, true],
        ['word', 'x', 3, 6, false],
        ['word', 'CONTAINS', 3, 8, false],
        ['string', 'a#b', 3, 17, false],
        ['newline', '\n', 3, 22, false],
        ['}', '}', 4, 1, true],
        ['end', '', 4, 2, false],
      ],
    );
    assert.deepEqual([...commentLines], [[1, ' head']]);
  });

  const strings: Array<{ source: string; value: string; unterminated?: boolean; strayQuotes?: number[] }> = [
    { source: '"plain"', value: 'plain' },
    { source: '"a\\\\b"', value: 'a\\b' },
    { source: '"say \\"hi\\""', value: 'say "hi"' },
    { source: '"\\s+\\d\\."', value: '\\s+\\d\\.' },
    { source: '"ends with backslash\\\\"', value: 'ends with backslash\\' },
    { source: '"open', value: 'open', unterminated: true },
    { source: '"open\r\nnext', value: 'open', unterminated: true },
    { source: '"["\\x27]"', value: '["\\x27]', strayQuotes: [3] },
    { source: '"a" b"', value: 'a' },
  ];
  for (const tc of strings) {
    it(`string ${JSON.stringify(tc.source)}`, () => {
      const { tokens, strayQuotes } = tokenize(tc.source);
      assert.equal(tokens[0]?.kind, 'string');
      assert.equal(tokens[0]?.text, tc.value);
      assert.equal(tokens[0]?.unterminated, tc.unterminated ?? false);
      assert.deepEqual(
        strayQuotes.map((at) => at.column),
        tc.strayQuotes ?? [],
      );
    });
  }

  it('words stop at quotes, parentheses and braces but not at #', () => {
    assert.deepEqual(
      tokenize('a#b(c){d}"e"').tokens.map((t) => t.text),
      ['a#b', '(', 'c', ')', '{', 'd', '}', 'e', ''],
    );
  });
});

describe('decodeString', () => {
  const cases: Array<[string, string]> = [
    ['\\\\', '\\'],
    ['\\"', '"'],
    ['\\n\\t\\x', '\\n\\t\\x'],
    ['\\\\\\"', '\\"'],
  ];
  for (const [raw, want] of cases) {
    it(JSON.stringify(raw), () => assert.equal(decodeString(raw), want));
  }
});
