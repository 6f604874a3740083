import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { Organizations } from './organizations';
import { isActiveAt, Subscriptions } from './subscriptions';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('subscriptions', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    await new Organizations(db, clock).create({ id: 'org_acme', name: 'Acme' });
    return { db, clock, subscriptions: new Subscriptions(db, clock) };
  }

  it('is active from its start until its end, for its organization or account', async () => {
    const { clock, subscriptions } = await open();
    const enterprise = await subscriptions.create({ orgId: 'org_acme', tier: 'Enterprise', endsAt: clock() + DAY });
    assert.deepEqual(enterprise, {
      id: enterprise.id,
      orgId: 'org_acme',
      accountEmail: null,
      tier: 'enterprise',
      startsAt: clock(),
      endsAt: clock() + DAY,
      createdAt: clock(),
    });
    const pro = await subscriptions.create({ accountEmail: 'Ann@Acme.example', tier: 'pro', startsAt: clock() + 10 });
    assert.equal(pro.accountEmail, 'ann@acme.example');
    assert.deepEqual(await subscriptions.active({ orgId: 'org_acme' }), [enterprise]);
    assert.deepEqual(await subscriptions.active({ accountEmail: 'ann@acme.example' }), [], 'not started yet');
    clock.advance(10);
    assert.deepEqual(await subscriptions.active({ accountEmail: 'ANN@acme.example' }), [pro]);
    clock.advance(DAY);
    assert.deepEqual(await subscriptions.active({ orgId: 'org_acme' }), [], 'ended');
  });

  it('ends a subscription now', async () => {
    const { clock, subscriptions } = await open();
    const sub = await subscriptions.create({ orgId: 'org_acme', tier: 'enterprise' });
    clock.advance(1);
    assert.equal(await subscriptions.end(sub.id), true);
    assert.equal(await subscriptions.end(sub.id), false);
    assert.deepEqual(await subscriptions.active({ orgId: 'org_acme' }), []);
  });

  it("lists every subscription, ended ones too, oldest first; or one holder's", async () => {
    const { clock, subscriptions } = await open();
    const pro = await subscriptions.create({ orgId: 'org_acme', tier: 'pro' });
    clock.advance(1);
    const mine = await subscriptions.create({ accountEmail: 'ann@acme.example', tier: 'pro' });
    clock.advance(1);
    const enterprise = await subscriptions.create({ orgId: 'org_acme', tier: 'enterprise' });
    clock.advance(1);
    await subscriptions.end(pro.id);
    const ended = { ...pro, endsAt: clock() };
    assert.deepEqual(await subscriptions.list(), [ended, mine, enterprise]);
    assert.deepEqual(await subscriptions.list({ orgId: 'org_acme' }), [ended, enterprise]);
    assert.deepEqual(await subscriptions.list({ accountEmail: 'ANN@acme.example' }), [mine]);
    assert.deepEqual(await subscriptions.list({ orgId: 'org_other' }), []);
  });

  it("is active at a time as the store's queries say: from its start, until (not at) its end", async () => {
    const { clock, subscriptions } = await open();
    const start = clock() + 10;
    const sub = await subscriptions.create({ orgId: 'org_acme', tier: 'pro', startsAt: start, endsAt: start + 10 });
    for (const [offset, active] of [
      [-1, false],
      [0, true],
      [9, true],
      [10, false],
    ] as const) {
      assert.equal(isActiveAt(sub, start + offset), active, `start ${offset}`);
      clock.advance(start + offset - clock());
      assert.equal((await subscriptions.active({ orgId: 'org_acme' })).length, active ? 1 : 0, `query, ${offset}`);
    }
    assert.equal(isActiveAt({ ...sub, endsAt: null }, start + DAY), true, 'open-ended');
  });

  it('belongs to an organization or an account, never both', async () => {
    const { db, subscriptions } = await open();
    await assert.rejects(subscriptions.create({ orgId: 'org_acme', tier: 'not a tier' }), /lower-case word/);
    await assert.rejects(
      db.execute(
        "INSERT INTO subscriptions (id, org_id, account_email, tier, starts_at, created_at) VALUES ('s', 'org_acme', 'a@b.c', 'pro', 0, 0)",
      ),
    );
  });
});
