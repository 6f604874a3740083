// The rolling window's running total against a brute-force recount: in-order and late entries, eviction at the
// boundary, compaction after many evictions, and no rounding residue once dollars have all left the window.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RollingSum } from './rolling-sum';

describe('RollingSum', () => {
  test('counts entries after the cutoff; an entry exactly at the cutoff has left', () => {
    const sum = new RollingSum();
    sum.add(100, 1);
    sum.add(200, 2);
    sum.add(300, 4);
    sum.evict(100);
    assert.equal(sum.total, 6);
    assert.equal(sum.oldestAt, 200);
    assert.equal(sum.size, 2);
    sum.evict(299);
    assert.equal(sum.total, 4);
    assert.equal(sum.oldestAt, 300);
  });

  test('a late entry is sorted in, so it leaves the window in its own turn', () => {
    const sum = new RollingSum();
    for (const at of [10, 20, 40, 50]) sum.add(at, 1);
    sum.add(30, 100);
    sum.add(5, 1000);
    assert.equal(sum.oldestAt, 5);
    sum.evict(20);
    assert.equal(sum.total, 102);
    sum.evict(30);
    assert.equal(sum.total, 2);
  });

  test('empty: total 0 and no oldest entry, with no rounding residue from dollars', () => {
    const sum = new RollingSum();
    assert.equal(sum.total, 0);
    assert.equal(sum.oldestAt, null);
    for (let i = 0; i < 1000; i++) sum.add(i, 0.1 + i * 1e-7);
    sum.evict(998);
    assert.ok(Math.abs(sum.total - (0.1 + 999e-7)) < 1e-9, `total ${sum.total}`);
    sum.evict(999);
    assert.equal(sum.total, 0);
    assert.equal(sum.size, 0);
  });

  test('matches a recount through many additions, late entries and evictions (compaction included)', () => {
    const sum = new RollingSum();
    let entries: Array<[number, number]> = [];
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let now = 0;
    let cutoff = -1;
    for (let step = 0; step < 30_000; step++) {
      now += Math.floor(random() * 3);
      // One entry in twenty arrives late, up to 50 ticks in the past (but never before the cutoff).
      const at = random() < 0.05 ? Math.max(cutoff + 1, now - Math.floor(random() * 50)) : now;
      const amount = Math.floor(random() * 10);
      sum.add(at, amount);
      entries.push([at, amount]);
      if (step % 7 === 0) {
        cutoff = now - 500;
        sum.evict(cutoff);
        const counted = entries.filter(([entryAt]) => entryAt > cutoff);
        assert.equal(
          sum.total,
          counted.reduce((total, [, value]) => total + value, 0),
        );
        assert.equal(sum.size, counted.length);
        assert.equal(sum.oldestAt, counted.length === 0 ? null : Math.min(...counted.map(([entryAt]) => entryAt)));
        entries = counted;
      }
    }
  });
});
