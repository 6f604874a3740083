import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bucketsOf, isRunning, mostRestrictiveBucket, usageAsOf, windowAsOf } from './usage-window';

const NOW = 1_000_000;

describe('usage windows', () => {
  it('reads a window whose reset has passed as not started, and leaves a running one as it is', () => {
    const table: [window: { usedPercent: number; resetsAt?: number }, expected: object, running: boolean][] = [
      [{ usedPercent: 80, resetsAt: NOW + 1 }, { usedPercent: 80, resetsAt: NOW + 1 }, true],
      [{ usedPercent: 80, resetsAt: NOW }, { usedPercent: 0 }, false],
      [{ usedPercent: 105, resetsAt: NOW - 1 }, { usedPercent: 0 }, false],
      [{ usedPercent: 0 }, { usedPercent: 0 }, false],
      [{ usedPercent: 30 }, { usedPercent: 30 }, false],
    ];
    for (const [window, expected, running] of table) {
      assert.deepEqual(windowAsOf(window, NOW), expected);
      assert.equal(isRunning(window, NOW), running, JSON.stringify(window));
    }
  });

  it('takes the most restrictive of every bucket, as of now', () => {
    const usage = {
      fiveHour: { usedPercent: 40, resetsAt: NOW + 100 },
      sevenDay: { usedPercent: 71, resetsAt: NOW + 1000 },
      otherBuckets: {
        seven_day_sonnet: { usedPercent: 0 },
        seven_day_opus: { usedPercent: 99, resetsAt: NOW - 1 },
      },
    };
    assert.deepEqual(mostRestrictiveBucket(usage, NOW), { name: 'seven_day', window: usage.sevenDay });
    assert.deepEqual(mostRestrictiveBucket(usage, NOW - 10), {
      name: 'seven_day_opus',
      window: { usedPercent: 99, resetsAt: NOW - 1 },
    });
    assert.equal(mostRestrictiveBucket({}, NOW), undefined);
  });

  it('on a tie, the bucket that resets later is the more restrictive', () => {
    const usage = {
      fiveHour: { usedPercent: 100, resetsAt: NOW + 100 },
      sevenDay: { usedPercent: 100, resetsAt: NOW + 1000 },
    };
    assert.equal(mostRestrictiveBucket(usage, NOW)?.name, 'seven_day');
  });

  it('maps every bucket of a reading to now, keeping the rest of it', () => {
    const usage = {
      accountId: 'a',
      source: 'usage-api' as const,
      observedAt: 5,
      fiveHour: { usedPercent: 90, resetsAt: NOW - 1 },
      otherBuckets: { seven_day_opus: { usedPercent: 10, resetsAt: NOW + 1 } },
    };
    assert.deepEqual(usageAsOf(usage, NOW), { ...usage, fiveHour: { usedPercent: 0 } });
    assert.deepEqual(
      bucketsOf(usage).map(([name]) => name),
      ['five_hour', 'seven_day_opus'],
    );
  });
});
