import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasNestedUnboundedQuantifier, requiredLiterals } from './regex-analysis';
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
