import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { OutputBatcher } from './output-batcher';

/** A batcher whose timer is run by hand, on a clock that stands still unless moved. */
function manual(maxChars = 8) {
  const batches: string[] = [];
  let timer: (() => void) | undefined;
  let now = 0;
  const batcher = new OutputBatcher({
    maxChars,
    maxDelayMs: 5,
    deliver: (text) => batches.push(text),
    setTimer: (run) => (timer = run),
    clearTimer: () => (timer = undefined),
    now: () => now,
  });
  return { batcher, batches, fire: () => timer?.(), wait: (ms: number) => (now += ms) };
}

describe('OutputBatcher', () => {
  it('holds small output until its timer, then sends it as one batch', () => {
    const { batcher, batches, fire } = manual();
    batcher.push(Buffer.from('a'));
    batcher.push(Buffer.from('b'));
    assert.deepEqual(batches, []);
    fire();
    assert.deepEqual(batches, ['ab']);
  });

  it('sends output that breaks a quiet spell at once (a keystroke’s echo), and batches what follows closely', () => {
    const { batcher, batches, fire, wait } = manual();
    wait(5);
    batcher.push(Buffer.from('a'));
    assert.deepEqual(batches, ['a']);
    wait(1);
    batcher.push(Buffer.from('b'));
    wait(1);
    batcher.push(Buffer.from('c'));
    assert.deepEqual(batches, ['a']);
    fire();
    assert.deepEqual(batches, ['a', 'bc']);
    wait(4);
    batcher.push(Buffer.from('d'));
    assert.deepEqual(batches, ['a', 'bc'], 'not quiet long enough');
  });

  it('sends at once when a batch is full, without waiting for the timer', () => {
    const { batcher, batches } = manual(4);
    batcher.push(Buffer.from('abcdef'));
    assert.deepEqual(batches, ['abcdef']);
  });

  it('never ends a batch inside a character split across reads', () => {
    const { batcher, batches, fire } = manual();
    const smile = Buffer.from('😀');
    batcher.push(Buffer.concat([Buffer.from('x'), smile.subarray(0, 2)]));
    fire();
    batcher.push(smile.subarray(2));
    fire();
    assert.deepEqual(batches, ['x', '😀']);
  });

  it('flush(end) sends an incomplete character left at the very end rather than drop it', () => {
    const { batcher, batches } = manual();
    batcher.push(Buffer.from('é').subarray(0, 1));
    batcher.flush(true);
    assert.deepEqual(batches, ['\ufffd']);
  });

  it('delivers every character, in order, however the bytes are cut', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.array(fc.nat(12), { maxLength: 40 }),
        (text, cuts) => {
          const { batcher, batches, fire } = manual(16);
          const bytes = Buffer.from(text);
          let at = 0;
          for (const cut of cuts) {
            batcher.push(bytes.subarray(at, at + cut));
            at += cut;
            if (cut % 3 === 0) fire();
          }
          batcher.push(bytes.subarray(at));
          batcher.flush(true);
          assert.equal(batches.join(''), text);
          for (const batch of batches) assert.doesNotMatch(batch, /\ufffd/);
        },
      ),
      { seed: 1140, numRuns: 500 },
    );
  });
});
