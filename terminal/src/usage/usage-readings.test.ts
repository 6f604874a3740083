import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UsageReadings } from './usage-readings';
import type { AccountUsage } from './usage-window';

const fromStatusLine = (observedAt: number, buckets: Partial<AccountUsage> = {}): AccountUsage => ({
  accountId: 'a',
  source: 'status-line',
  observedAt,
  ...buckets,
});
const fromApi = (observedAt: number, buckets: Partial<AccountUsage> = {}): AccountUsage => ({
  accountId: 'a',
  source: 'usage-api',
  observedAt,
  ...buckets,
});

describe('UsageReadings', () => {
  it('takes each bucket from the newest observation that reported it, whatever its source', () => {
    const readings = new UsageReadings();
    readings.record(
      fromApi(100, {
        fiveHour: { usedPercent: 10, resetsAt: 9000 },
        sevenDay: { usedPercent: 20, resetsAt: 99000 },
        otherBuckets: { seven_day_opus: { usedPercent: 5 } },
      }),
    );
    // The status line knows the 5-hour window only; the weekly ones stay as the API said.
    readings.record(fromStatusLine(200, { fiveHour: { usedPercent: 35, resetsAt: 9000 } }));
    // An older answer that arrives late does not overwrite newer buckets, but fills what is unknown.
    readings.record(
      fromApi(150, {
        fiveHour: { usedPercent: 12, resetsAt: 9000 },
        otherBuckets: { seven_day_sonnet: { usedPercent: 1 } },
      }),
    );
    assert.deepEqual(readings.get('a'), {
      accountId: 'a',
      fiveHour: { usedPercent: 35, resetsAt: 9000 },
      sevenDay: { usedPercent: 20, resetsAt: 99000 },
      otherBuckets: { seven_day_opus: { usedPercent: 5 }, seven_day_sonnet: { usedPercent: 1 } },
      source: 'status-line',
      observedAt: 200,
    });
  });

  it('treats a missing bucket as unknown: a report without rate limits changes nothing', () => {
    const readings = new UsageReadings();
    const changes: AccountUsage[] = [];
    readings.onChange((usage) => changes.push(usage));
    readings.record(fromStatusLine(100));
    assert.equal(readings.get('a'), undefined);
    readings.record(fromStatusLine(100, { fiveHour: { usedPercent: 50, resetsAt: 9000 } }));
    readings.record(fromStatusLine(200));
    assert.equal(readings.get('a')?.fiveHour?.usedPercent, 50);
    assert.equal(changes.length, 1);
  });

  it('keeps the last-known values when a source fails, marked stale, until a newer observation', () => {
    const readings = new UsageReadings();
    const changes: (AccountUsage['stale'] | undefined)[] = [];
    readings.onChange((usage) => changes.push(usage.stale));
    readings.markStale('a', 'nothing to mark yet', 50);
    readings.record(fromApi(100, { fiveHour: { usedPercent: 61, resetsAt: 9000 } }));
    readings.markStale('a', 'the usage API is rate-limiting requests (429)', 160);
    readings.markStale('a', 'the usage API is rate-limiting requests (429)', 220);
    assert.deepEqual(readings.get('a'), {
      accountId: 'a',
      fiveHour: { usedPercent: 61, resetsAt: 9000 },
      source: 'usage-api',
      observedAt: 100,
      stale: { reason: 'the usage API is rate-limiting requests (429)' },
    });
    // Observed before the failure (a late report): still stale.
    readings.record(fromStatusLine(150, { sevenDay: { usedPercent: 3 } }));
    assert.ok(readings.get('a')?.stale);
    readings.record(fromStatusLine(170, { fiveHour: { usedPercent: 61, resetsAt: 9000 } }));
    assert.equal(readings.get('a')?.stale, undefined);
    assert.deepEqual(changes, [
      undefined,
      { reason: 'the usage API is rate-limiting requests (429)' },
      { reason: 'the usage API is rate-limiting requests (429)' },
      undefined,
    ]);
  });

  it('tells listeners of changes only, until they unsubscribe; forgets a removed account', () => {
    const readings = new UsageReadings();
    const seen: number[] = [];
    const unsubscribe = readings.onChange((usage) => seen.push(usage.fiveHour?.usedPercent ?? -1));
    readings.record(fromApi(1, { fiveHour: { usedPercent: 1 } }));
    readings.record(fromApi(2, { fiveHour: { usedPercent: 1 } }));
    readings.record(fromApi(3, { fiveHour: { usedPercent: 2 } }));
    unsubscribe();
    readings.record(fromApi(4, { fiveHour: { usedPercent: 3 } }));
    assert.deepEqual(seen, [1, 2]);
    readings.record({ ...fromApi(4, { fiveHour: { usedPercent: 9 } }), accountId: 'b' });
    assert.deepEqual(
      readings.all().map((usage) => usage.accountId),
      ['a', 'b'],
    );
    readings.forget('a');
    assert.equal(readings.get('a'), undefined);
  });
});
