import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UniqueViolationError } from './database';
import { describeEachEngine, fakeClock } from './engines.testing';
import { Organizations } from './organizations';
import { ServiceAccounts } from './service-accounts';

describeEachEngine('service accounts', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    await new Organizations(db, clock).create({ id: 'org_acme', name: 'Acme' });
    await new Organizations(db, clock).create({ id: 'org_beta', name: 'Beta' });
    return { clock, accounts: new ServiceAccounts(db, clock) };
  }

  it('finds an account by its key hash until it is revoked', async () => {
    const { clock, accounts } = await open();
    const ci = await accounts.create({ orgId: 'org_acme', name: 'CI', keyHash: 'h1' });
    assert.match(ci.id, /^sa_/);
    assert.deepEqual(ci, {
      id: ci.id,
      orgId: 'org_acme',
      name: 'CI',
      keyHash: 'h1',
      createdAt: clock(),
      revokedAt: null,
    });
    assert.deepEqual(await accounts.findActiveByKeyHash('h1'), ci);
    clock.advance(1000);
    assert.equal(await accounts.revoke('org_beta', ci.id), false, "another organization's account");
    assert.equal(await accounts.revoke('org_acme', ci.id), true);
    assert.equal(await accounts.revoke('org_acme', ci.id), false, 'already revoked');
    assert.equal(await accounts.findActiveByKeyHash('h1'), undefined);
    assert.deepEqual(await accounts.list('org_acme'), [{ ...ci, revokedAt: clock() }]);
    assert.deepEqual(await accounts.list('org_beta'), []);
  });

  it('refuses two accounts with one key hash', async () => {
    const { accounts } = await open();
    await accounts.create({ orgId: 'org_acme', name: 'CI', keyHash: 'h1' });
    await assert.rejects(accounts.create({ orgId: 'org_beta', name: 'CI', keyHash: 'h1' }), UniqueViolationError);
  });
});
