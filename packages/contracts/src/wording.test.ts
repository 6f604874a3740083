import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SLEEP_MS } from './sleep-mode';
import { formatDuration } from './wording';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatDuration', () => {
  const cases: Array<[number, string]> = [
    [0, '0s'],
    [999, '1s'],
    [45 * S, '45s'],
    [M, '1m'],
    [8 * H, '8h'],
    [8 * H - 5, '8h'],
    [8 * H - M, '7h 59m'],
    [H + 30 * M, '1h 30m'],
    [7 * D + 3 * H + 20 * M, '7d 3h'],
    [D + 5 * M, '1d'],
    [MAX_SLEEP_MS, '30d'],
  ];
  for (const [ms, text] of cases) test(`${ms} ms → ${text}`, () => assert.equal(formatDuration(ms), text));
});
