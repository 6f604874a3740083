import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { MAX_RULES_TEXT_BYTES, OrgRules, OrgRulesTooLargeError } from './org-rules';
import { Organizations } from './organizations';

describeEachEngine('org rules', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    const organizations = new Organizations(db, clock);
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await organizations.create({ id: 'org_beta', name: 'Beta' });
    return { clock, organizations, orgRules: new OrgRules(db, clock) };
  }

  it('stores one rules text per organization; a publish replaces it whole', async () => {
    const { clock, orgRules } = await open();
    assert.equal(await orgRules.get('org_acme'), undefined);
    const first = await orgRules.put('org_acme', 'rule a {}', 'ann@acme.example');
    assert.deepEqual(first, {
      orgId: 'org_acme',
      rulesText: 'rule a {}',
      updatedAt: clock(),
      updatedBy: 'ann@acme.example',
    });
    clock.advance(1000);
    await orgRules.put('org_acme', 'rule b {}', 'sa_1');
    assert.deepEqual(await orgRules.get('org_acme'), {
      orgId: 'org_acme',
      rulesText: 'rule b {}',
      updatedAt: clock(),
      updatedBy: 'sa_1',
    });
    assert.equal(await orgRules.get('org_beta'), undefined);
  });

  it('refuses rules of an organization that does not exist, and goes with its organization', async () => {
    const { organizations, orgRules } = await open();
    await assert.rejects(orgRules.put('org_nobody', 'rule a {}', 'x'));
    await orgRules.put('org_beta', 'rule a {}', 'x');
    await organizations.delete('org_beta');
    assert.equal(await orgRules.get('org_beta'), undefined);
  });

  it('refuses a text over the limit, saying how large it is', async () => {
    const { orgRules } = await open();
    await assert.rejects(
      orgRules.put('org_acme', 'x'.repeat(MAX_RULES_TEXT_BYTES + 1), 'x'),
      (error) => error instanceof OrgRulesTooLargeError && /1048577 bytes/.test(error.message),
    );
  });
});
