import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { LicenceGrants } from './licence-grants';
import { Organizations } from './organizations';

const DAY = 24 * 60 * 60 * 1000;

describeEachEngine('licence grants', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    const organizations = new Organizations(db, clock);
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await organizations.create({ id: 'org_beta', name: 'Beta' });
    return { clock, grants: new LicenceGrants(db, clock), organizations };
  }

  it("lists an organization's latest grants, newest first, up to the limit", async () => {
    const { clock, grants } = await open();
    for (const [i, user] of ['Ann@Acme.example', 'bob@acme.example', 'cy@acme.example'].entries()) {
      await grants.record({
        orgId: 'org_acme',
        userId: user,
        tier: 'enterprise',
        machine: `m${i}`,
        expiresAt: clock() + 30 * DAY,
      });
      clock.advance(1000);
    }
    await grants.record({ orgId: 'org_beta', userId: 'dee@beta.example', tier: 'free', machine: null, expiresAt: 1 });
    await grants.record({ orgId: null, userId: 'eve@own.example', tier: 'pro', machine: null, expiresAt: 1 });
    const recent = await grants.recent('org_acme', 2);
    assert.deepEqual(
      recent.map((g) => [g.userId, g.machine]),
      [
        ['cy@acme.example', 'm2'],
        ['bob@acme.example', 'm1'],
      ],
    );
    assert.equal((await grants.recent('org_acme', 10)).at(-1)?.userId, 'ann@acme.example');
    assert.equal((await grants.recent('org_beta', 10)).length, 1);
  });

  it('forgets grants 90 days after their licence expired', async () => {
    const { clock, grants } = await open();
    await grants.record({
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      tier: 'pro',
      machine: null,
      expiresAt: clock(),
    });
    clock.advance(90 * DAY - 1);
    assert.equal(await grants.deleteOld(), 0);
    clock.advance(1);
    assert.equal(await grants.deleteOld(), 1);
    assert.deepEqual(await grants.recent('org_acme', 10), []);
  });

  it('goes with its organization', async () => {
    const { grants, organizations } = await open();
    await grants.record({ orgId: 'org_beta', userId: 'dee@beta.example', tier: 'free', machine: null, expiresAt: 1 });
    assert.equal(await organizations.delete('org_beta'), true);
    assert.deepEqual(await grants.recent('org_beta', 10), []);
  });
});
