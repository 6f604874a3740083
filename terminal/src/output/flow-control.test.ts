import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FlowControl } from './flow-control';

function controlled(high = 100, low = 10) {
  const events: string[] = [];
  const flow = new FlowControl({
    highWatermark: high,
    lowWatermark: low,
    pause: () => events.push('pause'),
    resume: () => events.push('resume'),
  });
  return { flow, events };
}

describe('FlowControl', () => {
  it('pauses past the high watermark and resumes at the low one, once each', () => {
    const { flow, events } = controlled();
    flow.sent(60);
    flow.sent(60);
    flow.sent(60);
    assert.deepEqual(events, ['pause']);
    flow.acknowledged(100);
    assert.deepEqual(events, ['pause']);
    flow.acknowledged(75);
    assert.deepEqual(events, ['pause', 'resume']);
    assert.equal(flow.inFlight, 5);
  });

  it('ignores acknowledgements that are not a positive number, and never counts below zero', () => {
    const { flow } = controlled();
    flow.sent(50);
    for (const bad of [Number.NaN, -5, 0, Number.POSITIVE_INFINITY]) flow.acknowledged(bad);
    assert.equal(flow.inFlight, 50);
    flow.acknowledged(1e9);
    assert.equal(flow.inFlight, 0);
  });

  it('refuses watermarks that cannot work', () => {
    assert.throws(() => controlled(10, 10), RangeError);
    assert.throws(() => controlled(10, -1), RangeError);
  });

  it('alternates pause and resume, and is paused exactly while more than the high watermark waits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(80)), { maxLength: 100 }), (steps) => {
        const { flow, events } = controlled();
        for (const [send, chars] of steps) {
          if (send) flow.sent(chars);
          else flow.acknowledged(chars);
          if (flow.inFlight > 100) assert.ok(flow.isPaused);
          if (flow.inFlight <= 10) assert.ok(!flow.isPaused);
        }
        events.forEach((event, i) => assert.equal(event, i % 2 === 0 ? 'pause' : 'resume'));
      }),
      { seed: 1141, numRuns: 500 },
    );
  });
});
