import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';
import { presetDurationMs, SLEEP_PRESETS, untilMorningMs } from './sleep-presets';

const HOUR = 3_600_000;

test('the five presets of the spec, in order', () => {
  assert.deepEqual(
    SLEEP_PRESETS.map((p) => p.id),
    ['1h', '8h', 'morning', '7d', 'indefinite'],
  );
});

test('fixed presets resolve to their length; indefinite to no end', () => {
  const now = new Date(2026, 2, 10, 22, 0);
  assert.equal(presetDurationMs('1h', now), HOUR);
  assert.equal(presetDurationMs('8h', now), 8 * HOUR);
  assert.equal(presetDurationMs('7d', now), 7 * 24 * HOUR);
  assert.equal(presetDurationMs('indefinite', now), undefined);
  for (const preset of SLEEP_PRESETS) {
    const ms = presetDurationMs(preset.id, now);
    if (ms !== undefined) assert.ok(ms >= 1 && ms <= MAX_SLEEP_MS, preset.id);
  }
});

test('until morning ends at the next 7:00 local time', async (t) => {
  const cases: [string, Date, Date][] = [
    ['late evening: tomorrow 7:00', new Date(2026, 2, 10, 22, 30), new Date(2026, 2, 11, 7, 0)],
    ['after midnight: today 7:00', new Date(2026, 2, 11, 1, 15), new Date(2026, 2, 11, 7, 0)],
    ['exactly 7:00: tomorrow', new Date(2026, 2, 11, 7, 0), new Date(2026, 2, 12, 7, 0)],
    ['a second before 7:00', new Date(2026, 2, 11, 6, 59, 59), new Date(2026, 2, 11, 7, 0)],
    ['month end', new Date(2026, 0, 31, 23, 0), new Date(2026, 1, 1, 7, 0)],
  ];
  for (const [name, now, morning] of cases) {
    await t.test(name, () => {
      const ms = untilMorningMs(now);
      assert.equal(new Date(now.getTime() + ms).getTime(), morning.getTime());
      assert.ok(ms > 0 && ms <= 24 * HOUR + HOUR, 'within a day (an hour more across a DST change)');
    });
  }
});
