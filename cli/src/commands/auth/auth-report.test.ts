import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatTime,
  type LicenceView,
  licenceLabel,
  renderRefreshed,
  renderSignedIn,
  renderStatus,
  type SignInView,
} from './auth-report';

const NOW = Date.parse('2026-11-27T14:00:00Z');
const signIn: SignInView = {
  email: 'ada@acme.test',
  orgId: 'org_acme',
  orgName: 'Acme',
  role: 'org_admin',
  fleetUrl: 'https://fleet.acme.test',
  issuer: 'https://idp.acme.test',
  clientId: 'cli-app',
  sessionExpiresAt: NOW + 8 * 3600_000,
  tokenStore: 'file',
};
const enterprise: LicenceView = { tier: 'enterprise', expiresAt: Date.parse('2026-12-27T14:00:00Z') };

describe('auth report', () => {
  it('formats times to the minute in UTC', () => {
    assert.equal(formatTime(Date.parse('2026-12-27T14:05:59.999Z')), '2026-12-27 14:05 UTC');
  });

  for (const [name, licence, label] of [
    ['a tier and its end', enterprise, 'ENTERPRISE until 2026-12-27 14:00 UTC'],
    ['a tier without an end', { tier: 'free', expiresAt: null }, 'FREE'],
    [
      'no licence, with why',
      { tier: null, expiresAt: null, problem: 'the license expired' },
      'none (the license expired)',
    ],
    ['no licence, no reason', { tier: null, expiresAt: null }, 'none (no licence)'],
  ] as const) {
    it(`labels ${name}`, () => assert.equal(licenceLabel(licence), label));
  }

  for (const [name, view, line] of [
    [
      'with the organization’s name',
      signIn,
      'Signed in as ada@acme.test to org_acme (Acme) — licence ENTERPRISE until 2026-12-27 14:00 UTC\n',
    ],
    [
      'without a name',
      { ...signIn, orgName: null },
      'Signed in as ada@acme.test to org_acme — licence ENTERPRISE until 2026-12-27 14:00 UTC\n',
    ],
    [
      'with a name that is the id',
      { ...signIn, orgName: 'org_acme' },
      'Signed in as ada@acme.test to org_acme — licence ENTERPRISE until 2026-12-27 14:00 UTC\n',
    ],
    [
      'with control characters in the name, shown harmless',
      { ...signIn, orgName: 'Acme\u001b[2J' },
      'Signed in as ada@acme.test to org_acme (Acme?[2J) — licence ENTERPRISE until 2026-12-27 14:00 UTC\n',
    ],
  ] as const) {
    it(`says who signed in where, ${name}`, () => assert.equal(renderSignedIn(view, enterprise), line));
  }

  it('shows the status of a sign-in, line by line', () => {
    assert.equal(
      renderStatus(signIn, enterprise, '/home/ada/.ssg/hosts.toml', NOW),
      [
        'Signed in to the fleet.',
        'user       ada@acme.test (org_admin)',
        'org        org_acme (Acme)',
        'fleet      https://fleet.acme.test',
        'provider   https://idp.acme.test (client cli-app)',
        'licence    ENTERPRISE until 2026-12-27 14:00 UTC',
        'session    until 2026-11-27 22:00 UTC',
        'tokens     /home/ada/.ssg/hosts.toml (mode 0600)',
        '',
      ].join('\n'),
    );
  });

  for (const [name, view, licence, expected] of [
    ['tokens in the keychain', { ...signIn, tokenStore: 'keychain' }, enterprise, /^tokens {5}the OS keychain$/m],
    [
      'an ended session',
      { ...signIn, sessionExpiresAt: NOW - 1 },
      enterprise,
      /^session {4}expired 2026-11-27 13:59 UTC — run `ssg auth login --sso` for a new one$/m,
    ],
    [
      'a free licence, with what ENTERPRISE needs',
      signIn,
      { tier: 'free', expiresAt: null },
      /^Note: the licence is free\. ENTERPRISE needs an active enterprise subscription and the organization's sso_domain .*`ssg auth refresh`\.$/m,
    ],
    [
      'no sign-in',
      undefined,
      { tier: null, expiresAt: null, problem: 'no license' },
      /^Not signed in\. Run `ssg auth login --sso`.*\nlicence {4}none \(no license\)\n$/,
    ],
  ] as const) {
    it(`shows ${name}`, () => assert.match(renderStatus(view, licence, '/h/hosts.toml', NOW), expected));
  }

  for (const [before, after, line] of [
    ['free', enterprise, 'Licence re-checked: FREE → ENTERPRISE until 2026-12-27 14:00 UTC\n'],
    ['enterprise', enterprise, 'Licence re-checked: ENTERPRISE until 2026-12-27 14:00 UTC (tier unchanged)\n'],
    [null, { tier: 'pro', expiresAt: null }, 'Licence re-checked: none → PRO\n'],
  ] as const) {
    it(`tells a refresh from ${before} to ${after.tier}`, () => assert.equal(renderRefreshed(before, after), line));
  }
});
