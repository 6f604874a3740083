import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { LOGIN_STATE_LIFETIME_MS, LoginStates } from './login-states';
import { migrate } from './migrate';
import { Organizations } from './organizations';

const LOGIN = { state: 'st-1', orgId: 'org_acme', codeVerifier: 'verifier', nonce: 'nonce-1' };

describeEachEngine('login states', (engine) => {
  async function open() {
    const clock = fakeClock();
    const url = await engine.newDatabaseUrl();
    const db = await engine.connect(url);
    await migrate(db, clock);
    await new Organizations(db, clock).create({ id: 'org_acme', name: 'Acme' });
    return { url, clock, loginStates: new LoginStates(db, clock) };
  }

  it('stores a login for 10 minutes and gives it back once', async () => {
    const { clock, loginStates } = await open();
    const created = await loginStates.create({ ...LOGIN, redirectAfter: '/agents' });
    assert.deepEqual(created, {
      ...LOGIN,
      redirectAfter: '/agents',
      createdAt: clock(),
      expiresAt: clock() + LOGIN_STATE_LIFETIME_MS,
    });
    assert.equal(await loginStates.consume('org_other', 'st-1'), undefined);
    assert.deepEqual(await loginStates.consume('org_acme', 'st-1'), created);
    assert.equal(await loginStates.consume('org_acme', 'st-1'), undefined);
    assert.equal(await loginStates.consume('org_acme', 'never-issued'), undefined);
  });

  it('does not give back a login once its 10 minutes have passed', async () => {
    const { clock, loginStates } = await open();
    await loginStates.create(LOGIN);
    await loginStates.create({ ...LOGIN, state: 'st-2' });
    clock.advance(LOGIN_STATE_LIFETIME_MS - 1);
    assert.equal((await loginStates.consume('org_acme', 'st-2'))?.state, 'st-2');
    clock.advance(1);
    assert.equal(await loginStates.consume('org_acme', 'st-1'), undefined);
    assert.equal(await loginStates.deleteExpired(), 1);
    assert.equal(await loginStates.deleteExpired(), 0);
  });

  it('gives a login to exactly one of two servers consuming it at once', async () => {
    const { url, clock, loginStates } = await open();
    const other = new LoginStates(await engine.connect(url), clock);
    for (let round = 0; round < 20; round++) {
      const state = `race-${round}`;
      await loginStates.create({ ...LOGIN, state });
      const results = await Promise.all([loginStates.consume('org_acme', state), other.consume('org_acme', state)]);
      assert.equal(results.filter((result) => result !== undefined).length, 1, `round ${round}: ${results}`);
    }
  });
});
