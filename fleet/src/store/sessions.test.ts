import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { Organizations } from './organizations';
import { SESSION_LIFETIME_MS, Sessions } from './sessions';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

describeEachEngine('sessions', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    await new Organizations(db, clock).create({ id: 'org_acme', name: 'Acme' });
    return { clock, sessions: new Sessions(db, clock) };
  }

  it('keeps a session 8 hours, then no more', async () => {
    const { clock, sessions } = await open();
    const session = await sessions.create({ tokenHash: HASH_A, orgId: 'org_acme', userId: 'Ann@Acme.example' });
    assert.deepEqual(session, {
      tokenHash: HASH_A,
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      createdAt: clock(),
      expiresAt: clock() + SESSION_LIFETIME_MS,
    });
    clock.advance(SESSION_LIFETIME_MS - 1);
    assert.deepEqual(await sessions.findValid(HASH_A), session);
    assert.deepEqual(await sessions.listValid('org_acme'), [session]);
    clock.advance(1);
    assert.equal(await sessions.findValid(HASH_A), undefined);
    assert.deepEqual(await sessions.listValid('org_acme'), []);
    assert.equal(await sessions.deleteExpired(), 1);
  });

  it('ends a session at sign-out', async () => {
    const { sessions } = await open();
    await sessions.create({ tokenHash: HASH_A, orgId: 'org_acme', userId: 'ann@acme.example' });
    await sessions.create({ tokenHash: HASH_B, orgId: 'org_acme', userId: 'bob@acme.example' });
    assert.equal(await sessions.delete(HASH_A), true);
    assert.equal(await sessions.delete(HASH_A), false);
    assert.equal(await sessions.findValid(HASH_A), undefined);
    assert.equal((await sessions.findValid(HASH_B))?.userId, 'bob@acme.example');
  });
});
