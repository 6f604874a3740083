import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';
import { parseSleepDuration } from './duration';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('parseSleepDuration', () => {
  const valid: Array<[string, number]> = [
    ['30m', 30 * M],
    ['8h', 8 * H],
    ['7d', 7 * D],
    ['1h30m', H + 30 * M],
    ['2d12h', 2 * D + 12 * H],
    ['1d2h3m4s', D + 2 * H + 3 * M + 4 * S],
    ['90s', 90 * S],
    ['1s', S],
    ['30d', MAX_SLEEP_MS],
    ['720h', MAX_SLEEP_MS],
    ['08h', 8 * H],
  ];
  for (const [text, ms] of valid)
    test(`${text} → ${ms} ms`, () => assert.deepEqual(parseSleepDuration(text), { ok: true, ms }));

  const invalid: Array<[string, RegExp]> = [
    ['', /'' is not a duration; write it like 30m, 8h, 7d or 1h30m/],
    ['8', /is not a duration/],
    ['8 h', /is not a duration/],
    ['8H', /is not a duration/],
    ['1.5h', /is not a duration/],
    ['-1h', /is not a duration/],
    ['30m1h', /is not a duration/],
    ['1h1h', /is not a duration/],
    ['1w', /is not a duration/],
    ['tonight', /'tonight' is not a duration/],
    ['0h', /'0h' is no time at all/],
    ['0d0h0m0s', /is no time at all/],
    ['30d1s', /'30d1s' is longer than 30 days/],
    ['31d', /is longer than 30 days/],
    ['99999999999999999999999d', /is longer than 30 days/],
    ['8h\u001b[2J', /'8h\?\[2J' is not a duration/],
    [`${'9'.repeat(500)}x`, /^'9{40}\.\.\.' is not a duration/],
  ];
  for (const [text, problem] of invalid) {
    test(`${JSON.stringify(text.slice(0, 30))} is refused`, () => {
      const parsed = parseSleepDuration(text);
      assert.equal(parsed.ok, false);
      assert.match((parsed as { problem: string }).problem, problem);
    });
  }
});
