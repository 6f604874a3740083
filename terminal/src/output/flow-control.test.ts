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
  flow.addConsumer('window');
  return { flow, events, ack: (chars: number) => flow.acknowledged('window', chars) };
}

describe('FlowControl', () => {
  it('pauses past the high watermark and resumes at the low one, once each', () => {
    const { flow, events, ack } = controlled();
    flow.sent(60);
    flow.sent(60);
    flow.sent(60);
    assert.deepEqual(events, ['pause']);
    ack(100);
    assert.deepEqual(events, ['pause']);
    ack(75);
    assert.deepEqual(events, ['pause', 'resume']);
    assert.equal(flow.inFlight, 5);
  });

  it('ignores acknowledgements that are not a positive number, and never counts below zero', () => {
    const { flow, ack } = controlled();
    flow.sent(50);
    for (const bad of [Number.NaN, -5, 0, Number.POSITIVE_INFINITY]) ack(bad);
    assert.equal(flow.inFlight, 50);
    ack(1e9);
    assert.equal(flow.inFlight, 0);
  });

  it('waits for the slowest consumer, and lets go of one that leaves', () => {
    const { flow, events, ack } = controlled();
    flow.addConsumer('mirror');
    flow.sent(150);
    assert.deepEqual(events, ['pause']);
    ack(150);
    assert.deepEqual(events, ['pause'], 'the mirror still has 150 to render');
    flow.acknowledged('mirror', 145);
    assert.deepEqual(events, ['pause', 'resume']);
    flow.sent(120);
    assert.deepEqual(events, ['pause', 'resume', 'pause']);
    flow.removeConsumer('mirror');
    assert.deepEqual(events, ['pause', 'resume', 'pause'], 'the window has 120 to render as well');
    flow.removeConsumer('window');
    assert.deepEqual(events, ['pause', 'resume', 'pause', 'resume']);
    assert.equal(flow.inFlight, 0);
  });

  it('never pauses without a consumer, and a new consumer starts caught up', () => {
    const { flow, events } = controlled();
    flow.removeConsumer('window');
    flow.sent(1_000);
    flow.addConsumer('late');
    assert.equal(flow.inFlight, 0);
    assert.deepEqual(events, []);
    flow.acknowledged('unknown', 5);
    assert.equal(flow.inFlight, 0);
  });

  it('refuses watermarks that cannot work', () => {
    assert.throws(() => controlled(10, 10), RangeError);
    assert.throws(() => controlled(10, -1), RangeError);
  });

  it('alternates pause and resume, and is paused exactly while more than the high watermark waits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(80)), { maxLength: 100 }), (steps) => {
        const { flow, events, ack } = controlled();
        for (const [send, chars] of steps) {
          if (send) flow.sent(chars);
          else ack(chars);
          if (flow.inFlight > 100) assert.ok(flow.isPaused);
          if (flow.inFlight <= 10) assert.ok(!flow.isPaused);
        }
        events.forEach((event, i) => assert.equal(event, i % 2 === 0 ? 'pause' : 'resume'));
      }),
      { seed: 1141, numRuns: 500 },
    );
  });
});
