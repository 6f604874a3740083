// Window arithmetic in several time zones: calendar days and months follow local midnight through daylight-saving
// changes (23- and 25-hour days, a day whose midnight does not exist), half-hour offsets and year ends; rolling
// windows are fixed durations. Expected values are UTC instants, so they do not depend on the zone of the machine.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { BudgetWindow } from '@ssg/contracts/budget';
import { type CalendarWindow, calendarBounds, HOUR_MS, nextReset, WEEK_MS, windowStart } from './windows';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const utc = (iso: string): number => Date.parse(iso);

describe('calendarBounds', () => {
  const cases: Array<{ name: string; tz: string; window: CalendarWindow; at: string; start: string; end: string }> = [
    {
      name: 'an ordinary UTC day',
      tz: 'UTC',
      window: 'daily',
      at: '2025-06-15T12:34:56.789Z',
      start: '2025-06-15T00:00:00.000Z',
      end: '2025-06-16T00:00:00.000Z',
    },
    {
      name: 'New York, the 23-hour day clocks spring forward',
      tz: 'America/New_York',
      window: 'daily',
      at: '2025-03-09T16:00:00.000Z',
      start: '2025-03-09T05:00:00.000Z',
      end: '2025-03-10T04:00:00.000Z',
    },
    {
      name: 'New York, one millisecond before the spring-forward day',
      tz: 'America/New_York',
      window: 'daily',
      at: '2025-03-09T04:59:59.999Z',
      start: '2025-03-08T05:00:00.000Z',
      end: '2025-03-09T05:00:00.000Z',
    },
    {
      name: 'New York, the 25-hour day clocks fall back (in the repeated hour)',
      tz: 'America/New_York',
      window: 'daily',
      at: '2025-11-02T06:30:00.000Z',
      start: '2025-11-02T04:00:00.000Z',
      end: '2025-11-03T05:00:00.000Z',
    },
    {
      name: 'New York, the month that contains the spring-forward day',
      tz: 'America/New_York',
      window: 'monthly',
      at: '2025-03-20T12:00:00.000Z',
      start: '2025-03-01T05:00:00.000Z',
      end: '2025-04-01T04:00:00.000Z',
    },
    {
      name: 'New York, December rolls into next year',
      tz: 'America/New_York',
      window: 'monthly',
      at: '2025-12-31T23:00:00.000Z',
      start: '2025-12-01T05:00:00.000Z',
      end: '2026-01-01T05:00:00.000Z',
    },
    {
      name: 'Kolkata (+05:30): already February there while still January in UTC',
      tz: 'Asia/Kolkata',
      window: 'daily',
      at: '2025-01-31T20:00:00.000Z',
      start: '2025-01-31T18:30:00.000Z',
      end: '2025-02-01T18:30:00.000Z',
    },
    {
      name: 'Kolkata, the month of a leap-year February',
      tz: 'Asia/Kolkata',
      window: 'monthly',
      at: '2024-02-29T12:00:00.000Z',
      start: '2024-01-31T18:30:00.000Z',
      end: '2024-02-29T18:30:00.000Z',
    },
    {
      name: 'Santiago, a day whose midnight does not exist begins at 01:00',
      tz: 'America/Santiago',
      window: 'daily',
      at: '2024-09-08T15:00:00.000Z',
      start: '2024-09-08T04:00:00.000Z',
      end: '2024-09-09T03:00:00.000Z',
    },
  ];
  for (const { name, tz, window, at, start, end } of cases) {
    test(name, () => {
      process.env.TZ = tz;
      const bounds = calendarBounds(window, utc(at));
      assert.equal(new Date(bounds.start).toISOString(), start);
      assert.equal(new Date(bounds.end).toISOString(), end);
    });
  }

  test('the end of one local day is the start of the next, every day of a year with two DST changes', () => {
    process.env.TZ = 'America/New_York';
    let day = calendarBounds('daily', utc('2025-01-01T12:00:00Z'));
    const lengths = new Set<number>();
    for (let i = 0; i < 365; i++) {
      const next = calendarBounds('daily', day.end);
      assert.equal(next.start, day.end);
      lengths.add((day.end - day.start) / HOUR_MS);
      day = next;
    }
    assert.deepEqual(
      [...lengths].sort((a, b) => a - b),
      [23, 24, 25],
    );
  });
});

describe('windowStart and nextReset', () => {
  const now = utc('2025-03-09T16:00:00.000Z');
  const sessionStartedAt = utc('2025-03-09T09:00:00.000Z');
  const cases: Array<{
    window: BudgetWindow;
    oldest: number | null;
    start: number;
    reset: number | null;
  }> = [
    { window: 'session', oldest: now - 1000, start: sessionStartedAt, reset: null },
    { window: 'hourly', oldest: now - 20 * 60_000, start: now - HOUR_MS, reset: now + 40 * 60_000 },
    { window: 'hourly', oldest: null, start: now - HOUR_MS, reset: null },
    { window: 'weekly', oldest: now - 3 * 24 * HOUR_MS, start: now - WEEK_MS, reset: now + 4 * 24 * HOUR_MS },
    { window: 'weekly', oldest: null, start: now - WEEK_MS, reset: null },
    // Calendar windows reset at their end whether or not anything is counted (New York, spring-forward day).
    { window: 'daily', oldest: null, start: utc('2025-03-09T05:00:00Z'), reset: utc('2025-03-10T04:00:00Z') },
    { window: 'monthly', oldest: null, start: utc('2025-03-01T05:00:00Z'), reset: utc('2025-04-01T04:00:00Z') },
  ];
  for (const { window, oldest, start, reset } of cases) {
    test(`${window} with ${oldest === null ? 'nothing counted' : 'entries'}`, () => {
      process.env.TZ = 'America/New_York';
      assert.equal(windowStart(window, now, sessionStartedAt), start);
      assert.equal(nextReset(window, now, oldest), reset);
    });
  }
});
