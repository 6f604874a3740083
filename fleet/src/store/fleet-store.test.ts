import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { type FleetStore, openFleetStore } from './fleet-store';

describeEachEngine('fleet store', (engine) => {
  const stores: FleetStore[] = [];
  after(() => Promise.all(stores.map((store) => store.close())));

  it('lets a second server see what the first stored: a login begun on one ends on the other', async () => {
    const clock = fakeClock();
    const url = await engine.newDatabaseUrl();
    const first = await openFleetStore(url, clock);
    stores.push(first);
    const second = await openFleetStore(url, clock);
    stores.push(second);
    await first.organizations.create({ id: 'org_acme', name: 'Acme' });
    await first.members.add('org_acme', 'ann@acme.example', 'org_admin');
    await first.loginStates.create({ state: 's', orgId: 'org_acme', codeVerifier: 'v', nonce: 'n' });
    assert.equal((await second.loginStates.consume('org_acme', 's'))?.nonce, 'n');
    assert.equal(await first.loginStates.consume('org_acme', 's'), undefined);
    await second.sessions.create({ tokenHash: 'h', orgId: 'org_acme', userId: 'ann@acme.example', kind: 'browser' });
    assert.equal((await first.sessions.findValid('h'))?.userId, 'ann@acme.example');
    assert.equal((await first.members.get('org_acme', 'ann@acme.example'))?.role, 'org_admin');
  });
});
