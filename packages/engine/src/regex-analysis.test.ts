import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasNestedUnboundedQuantifier, leadingPrefixes, requiredLiterals } from './regex-analysis';
import { scanRegex } from './regex-syntax';

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

describe('hasNestedUnboundedQuantifier', () => {
  const cases: Array<{ pattern: string; want: boolean }> = [
    { pattern: '(a+)+', want: true },
    { pattern: '(\\w*\\s?)*', want: true },
    { pattern: '(a|a?)+', want: true },
    { pattern: '(?:x(a+))*', want: true },
    { pattern: '(a+){2,}', want: true },
    { pattern: '(a+){3}', want: false },
    { pattern: '(ab)+', want: false },
    { pattern: '(a{2})+', want: false },
    { pattern: 'a+b+', want: false },
    { pattern: '[(a+)+]', want: false },
    { pattern: '\\(a+\\)+', want: false },
    { pattern: '(a+)', want: false },
    { pattern: ')(a+)+', want: true },
  ];
  for (const tc of cases) {
    it(`${tc.pattern} → ${tc.want}`, () => assert.equal(hasNestedUnboundedQuantifier(scanRegex(tc.pattern)), tc.want));
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
