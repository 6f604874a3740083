import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestMatch, editDistance } from './suggest';

const commands = ['eval', 'hook', 'check', 'certify', 'help'];

describe('closestMatch', () => {
  const cases: Array<{ input: string; want: string | undefined }> = [
    { input: 'evl', want: 'eval' },
    { input: 'eavl', want: 'eval' },
    { input: 'chekc', want: 'check' },
    { input: 'certfy', want: 'certify' },
    { input: 'cert', want: 'certify' },
    { input: 'HOOK', want: 'hook' },
    { input: 'x', want: undefined },
    { input: 'deploy', want: undefined },
    { input: '', want: undefined },
    { input: 'a'.repeat(10_000), want: undefined },
  ];
  for (const tc of cases) {
    it(`${JSON.stringify(tc.input.slice(0, 12))} → ${tc.want ?? 'no suggestion'}`, () => {
      assert.equal(closestMatch(tc.input, commands), tc.want);
    });
  }
});

describe('editDistance', () => {
  const cases: Array<[string, string, number]> = [
    ['', '', 0],
    ['eval', 'eval', 0],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 1],
  ];
  for (const [a, b, want] of cases) {
    it(`${a || '""'} ↔ ${b || '""'} = ${want}`, () => assert.equal(editDistance(a, b), want));
  }
});
