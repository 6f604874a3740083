import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameHash } from './name-hash';

describe('nameHash', () => {
  const inputs: Array<{ name: string; text: string }> = [
    { name: 'empty', text: '' },
    { name: 'one NUL', text: '\0' },
    { name: 'two NULs', text: '\0\0' },
    { name: 'a', text: 'a' },
    { name: 'b', text: 'b' },
    { name: 'ab', text: 'ab' },
    { name: 'ba', text: 'ba' },
    { name: 'a path', text: '/home/dev/app/.ssg/rules/team.rules' },
    { name: 'the path with one character changed', text: '/home/dev/app/.ssg/rules/team.ruleS' },
    { name: 'a path traversal', text: '../../etc/passwd' },
    { name: 'astral characters', text: '😀🚀' },
    { name: 'a lone surrogate', text: '\ud800' },
    { name: 'a megabyte', text: 'x'.repeat(1024 * 1024) },
    { name: 'a megabyte and one more', text: `${'x'.repeat(1024 * 1024)}x` },
  ];

  it('is 32 lowercase hex digits, the same for the same text', () => {
    for (const { name, text } of inputs) {
      assert.match(nameHash(text), /^[0-9a-f]{32}$/, name);
      assert.equal(nameHash(text), nameHash(`${text}`), name);
    }
  });

  it('differs between every pair of the inputs', () => {
    const digests = new Map<string, string>();
    for (const { name, text } of inputs) {
      const digest = nameHash(text);
      assert.equal(digests.get(digest), undefined, `${name} collides with ${digests.get(digest)}`);
      digests.set(digest, name);
    }
  });

  it('spreads: no collision among 200,000 similar texts, every output bit set about half the time', () => {
    const seen = new Set<string>();
    const ones = new Array<number>(128).fill(0);
    const count = 200_000;
    for (let i = 0; i < count; i++) {
      const digest = nameHash(`session-${i}`);
      seen.add(digest);
      for (let bit = 0; bit < 128; bit++) ones[bit]! += (Number.parseInt(digest[bit >> 2]!, 16) >> (3 - (bit & 3))) & 1;
    }
    assert.equal(seen.size, count);
    for (const [bit, n] of ones.entries()) assert.ok(Math.abs(n / count - 0.5) < 0.01, `bit ${bit}: ${n / count}`);
  });
});
