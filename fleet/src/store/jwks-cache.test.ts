import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { JWKS_CACHE_MS, JwksCache } from './jwks-cache';

const ISSUER = 'https://idp.example';
const KEYS_1 = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: '1' }] };
const KEYS_2 = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'def', kid: '2' }] };

describeEachEngine('JWKS cache', (engine) => {
  it('gives a key set back for an hour, and the newer one after a put', async () => {
    const clock = fakeClock();
    const cache = new JwksCache(await engine.open(clock), clock);
    assert.equal(await cache.getFresh(ISSUER), undefined);
    await cache.put(ISSUER, KEYS_1);
    clock.advance(JWKS_CACHE_MS - 1);
    assert.deepEqual(await cache.getFresh(ISSUER), {
      issuerUrl: ISSUER,
      jwks: KEYS_1,
      fetchedAt: clock() - JWKS_CACHE_MS + 1,
    });
    clock.advance(1);
    assert.equal(await cache.getFresh(ISSUER), undefined);
    await cache.put(ISSUER, KEYS_2);
    assert.deepEqual((await cache.getFresh(ISSUER))?.jwks, KEYS_2);
    assert.equal(await cache.getFresh('https://other.example'), undefined);
  });

  it('refuses something that is not a key set', async () => {
    const cache = new JwksCache(await engine.open());
    await assert.rejects(cache.put(ISSUER, {} as typeof KEYS_1), /"keys" array/);
  });
});
