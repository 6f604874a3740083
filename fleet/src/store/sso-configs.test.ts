import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { Organizations } from './organizations';
import { SsoConfigs } from './sso-configs';

const CONFIG = {
  orgId: 'org_acme',
  provider: 'oidc' as const,
  issuerUrl: 'https://idp.example/oauth2/default',
  clientId: 'client-1',
  clientSecretCiphertext: 'v1:k1:iv:tag:ct',
  clientSecretKeyId: 'k1',
};

describeEachEngine('SSO configurations', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    await new Organizations(db, clock).create({ id: 'org_acme', name: 'Acme' });
    await new Organizations(db, clock).create({ id: 'org_beta', name: 'Beta' });
    return { clock, configs: new SsoConfigs(db, clock) };
  }

  it('stores a configuration and replaces it on the next put', async () => {
    const { clock, configs } = await open();
    assert.equal(await configs.get('org_acme'), undefined);
    assert.deepEqual(await configs.put(CONFIG), { ...CONFIG, updatedAt: clock() });
    clock.advance(5);
    const saml = {
      ...CONFIG,
      provider: 'saml' as const,
      clientSecretCiphertext: 'v1:k2:x:y:z',
      clientSecretKeyId: 'k2',
    };
    assert.deepEqual(await configs.put(saml), { ...saml, updatedAt: clock() });
    assert.deepEqual(await configs.get('org_acme'), { ...saml, updatedAt: clock() });
  });

  it('finds the secrets sealed under an older key', async () => {
    const { configs } = await open();
    await configs.put(CONFIG);
    await configs.put({ ...CONFIG, orgId: 'org_beta', clientSecretKeyId: 'k2' });
    assert.deepEqual(
      (await configs.sealedWithOtherKey('k2')).map((config) => config.orgId),
      ['org_acme'],
    );
  });

  it("finds a client id's OIDC configurations, never a saml one", async () => {
    const { clock, configs } = await open();
    await configs.put(CONFIG);
    clock.advance(1);
    await configs.put({ ...CONFIG, orgId: 'org_beta' });
    assert.deepEqual(
      (await configs.oidcOfClient('client-1')).map((config) => config.orgId),
      ['org_acme', 'org_beta'],
    );
    await configs.put({ ...CONFIG, provider: 'saml' });
    assert.deepEqual(
      (await configs.oidcOfClient('client-1')).map((config) => config.orgId),
      ['org_beta'],
    );
    assert.deepEqual(await configs.oidcOfClient('client-2'), []);
  });

  it('refuses a provider other than oidc or saml', async () => {
    const { configs } = await open();
    await assert.rejects(configs.put({ ...CONFIG, provider: 'ldap' as 'oidc' }), /oidc or saml, got "ldap"/);
  });
});
