import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AccountStanding, availableAt, isLimited } from './account-standing';
import { pickNextAccount, pickOrder } from './pick-order';

const MIN = 60_000;
const now = Date.UTC(2026, 6, 30, 12);

/** An account from a compact description: `five`/`seven` are [usedPercent, minutes until reset]. */
function account(
  id: string,
  opts: { five?: [number, number?]; seven?: [number, number?]; isDefault?: boolean; limitedFor?: number } = {},
): AccountStanding {
  const window = (w?: [number, number?]) =>
    w && { usedPercent: w[0], resetsAt: w[1] === undefined ? undefined : now + w[1] * MIN };
  return {
    id,
    isDefault: opts.isDefault ?? false,
    usage: { fiveHour: window(opts.five), sevenDay: window(opts.seven) },
    limitedUntil: opts.limitedFor === undefined ? undefined : now + opts.limitedFor * MIN,
  };
}

describe('pickOrder', () => {
  const table: { name: string; accounts: AccountStanding[]; leaving?: string; order: string[] }[] = [
    {
      name: 'running windows with room first, soonest reset first',
      accounts: [account('a', { five: [10, 200] }), account('b', { five: [70, 30] }), account('c', { five: [75, 90] })],
      order: ['b', 'c', 'a'],
    },
    {
      name: 'then accounts without a running window, then the rest by most left',
      accounts: [
        account('tight', { five: [90, 20] }),
        account('idle'),
        account('tighter', { five: [97, 10] }),
        account('roomy', { five: [40, 250] }),
      ],
      order: ['roomy', 'idle', 'tight', 'tighter'],
    },
    {
      name: 'a window whose reset has passed is not running, whatever it last read',
      accounts: [account('stale', { five: [99, -5] }), account('busy', { five: [80, 60] })],
      order: ['stale', 'busy'],
    },
    {
      name: 'a window without a reset has not started',
      accounts: [account('b', { five: [50, 100] }), account('unstarted', { five: [0] })],
      order: ['b', 'unstarted'],
    },
    {
      name: 'the default account wins a tie in every group',
      accounts: [
        account('x'),
        account('main', { isDefault: true }),
        account('y', { five: [20, 60] }),
        account('main2', { five: [20, 60], isDefault: true }),
        account('z', { five: [80, 60] }),
        account('main3', { five: [80, 90], isDefault: true }),
      ],
      order: ['main2', 'y', 'main', 'x', 'main3', 'z'],
    },
    {
      name: 'accounts marked limited are out until their time, the account being left always',
      accounts: [
        account('left', { five: [10, 100] }),
        account('marked', { limitedFor: 30 }),
        account('was-marked', { limitedFor: -1 }),
        account('other', { five: [60, 200] }),
      ],
      leaving: 'left',
      order: ['other', 'was-marked'],
    },
    {
      name: 'any window at 100% or more limits the account, the 7-day one too',
      accounts: [
        account('five-full', { five: [100, 40] }),
        account('over', { five: [105, 40] }),
        account('week-full', { five: [5, 200], seven: [100, 3000] }),
        account('week-reset', { five: [5, 200], seven: [100, -10] }),
        account('fine', { seven: [99, 3000] }),
      ],
      order: ['week-reset', 'fine'],
    },
    { name: 'nobody left', accounts: [account('a', { five: [100, 10] }), account('b')], leaving: 'b', order: [] },
  ];
  for (const row of table) {
    it(row.name, () => {
      assert.deepEqual(
        pickOrder(row.accounts, now, { leaving: row.leaving }).map((a) => a.id),
        row.order,
      );
    });
  }

  it('picks the first of the order', () => {
    assert.equal(pickNextAccount([account('a', { five: [90, 10] }), account('b')], now)?.id, 'b');
    assert.equal(pickNextAccount([account('a', { limitedFor: 10 })], now), undefined);
  });
});

describe('availableAt', () => {
  it('is now for an available account, and the latest limit for a limited one', () => {
    assert.equal(availableAt(account('a', { five: [99, 10] }), now), now);
    assert.equal(availableAt(account('a', { limitedFor: 30 }), now), now + 30 * MIN);
    assert.equal(availableAt(account('a', { limitedFor: 30, five: [100, 45] }), now), now + 45 * MIN);
    assert.equal(availableAt(account('a', { five: [100, 45], seven: [100, 600] }), now), now + 600 * MIN);
    assert.ok(isLimited(account('a', { five: [100] }), now));
    assert.equal(availableAt(account('a', { five: [100] }), now), undefined);
  });
});
