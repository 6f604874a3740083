import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type AccountRecord,
  emailDomain,
  InvalidEmailError,
  type OrganizationRecord,
  resolveTier,
  type Subscription,
  type TierResolution,
} from './tier-resolution';

const NOW = 1_900_000_000;
const active = (tier: Subscription['tier'], endsAt: number | null = null): Subscription => ({
  tier,
  status: 'active',
  endsAt,
});
const org = (ssoDomain: string | null, subscription: Subscription | null, orgId = 'org_acme'): OrganizationRecord => ({
  orgId,
  ssoDomain,
  subscription,
});
const account = (email: string, subscription: Subscription | null): AccountRecord => ({ email, subscription });

const free: TierResolution = { tier: 'free', source: { kind: 'none' } };
const byOrg = (tier: TierResolution['tier'], orgId = 'org_acme'): TierResolution => ({
  tier,
  source: { kind: 'organization', orgId },
});

describe('tier resolution', () => {
  const cases: [string, string, AccountRecord[], OrganizationRecord[], TierResolution][] = [
    ['no records', 'dev@acme.com', [], [], free],
    [
      'organization with an active enterprise subscription',
      'dev@acme.com',
      [],
      [org('acme.com', active('enterprise'))],
      byOrg('enterprise'),
    ],
    [
      'domain match is case-insensitive',
      'Dev@ACME.com',
      [],
      [org('Acme.COM', active('enterprise'))],
      byOrg('enterprise'),
    ],
    ['a subdomain does not match', 'dev@eng.acme.com', [], [org('acme.com', active('enterprise'))], free],
    ['a parent domain does not match', 'dev@acme.com', [], [org('eng.acme.com', active('enterprise'))], free],
    ['a look-alike suffix does not match', 'dev@notacme.com', [], [org('acme.com', active('enterprise'))], free],
    ['organization without sso_domain', 'dev@acme.com', [], [org(null, active('enterprise'))], free],
    ['matching organization without subscription', 'dev@acme.com', [], [org('acme.com', null)], free],
    [
      'cancelled subscription',
      'dev@acme.com',
      [],
      [org('acme.com', { ...active('enterprise'), status: 'cancelled' })],
      free,
    ],
    [
      'past-due subscription',
      'dev@acme.com',
      [],
      [org('acme.com', { ...active('enterprise'), status: 'past_due' })],
      free,
    ],
    ['subscription whose period ended', 'dev@acme.com', [], [org('acme.com', active('enterprise', NOW))], free],
    [
      'subscription whose period has not ended',
      'dev@acme.com',
      [],
      [org('acme.com', active('enterprise', NOW + 1))],
      byOrg('enterprise'),
    ],
    ['organization on pro', 'dev@acme.com', [], [org('acme.com', active('pro'))], byOrg('pro')],
    [
      'account subscription by email, case-insensitive',
      'Dev@Acme.com',
      [account('dev@acme.com', active('pro'))],
      [],
      { tier: 'pro', source: { kind: 'account', email: 'dev@acme.com' } },
    ],
    [
      'another address at the same domain is not the account',
      'ops@acme.com',
      [account('dev@acme.com', active('pro'))],
      [],
      free,
    ],
    [
      'the organization outranks an account on pro',
      'dev@acme.com',
      [account('dev@acme.com', active('pro'))],
      [org('acme.com', active('enterprise'))],
      byOrg('enterprise'),
    ],
    [
      "an account's own subscription stands when the organization's lapsed",
      'dev@acme.com',
      [account('dev@acme.com', active('pro'))],
      [org('acme.com', { ...active('enterprise'), status: 'cancelled' })],
      { tier: 'pro', source: { kind: 'account', email: 'dev@acme.com' } },
    ],
    [
      'the matching organization among others',
      'dev@acme.com',
      [],
      [org('other.com', active('enterprise'), 'org_other'), org('acme.com', active('pro'))],
      byOrg('pro'),
    ],
  ];
  for (const [name, email, accounts, organizations, expected] of cases) {
    it(name, () => {
      assert.deepEqual(resolveTier(email, { accounts, organizations }, NOW), expected);
    });
  }

  it('refuses an email without a name, an @ or a domain', () => {
    for (const email of ['acme.com', '', '@acme.com', 'dev@', 'dev@.acme.com', 'dev@acme.com.', 'dev@ac me.com']) {
      assert.throws(
        () => resolveTier(email, { accounts: [], organizations: [] }, NOW),
        (error: unknown) => error instanceof InvalidEmailError && error.message.includes('is not an email address'),
        email,
      );
    }
  });

  it("gives an email's lowercase domain to look organizations up by", () => {
    assert.equal(emailDomain('Dev@Eng.ACME.com'), 'eng.acme.com');
  });
});
