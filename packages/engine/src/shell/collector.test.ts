import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AnalysisStopped, ViewCollector } from './collector';
import { MAX_NESTED_CODE, MAX_VIEW_TEXT, MAX_VIEWS, MAX_WORK } from './limits';

function stoppedBy(reason: string): (error: unknown) => boolean {
  return (error) => error instanceof AnalysisStopped && error.reason === reason;
}

describe('ViewCollector', () => {
  test('keeps distinct views in first-seen order and skips empty ones', () => {
    const collector = new ViewCollector();
    for (const view of ['b', 'a', '', 'b', 'c', 'a']) collector.add(view);
    assert.deepEqual(collector.views, ['b', 'a', 'c']);
    assert.equal(collector.truncated, false);
  });

  test('keeps a long view whole', () => {
    const collector = new ViewCollector();
    collector.add('x'.repeat(MAX_VIEW_TEXT));
    assert.equal(collector.views[0]?.length, MAX_VIEW_TEXT);
    assert.equal(collector.room, 0);
    assert.equal(collector.truncated, false);
  });

  test('stops when the views together grow past the text cap', () => {
    const collector = new ViewCollector();
    collector.add('x'.repeat(MAX_VIEW_TEXT - 1));
    collector.add('x'.repeat(MAX_VIEW_TEXT - 1)); // a repeat costs nothing
    assert.throws(() => collector.add('yy'), stoppedBy('view-size'));
    assert.equal(collector.truncated, 'view-size');
    assert.equal(collector.views.length, 1);
  });

  test('stops at the view limit', () => {
    const collector = new ViewCollector();
    for (let i = 0; i < MAX_VIEWS; i += 1) collector.add(`v${i}`);
    collector.add('v0');
    assert.equal(collector.truncated, false);
    assert.throws(() => collector.add('one more'), stoppedBy('views'));
    assert.equal(collector.truncated, 'views');
    assert.equal(collector.views.length, MAX_VIEWS);
  });

  test('stops when the work budget is spent', () => {
    const collector = new ViewCollector();
    collector.spend(MAX_WORK);
    assert.equal(collector.truncated, false);
    assert.throws(() => collector.spend(1), stoppedBy('work'));
    assert.equal(collector.truncated, 'work');
  });

  test('stops when too much nested code would be read again', () => {
    const collector = new ViewCollector();
    collector.countNestedCode(MAX_NESTED_CODE);
    assert.throws(() => collector.countNestedCode(1), stoppedBy('work'));
    assert.equal(collector.truncated, 'work');
  });

  test('remembers the first limit hit', () => {
    const collector = new ViewCollector();
    collector.truncate('depth');
    collector.truncate('error');
    assert.throws(() => collector.spend(MAX_WORK + 1), stoppedBy('work'));
    assert.equal(collector.truncated, 'depth');
  });
});
