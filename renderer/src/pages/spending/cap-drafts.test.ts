// The caps editor's drafts without React: what each text means as a cap, and the caps a set of drafts sends.
// Node runs these (scripts/test.mjs); the renderer program has no Node types otherwise (tsconfig "types": []).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CAP_FIELDS, type CapField } from '@ssg/contracts/budget';
import { capProblem, capsOf, draftsOf, hasProblems } from './cap-drafts';

const DOLLARS = 'Enter dollars, 0 or more, or leave empty for no limit';
const CALLS = 'Enter a whole number of calls, or leave empty';

describe('capProblem', () => {
  const cases: Array<{ field: CapField; text: string; problem: string | null }> = [
    { field: 'dailyUsd', text: '', problem: null },
    { field: 'dailyUsd', text: '   ', problem: null },
    { field: 'dailyUsd', text: '0', problem: null },
    { field: 'dailyUsd', text: ' 12.50 ', problem: null },
    { field: 'dailyUsd', text: '1e3', problem: null },
    { field: 'dailyUsd', text: '-1', problem: DOLLARS },
    { field: 'dailyUsd', text: 'ten', problem: DOLLARS },
    { field: 'dailyUsd', text: '$5', problem: DOLLARS },
    { field: 'dailyUsd', text: 'Infinity', problem: DOLLARS },
    { field: 'dailyUsd', text: '1e400', problem: DOLLARS },
    { field: 'dailyUsd', text: 'NaN', problem: DOLLARS },
    { field: 'dailyUsd', text: '<script>alert(1)</script>', problem: DOLLARS },
    { field: 'hourlyCalls', text: '', problem: null },
    { field: 'hourlyCalls', text: '0', problem: null },
    { field: 'hourlyCalls', text: '100', problem: null },
    { field: 'hourlyCalls', text: String(Number.MAX_SAFE_INTEGER), problem: null },
    { field: 'hourlyCalls', text: '9007199254740993', problem: CALLS },
    { field: 'hourlyCalls', text: '1.5', problem: CALLS },
    { field: 'hourlyCalls', text: '-3', problem: CALLS },
    { field: 'hourlyCalls', text: 'many', problem: CALLS },
  ];
  for (const { field, text, problem } of cases) {
    test(`${field} ${JSON.stringify(text)}`, () => assert.equal(capProblem(field, text), problem));
  }
});

describe('drafts and caps', () => {
  test('draftsOf: a field for every cap, empty where there is no limit (absent or null)', () => {
    const drafts = draftsOf({ dailyUsd: 20, hourlyCalls: null, weeklyCalls: 0 });
    assert.deepEqual(Object.keys(drafts), [...CAP_FIELDS]);
    assert.equal(drafts.dailyUsd, '20');
    assert.equal(drafts.hourlyCalls, '');
    assert.equal(drafts.weeklyCalls, '0');
    assert.equal(drafts.monthlyUsd, '');
  });

  test('capsOf: only the fields with a limit, as numbers, trimmed; 0 is a limit', () => {
    const drafts = { ...draftsOf({}), dailyUsd: ' 2.5 ', sessionCalls: '0', monthlyUsd: '  ' };
    assert.deepEqual(capsOf(drafts), { dailyUsd: 2.5, sessionCalls: 0 });
  });

  test('capsOf after draftsOf gives back the caps with a limit', () => {
    const caps = { sessionUsd: 1, hourlyCalls: 10, dailyUsd: 0.25, monthlyCalls: 5000 };
    assert.deepEqual(capsOf(draftsOf({ ...caps, weeklyUsd: null })), caps);
  });

  test('hasProblems: true when any one field is bad', () => {
    assert.equal(hasProblems(draftsOf({ dailyUsd: 3 })), false);
    assert.equal(hasProblems({ ...draftsOf({}), weeklyCalls: '2.5' }), true);
  });
});
