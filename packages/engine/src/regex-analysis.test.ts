import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasNestedRepetition, leadingPrefixes, longestMatch, prefixClosure, requiredLiterals } from './regex-analysis';
import { joinTokens, scanRegex } from './regex-syntax';

describe('requiredLiterals', () => {
  const cases: Array<{ pattern: string; want: string[] }> = [
    { pattern: '.*password\\s*=', want: ['password', '='] },
    { pattern: 'curl.*\\|.*sh', want: ['curl', 'sh', '|'] },
    { pattern: 'ab?c', want: ['a', 'c'] },
    { pattern: 'ab+c', want: ['ab', 'c'] },
    { pattern: 'x*y{0,2}', want: [] },
    { pattern: 'rm\\s+-rf\\x20/', want: ['-rf /', 'rm'] },
    { pattern: 'a|b', want: [] },
    { pattern: '(?:a|b)cd', want: ['cd'] },
    { pattern: 'foo(?!bar)', want: ['foo'] },
    { pattern: '[abc]x\\d', want: ['x'] },
    { pattern: 'line\\nbreak', want: ['line\nbreak'] },
    { pattern: '', want: [] },
  ];
  for (const tc of cases) {
    it(JSON.stringify(tc.pattern), () => assert.deepEqual(requiredLiterals(scanRegex(tc.pattern)), tc.want));
  }
});

describe('hasNestedRepetition', () => {
  const cases: Array<{ pattern: string; want: boolean }> = [
    { pattern: '(a+)+', want: true },
    { pattern: '(\\w*\\s?)*', want: true },
    { pattern: '(a|a?)+', want: true },
    { pattern: '(?:x(a+))*', want: true },
    { pattern: '(a+){2,}', want: true },
    { pattern: '(a+){3}', want: true },
    { pattern: '(.*a){30}', want: true },
    { pattern: '(a|aa){25}', want: true },
    { pattern: '(foo|foobar)+', want: true },
    { pattern: '(?:\\w+\\s?)*$', want: true },
    { pattern: '(a|b)+', want: false },
    { pattern: '(ab|cd){3}', want: false },
    { pattern: '(a?){3}', want: false },
    { pattern: '(\\s|$)', want: false },
    { pattern: '(ab)+', want: false },
    { pattern: '(a{2})+', want: false },
    { pattern: 'a+b+', want: false },
    { pattern: '[(a+)+]', want: false },
    { pattern: '\\(a+\\)+', want: false },
    { pattern: '(a+)', want: false },
    { pattern: ')(a+)+', want: true },
  ];
  for (const tc of cases) {
    it(`${tc.pattern} → ${tc.want}`, () => assert.equal(hasNestedRepetition(scanRegex(tc.pattern)), tc.want));
  }
});

describe('leadingPrefixes', () => {
  const cases: Array<{ pattern: string; caseless?: boolean; want: string[] | undefined }> = [
    { pattern: '^(rm|git\\s+push)\\s|^shred', want: ['rm', 'git', 'shred'] },
    { pattern: '^rm -rf', want: ['rm -rf'] },
    { pattern: '^RM', caseless: true, want: ['rm'] },
    { pattern: '^(ab|ab|b)', want: ['ab', 'b'] },
    { pattern: '^ab+c', want: ['ab'] },
    { pattern: '^ab?c', want: ['a'] },
    { pattern: '^(a|b)+c', want: ['a', 'b'] },
    { pattern: '^(?:x|(y|zz))w', want: ['x', 'y', 'zz'] },
    { pattern: '^(?<name>a)', want: ['a'] },
    { pattern: '^\\.env', want: ['.env'] },
    { pattern: '^\\x41b', caseless: true, want: ['ab'] },
    { pattern: '^é', want: ['é'] },
    { pattern: '^aé', caseless: true, want: ['a'] },
    { pattern: '\\Agit', want: undefined },
    // Unknown: then any start is possible.
    { pattern: '^é', caseless: true, want: undefined },
    { pattern: 'rm', want: undefined },
    { pattern: 'a^b', want: undefined },
    { pattern: '^a|b', want: undefined },
    { pattern: '^', want: undefined },
    { pattern: '^$', want: undefined },
    { pattern: '^(a|)b', want: undefined },
    { pattern: '^(a|b?)c', want: undefined },
    { pattern: '^a?b', want: undefined },
    { pattern: '^a*', want: undefined },
    { pattern: '^a{0,3}b', want: undefined },
    { pattern: '^(a|b)*c', want: undefined },
    { pattern: '^[ab]', want: undefined },
    { pattern: '^\\s', want: undefined },
    { pattern: '^.', want: undefined },
    { pattern: '^(?=a)a', want: undefined },
    { pattern: '^(?i)a', want: undefined },
    { pattern: '^(a', want: undefined },
    { pattern: '^\\1', want: undefined },
  ];
  for (const tc of cases) {
    it(`${tc.pattern}${tc.caseless ? ' (i)' : ''} → ${tc.want}`, () =>
      assert.deepEqual(leadingPrefixes(scanRegex(tc.pattern), tc.caseless ?? false), tc.want));
  }
});

describe('longestMatch', () => {
  const cases: Array<{ pattern: string; unit?: number; want: number }> = [
    { pattern: 'abc', want: 3 },
    { pattern: 'a{3,5}b?', want: 6 },
    { pattern: '^rm\\s(-rf|--recursive)(\\s|$)', want: 15 },
    { pattern: 'ab|cdef', want: 4 },
    { pattern: '\\bfoo(?=bar)', want: 6 },
    { pattern: 'a[^;]*b', want: Number.POSITIVE_INFINITY },
    { pattern: '(a)\\1', want: Number.POSITIVE_INFINITY },
    { pattern: '\\p{L}{3}', unit: 2, want: 6 },
    { pattern: '', want: 0 },
  ];
  for (const tc of cases) {
    it(`${tc.pattern} → ${tc.want}`, () => assert.equal(longestMatch(scanRegex(tc.pattern), tc.unit ?? 1), tc.want));
  }
});

describe('prefixClosure', () => {
  // Each text, whole, is a prefix of some match or not.
  const cases: Array<{ pattern: string; prefixes: string[]; others: string[] }> = [
    { pattern: '^rm\\s+x', prefixes: ['', 'r', 'rm', 'rm   ', 'rm x'], others: ['x', 'rmx', 'rm y'] },
    { pattern: '^rm(\\s|\\s[^;]*\\s)~(\\s|$)', prefixes: ['rm ./a ./a', 'rm ~', 'rm a ~ '], others: ['rm a; b'] },
    { pattern: 'a{3,}b|cd', prefixes: ['a', 'aa', 'aaaa', 'aaab', 'c'], others: ['b', 'ab', 'd'] },
    { pattern: '(?<n>ab)+c', prefixes: ['a', 'ab', 'aba', 'ababc'], others: ['abb', 'c'] },
    { pattern: '(ab){2}c', prefixes: ['aba', 'ababc'], others: ['abababc'] },
    { pattern: 'a(?=xyz)x\\By', prefixes: ['ax', 'axy'], others: ['b'] },
  ];
  for (const tc of cases) {
    it(tc.pattern, () => {
      const closure = new RegExp(`^(?:${joinTokens(prefixClosure(scanRegex(tc.pattern)))})$`);
      for (const text of tc.prefixes) assert.ok(closure.test(text), `${JSON.stringify(text)} is a prefix`);
      for (const text of tc.others) assert.ok(!closure.test(text), `${JSON.stringify(text)} is no prefix`);
    });
  }
});
