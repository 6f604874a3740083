import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { Organizations } from './organizations';
import { SESSION_LIFETIME_MS, Sessions } from './sessions';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);
const HASH_C = 'c'.repeat(64);

describeEachEngine('sessions', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    const organizations = new Organizations(db, clock);
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await organizations.create({ id: 'org_beta', name: 'Beta' });
    return { clock, sessions: new Sessions(db, clock) };
  }

  it('keeps a session 8 hours, then no more', async () => {
    const { clock, sessions } = await open();
    const session = await sessions.create({
      tokenHash: HASH_A,
      orgId: 'org_acme',
      userId: 'Ann@Acme.example',
      kind: 'browser',
    });
    assert.match(session.id, /^ses_[0-9a-f-]{36}$/);
    assert.deepEqual(session, {
      id: session.id,
      tokenHash: HASH_A,
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      kind: 'browser',
      machine: null,
      createdAt: clock(),
      expiresAt: clock() + SESSION_LIFETIME_MS,
    });
    clock.advance(SESSION_LIFETIME_MS - 1);
    assert.deepEqual(await sessions.findValid(HASH_A), session);
    clock.advance(1);
    assert.equal(await sessions.findValid(HASH_A), undefined);
    assert.equal(await sessions.deleteExpired(), 1);
  });

  it('ends a session at sign-out', async () => {
    const { sessions } = await open();
    await sessions.create({ tokenHash: HASH_A, orgId: 'org_acme', userId: 'ann@acme.example', kind: 'browser' });
    await sessions.create({ tokenHash: HASH_B, orgId: 'org_acme', userId: 'bob@acme.example', kind: 'cli' });
    assert.equal(await sessions.delete(HASH_A), true);
    assert.equal(await sessions.delete(HASH_A), false);
    assert.equal(await sessions.findValid(HASH_A), undefined);
    assert.equal((await sessions.findValid(HASH_B))?.userId, 'bob@acme.example');
  });

  it("lists an organization's signed-in machines (CLI sessions only, unexpired, newest first)", async () => {
    const { clock, sessions } = await open();
    await sessions.create({ tokenHash: HASH_A, orgId: 'org_acme', userId: 'ann@acme.example', kind: 'browser' });
    const laptop = await sessions.create({
      tokenHash: HASH_B,
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      kind: 'cli',
      machine: 'ann-laptop',
    });
    clock.advance(1000);
    const build = await sessions.create({
      tokenHash: HASH_C,
      orgId: 'org_acme',
      userId: 'bob@acme.example',
      kind: 'cli',
      machine: 'build-01',
    });
    assert.deepEqual(
      (await sessions.machines('org_acme')).map((s) => s.machine),
      ['build-01', 'ann-laptop'],
    );
    assert.deepEqual(await sessions.machines('org_beta'), []);
    clock.advance(SESSION_LIFETIME_MS - 500);
    assert.deepEqual(await sessions.machines('org_acme'), [build]);
    assert.equal(laptop.machine, 'ann-laptop');
  });

  it('signs a machine out only within its organization, and never a browser session', async () => {
    const { sessions } = await open();
    const browser = await sessions.create({
      tokenHash: HASH_A,
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      kind: 'browser',
    });
    const cli = await sessions.create({
      tokenHash: HASH_B,
      orgId: 'org_acme',
      userId: 'ann@acme.example',
      kind: 'cli',
    });
    assert.equal(await sessions.revokeMachine('org_beta', cli.id), false);
    assert.equal(await sessions.revokeMachine('org_acme', browser.id), false);
    assert.equal(await sessions.revokeMachine('org_acme', cli.id), true);
    assert.equal(await sessions.findValid(HASH_B), undefined);
    assert.equal((await sessions.findValid(HASH_A))?.id, browser.id);
  });
});
