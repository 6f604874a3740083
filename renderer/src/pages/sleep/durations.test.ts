// The Sleep at Night durations without React: the custom duration's parsing and bounds, the presets, and "until
// 07:00" across midnight. TZ is fixed so local 07:00 is a known instant.
// Node runs these (scripts/test.mjs); the renderer program has no Node types otherwise (tsconfig "types": []).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';
import { PRESETS, customDuration, untilMorning } from './durations';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

before(() => {
  process.env.TZ = 'UTC';
});

describe('customDuration', () => {
  const cases: Array<{ days: string; hours: string; expected: { ms: number } | { problem: string } }> = [
    { days: '', hours: '1', expected: { ms: HOUR } },
    { days: '2', hours: '', expected: { ms: 2 * DAY } },
    { days: ' 1 ', hours: ' 12 ', expected: { ms: DAY + 12 * HOUR } },
    { days: '0', hours: '0.5', expected: { ms: 30 * MINUTE } },
    { days: '', hours: String(1 / 60), expected: { ms: MINUTE } },
    { days: '30', hours: '', expected: { ms: 30 * DAY } },
    { days: '', hours: '', expected: { problem: 'Choose at least one minute.' } },
    { days: '0', hours: '0', expected: { problem: 'Choose at least one minute.' } },
    { days: '', hours: '0.01', expected: { problem: 'Choose at least one minute.' } },
    { days: '30', hours: '1', expected: { problem: 'At most 30 days.' } },
    { days: '1e9', hours: '', expected: { problem: 'At most 30 days.' } },
    { days: '-1', hours: '5', expected: { problem: 'Use positive numbers.' } },
    { days: '', hours: '-0.5', expected: { problem: 'Use positive numbers.' } },
    { days: 'two', hours: '', expected: { problem: 'Use positive numbers.' } },
    { days: '', hours: 'Infinity', expected: { problem: 'Use positive numbers.' } },
    { days: '1e400', hours: '', expected: { problem: 'Use positive numbers.' } },
    { days: '', hours: '3h', expected: { problem: 'Use positive numbers.' } },
  ];
  for (const { days, hours, expected } of cases) {
    test(`days ${JSON.stringify(days)}, hours ${JSON.stringify(hours)}`, () =>
      assert.deepEqual(customDuration(days, hours), expected));
  }

  test('the upper bound is the daemon’s', () => assert.equal(MAX_SLEEP_MS, 30 * DAY));
});

describe('untilMorning', () => {
  const cases = [
    { now: '2026-03-10T22:15:00Z', ms: 8 * HOUR + 45 * MINUTE },
    { now: '2026-03-10T00:00:00Z', ms: 7 * HOUR },
    { now: '2026-03-10T06:59:00Z', ms: MINUTE },
    { now: '2026-03-10T07:00:00Z', ms: DAY },
    { now: '2026-03-10T07:00:01Z', ms: DAY - 1000 },
    { now: '2026-12-31T23:00:00Z', ms: 8 * HOUR },
  ];
  for (const { now, ms } of cases) {
    test(now, () => assert.equal(untilMorning(new Date(now)), ms));
  }
});

describe('presets', () => {
  const now = new Date('2026-03-10T22:00:00Z');
  const cases = [
    { id: '1h', ms: HOUR },
    { id: '8h', ms: 8 * HOUR },
    { id: 'morning', ms: 9 * HOUR },
    { id: '7d', ms: 7 * DAY },
    { id: 'indefinite', ms: null },
  ];
  test('the ids, in order', () =>
    assert.deepEqual(
      PRESETS.map((preset) => preset.id),
      cases.map(({ id }) => id),
    ));
  for (const { id, ms } of cases) {
    test(id, () => assert.equal(PRESETS.find((preset) => preset.id === id)!.forMs(now), ms));
  }
});
