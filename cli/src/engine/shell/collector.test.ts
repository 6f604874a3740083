import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cutToBytes, ViewCollector, ViewLimitReached } from './collector';
import { MAX_VIEW_BYTES, MAX_VIEWS } from './limits';

describe('cutToBytes', () => {
  const cases: readonly { name: string; text: string; max: number; want: string }[] = [
    { name: 'fits', text: 'abc', max: 3, want: 'abc' },
    { name: 'ascii cut', text: 'abcdef', max: 4, want: 'abcd' },
    { name: 'two-byte characters', text: 'ééé', max: 5, want: 'éé' },
    { name: 'three-byte characters', text: '€€€', max: 8, want: '€€' },
    { name: 'never splits a surrogate pair', text: 'a😀', max: 4, want: 'a' },
    { name: 'keeps a whole pair', text: 'a😀b', max: 5, want: 'a😀' },
    { name: 'lone surrogate counts three bytes', text: '\ud800\ud800', max: 5, want: '\ud800' },
    { name: 'zero', text: 'abc', max: 0, want: '' },
  ];
  for (const { name, text, max, want } of cases) {
    test(name, () => {
      assert.equal(cutToBytes(text, max), want);
    });
  }
});

describe('ViewCollector', () => {
  test('keeps distinct views in first-seen order and skips empty ones', () => {
    const collector = new ViewCollector();
    for (const view of ['b', 'a', '', 'b', 'c', 'a']) collector.add(view);
    assert.deepEqual(collector.views, ['b', 'a', 'c']);
    assert.equal(collector.truncated, false);
  });

  test('cuts a long view and marks the result truncated', () => {
    const collector = new ViewCollector();
    collector.add('x'.repeat(MAX_VIEW_BYTES + 1));
    assert.deepEqual(collector.views, ['x'.repeat(MAX_VIEW_BYTES)]);
    assert.equal(collector.truncated, true);
  });

  test('stops at the view limit', () => {
    const collector = new ViewCollector();
    for (let i = 0; i < MAX_VIEWS; i += 1) collector.add(`v${i}`);
    collector.add('v0');
    assert.equal(collector.truncated, false);
    assert.throws(() => collector.add('one more'), ViewLimitReached);
    assert.equal(collector.truncated, true);
    assert.equal(collector.views.length, MAX_VIEWS);
  });
});
