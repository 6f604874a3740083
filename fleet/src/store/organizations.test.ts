import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { InvalidOrganizationError, OrganizationExistsError, Organizations, SsoDomainTakenError } from './organizations';

describeEachEngine('organizations', (engine) => {
  it('creates, reads, lists and deletes organizations', async () => {
    const clock = fakeClock();
    const organizations = new Organizations(await engine.open(), clock);
    const acme = await organizations.create({ id: 'org_acme', name: ' Acme ' });
    assert.deepEqual(acme, { id: 'org_acme', name: 'Acme', ssoDomain: null, createdAt: clock() });
    await organizations.create({ id: 'org_beta-2', name: 'Beta' });
    assert.deepEqual(await organizations.get('org_acme'), acme);
    assert.equal(await organizations.get('org_nope'), undefined);
    assert.deepEqual(
      (await organizations.list()).map((org) => org.id),
      ['org_acme', 'org_beta-2'],
    );
    assert.equal(await organizations.delete('org_acme'), true);
    assert.equal(await organizations.delete('org_acme'), false);
    assert.equal(await organizations.get('org_acme'), undefined);
  });

  it('refuses a second organization with the same id', async () => {
    const organizations = new Organizations(await engine.open());
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await assert.rejects(organizations.create({ id: 'org_acme', name: 'Other' }), OrganizationExistsError);
  });

  for (const id of ['acme', 'org_', 'org_Acme', 'org_-acme', 'org_acme-', 'org_ac me', `org_${'a'.repeat(64)}`]) {
    it(`refuses the organization id ${JSON.stringify(id)}`, async () => {
      const organizations = new Organizations(await engine.open());
      await assert.rejects(organizations.create({ id, name: 'X' }), InvalidOrganizationError);
    });
  }

  it('sets, finds and clears the SSO domain, lower-cased; one organization per domain', async () => {
    const organizations = new Organizations(await engine.open());
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await organizations.create({ id: 'org_beta', name: 'Beta' });
    assert.equal((await organizations.setSsoDomain('org_acme', ' Acme.EXAMPLE '))?.ssoDomain, 'acme.example');
    assert.equal((await organizations.findBySsoDomain('ACME.example'))?.id, 'org_acme');
    await assert.rejects(organizations.setSsoDomain('org_beta', 'acme.example'), SsoDomainTakenError);
    await assert.rejects(organizations.setSsoDomain('org_beta', 'not a domain'), InvalidOrganizationError);
    await assert.rejects(organizations.setSsoDomain('org_beta', 'localhost'), InvalidOrganizationError);
    assert.equal(await organizations.setSsoDomain('org_nope', 'nope.example'), undefined);
    // Unset domains (NULL) do not collide.
    assert.equal((await organizations.setSsoDomain('org_acme', null))?.ssoDomain, null);
    assert.equal((await organizations.setSsoDomain('org_beta', 'acme.example'))?.ssoDomain, 'acme.example');
  });
});
