import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileOperator } from './operators';
import type { Operator } from './types';

describe('compileOperator', () => {
  const cases: Array<{ op: Operator; value: string; matches: string[]; misses: string[] }> = [
    { op: 'CONTAINS', value: 'rm -rf', matches: ['sudo rm -rf /'], misses: ['RM -RF', 'rm  -rf'] },
    { op: 'CONTAINS', value: '', matches: ['', 'x'], misses: [] },
    { op: 'EQUALS', value: 'Bash', matches: ['Bash'], misses: ['bash', 'Bash ', ''] },
    { op: 'STARTS_WITH', value: 'git push', matches: ['git push origin'], misses: [' git push', 'git pul'] },
    { op: 'ENDS_WITH', value: '.pem', matches: ['/k/a.pem'], misses: ['/k/a.pem.bak'] },
    {
      op: 'WORD',
      value: 'rm',
      matches: ['rm', 'sudo rm -rf', 'x;rm', '(rm)'],
      misses: ['rmdir', 'farm', 'rm_x', 'a1rm'],
    },
    { op: 'WORD', value: '-rf', matches: ['rm -rf /'], misses: ['rm x-rf'] },
    { op: 'WORD', value: 'drop table', matches: ['DROP; drop table x'], misses: ['drop tables'] },
    { op: 'WORD', value: '', matches: [], misses: ['', 'x'] },
    { op: 'LINE_CONTAINS', value: 'debugger', matches: ['a\n  debugger;\nb'], misses: ['debug\nger'] },
    { op: 'LINE_CONTAINS', value: 'a\nb', matches: [], misses: ['a\nb'] },
    {
      op: 'REGEX',
      value: '^\\s*import\\s+pickle',
      matches: ['  import pickle'],
      misses: ['x\nimport pickle', 'imports pickle'],
    },
    { op: 'LINE_REGEX', value: '^\\s*import\\s+pickle', matches: ['x\nimport pickle'], misses: ['x import pickle'] },
    { op: 'GLOB', value: '**/.env', matches: ['/p/.env', 'C:\\p\\.env'], misses: ['/p/.envrc'] },
  ];
  for (const tc of cases) {
    it(`${tc.op} ${JSON.stringify(tc.value)}`, () => {
      const compiled = compileOperator(tc.op, tc.value);
      assert.ok(compiled.ok);
      for (const text of tc.matches) assert.equal(compiled.test(text), true, `${JSON.stringify(text)} should match`);
      for (const text of tc.misses)
        assert.equal(compiled.test(text), false, `${JSON.stringify(text)} should not match`);
    });
  }

  const failures: Array<{ op: Operator; value: string; code: string }> = [
    { op: 'REGEX', value: '(unclosed', code: 'invalid-regex' },
    { op: 'LINE_REGEX', value: '(?=x)(a+)+', code: 'unsafe-regex' },
    { op: 'GLOB', value: '[z-a]', code: 'invalid-glob' },
  ];
  for (const tc of failures) {
    it(`${tc.op} ${JSON.stringify(tc.value)} → ${tc.code}`, () => {
      const compiled = compileOperator(tc.op, tc.value);
      assert.ok(!compiled.ok);
      assert.equal(compiled.code, tc.code);
    });
  }

  it('WORD over a megabyte of the word itself', () => {
    const compiled = compileOperator('WORD', 'a');
    assert.ok(compiled.ok);
    assert.equal(compiled.test('a'.repeat(1 << 20)), false);
  });
});
