// The spec's Sleep at Night table, row by row, then the cells the spec leaves open (decided in the module).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_SLEEP_MS } from '@ssg/contracts/sleep-mode';
import {
  describeSleepState,
  nextSleepState,
  OFF,
  type SleepEvent,
  type SleepState,
  type Transition,
} from './sleep-state-machine';

const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;

interface Row {
  name: string;
  from: SleepState;
  event: SleepEvent;
  to: Transition;
}

const indefinite = (since: number | null = NOW - HOUR): SleepState => ({ mode: 'indefinite', since });
const timed = (until: number, since = NOW - HOUR): SleepState => ({ mode: 'timed', since, until });

const specTable: Row[] = [
  {
    name: 'inactive + enable without forMs → active (indefinite), layers armed',
    from: OFF,
    event: { type: 'enable' },
    to: { state: { mode: 'indefinite', since: NOW }, layers: 'arm' },
  },
  {
    name: 'inactive + enable with forMs → active until forMs elapses, layers armed',
    from: OFF,
    event: { type: 'enable', forMs: 8 * HOUR },
    to: { state: { mode: 'timed', since: NOW, until: NOW + 8 * HOUR }, layers: 'arm' },
  },
  {
    name: 'inactive + enable with the longest forMs (30 days)',
    from: OFF,
    event: { type: 'enable', forMs: MAX_SLEEP_MS },
    to: { state: { mode: 'timed', since: NOW, until: NOW + MAX_SLEEP_MS }, layers: 'arm' },
  },
  {
    name: 'active (indefinite) + disable → inactive, layers torn down',
    from: indefinite(),
    event: { type: 'disable' },
    to: { state: OFF, layers: 'tear-down' },
  },
  {
    name: 'active (timed) + disable → inactive, layers torn down',
    from: timed(NOW + HOUR),
    event: { type: 'disable' },
    to: { state: OFF, layers: 'tear-down' },
  },
  {
    name: 'active (timed), window elapsed, observed → inactive, layers torn down',
    from: timed(NOW - 1),
    event: { type: 'observe' },
    to: { state: OFF, layers: 'tear-down' },
  },
  {
    name: 'active (timed), window elapsed this very millisecond, observed → inactive',
    from: timed(NOW),
    event: { type: 'observe' },
    to: { state: OFF, layers: 'tear-down' },
  },
];

const openCells: Row[] = [
  {
    name: 'active (timed), window not elapsed, observed → unchanged',
    from: timed(NOW + 1),
    event: { type: 'observe' },
    to: { state: timed(NOW + 1), layers: 'none' },
  },
  { name: 'inactive, observed → unchanged', from: OFF, event: { type: 'observe' }, to: { state: OFF, layers: 'none' } },
  {
    name: 'active (indefinite), observed → unchanged',
    from: indefinite(),
    event: { type: 'observe' },
    to: { state: indefinite(), layers: 'none' },
  },
  {
    name: 'inactive + disable → inactive, layers torn down again',
    from: OFF,
    event: { type: 'disable' },
    to: { state: OFF, layers: 'tear-down' },
  },
  {
    name: 'active (indefinite) + enable with forMs → timed from now, since kept',
    from: indefinite(),
    event: { type: 'enable', forMs: HOUR },
    to: { state: timed(NOW + HOUR), layers: 'arm' },
  },
  {
    name: 'active (timed) + enable without forMs → indefinite, since kept',
    from: timed(NOW + HOUR),
    event: { type: 'enable' },
    to: { state: indefinite(), layers: 'arm' },
  },
  {
    name: 'active (timed) + enable with a shorter forMs → the new window replaces the old',
    from: timed(NOW + 8 * HOUR),
    event: { type: 'enable', forMs: 1000 },
    to: { state: timed(NOW + 1000), layers: 'arm' },
  },
  {
    name: 'active (indefinite) + enable → re-armed (repairs layers), since kept',
    from: indefinite(),
    event: { type: 'enable' },
    to: { state: indefinite(), layers: 'arm' },
  },
  {
    name: 'active from a corrupt file (no since) + enable → since is now',
    from: indefinite(null),
    event: { type: 'enable' },
    to: { state: indefinite(NOW), layers: 'arm' },
  },
  {
    name: 'active (timed), window elapsed + enable → a new window from now',
    from: timed(NOW - 1),
    event: { type: 'enable', forMs: HOUR },
    to: { state: { mode: 'timed', since: NOW, until: NOW + HOUR }, layers: 'arm' },
  },
  {
    name: 'active (timed), window elapsed + disable → inactive, layers torn down',
    from: timed(NOW - 1),
    event: { type: 'disable' },
    to: { state: OFF, layers: 'tear-down' },
  },
];

describe('Sleep at Night state machine', () => {
  for (const [title, rows] of [
    ['the spec table', specTable],
    ['the cells the spec leaves open', openCells],
  ] as const) {
    describe(title, () => {
      for (const row of rows) {
        test(row.name, () => assert.deepEqual(nextSleepState(row.from, row.event, NOW), row.to));
      }
    });
  }

  test('never mutates the state it is given', () => {
    const state = timed(NOW - 1);
    const copy = structuredClone(state);
    nextSleepState(state, { type: 'observe' }, NOW);
    nextSleepState(state, { type: 'enable', forMs: 5 }, NOW);
    assert.deepEqual(state, copy);
  });
});

describe('describeSleepState', () => {
  const cases: Array<[string, SleepState, ReturnType<typeof describeSleepState>]> = [
    ['off', OFF, { enabled: false, mode: 'off', since: null, until: null, remainingMs: null }],
    [
      'indefinite',
      indefinite(NOW - 5),
      { enabled: true, mode: 'indefinite', since: NOW - 5, until: null, remainingMs: null },
    ],
    [
      'timed',
      timed(NOW + HOUR, NOW - 5),
      { enabled: true, mode: 'timed', since: NOW - 5, until: NOW + HOUR, remainingMs: HOUR },
    ],
    [
      'timed, elapsed but not yet observed: no negative remainder',
      timed(NOW - 10, NOW - 50),
      { enabled: true, mode: 'timed', since: NOW - 50, until: NOW - 10, remainingMs: 0 },
    ],
  ];
  for (const [name, state, expected] of cases)
    test(name, () => assert.deepEqual(describeSleepState(state, NOW), expected));
});
