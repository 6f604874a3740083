import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachEngine, fakeClock } from './engines.testing';
import { InvalidMemberError, MemberExistsError, Members } from './members';
import { Organizations } from './organizations';

describeEachEngine('members', (engine) => {
  async function open() {
    const clock = fakeClock();
    const db = await engine.open(clock);
    const organizations = new Organizations(db, clock);
    await organizations.create({ id: 'org_acme', name: 'Acme' });
    await organizations.create({ id: 'org_beta', name: 'Beta' });
    return { db, clock, organizations, members: new Members(db, clock) };
  }

  it('adds members with their email lower-cased, finds them whatever the case', async () => {
    const { clock, members } = await open();
    const ann = await members.add('org_acme', ' Ann@Acme.Example ', 'org_admin');
    assert.deepEqual(ann, { orgId: 'org_acme', userId: 'ann@acme.example', role: 'org_admin', createdAt: clock() });
    assert.deepEqual(await members.get('org_acme', 'ANN@acme.example'), ann);
    assert.equal(await members.get('org_beta', 'ann@acme.example'), undefined);
    await assert.rejects(members.add('org_acme', 'ann@ACME.example', 'member'), MemberExistsError);
  });

  it('lists, changes roles and removes', async () => {
    const { members } = await open();
    await members.add('org_acme', 'bob@acme.example', 'member');
    await members.add('org_acme', 'ann@acme.example', 'auditor');
    await members.add('org_beta', 'ann@acme.example', 'policy_author');
    assert.deepEqual(
      (await members.list('org_acme')).map((m) => [m.userId, m.role]),
      [
        ['ann@acme.example', 'auditor'],
        ['bob@acme.example', 'member'],
      ],
    );
    assert.deepEqual(
      (await members.ofUser('Ann@acme.example')).map((m) => [m.orgId, m.role]),
      [
        ['org_acme', 'auditor'],
        ['org_beta', 'policy_author'],
      ],
    );
    assert.equal((await members.setRole('org_acme', 'BOB@acme.example', 'policy_author'))?.role, 'policy_author');
    assert.equal(await members.setRole('org_acme', 'carol@acme.example', 'member'), undefined);
    assert.equal(await members.remove('org_acme', 'bob@acme.example'), true);
    assert.equal(await members.remove('org_acme', 'bob@acme.example'), false);
    assert.deepEqual(
      (await members.list('org_acme')).map((m) => m.userId),
      ['ann@acme.example'],
    );
  });

  it('refuses a role not in the list and an email that is not one', async () => {
    const { members } = await open();
    await assert.rejects(members.add('org_acme', 'ann@acme.example', 'owner'), (error: Error) => {
      assert.ok(error instanceof InvalidMemberError);
      assert.match(error.message, /one of org_admin, policy_author, auditor, member, got "owner"/);
      return true;
    });
    await members.add('org_acme', 'ann@acme.example', 'member');
    await assert.rejects(members.setRole('org_acme', 'ann@acme.example', 'ORG_ADMIN'), InvalidMemberError);
    for (const email of ['ann', 'ann@', '@acme.example', 'ann @acme.example', 'ann@acme']) {
      await assert.rejects(members.add('org_acme', email, 'member'), InvalidMemberError, email);
    }
  });

  it('holds the role list in the database too', async () => {
    const { db } = await open();
    await assert.rejects(
      db.execute("INSERT INTO members (org_id, user_id, role, created_at) VALUES ('org_acme', 'x@y.z', 'owner', 0)"),
    );
  });

  it('goes with its organization', async () => {
    const { organizations, members } = await open();
    await members.add('org_acme', 'ann@acme.example', 'member');
    await organizations.delete('org_acme');
    assert.deepEqual(await members.ofUser('ann@acme.example'), []);
  });
});
