// Which licence is in force: the SSO sign-in's (hosts.toml, [license] token) before license.jwt.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { saveLicence, saveSignIn } from '../sso/sign-in-store';
import { hostsFilePath } from '../sso/hosts-path';
import { activeLicense, licensePath, readLicenseToken } from './active-license';
import { mintLicense, newTestIssuer, trustTestIssuer } from './mint.testing';

const NOW = 1_900_000_000;
const issuer = newTestIssuer();
const mint = (tier: string) =>
  mintLicense(issuer.privateKey, { iss: 'test-issuer', sub: 'dev@acme.test', tier, exp: NOW + 3600 });

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ssg-active-license-'));
  trustTestIssuer(home, issuer);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function signInWithLicence(token: string): void {
  saveSignIn(
    home,
    {
      fleetUrl: 'https://fleet.example.com',
      issuer: 'https://idp.example.com',
      clientId: 'c',
      orgId: 'acme',
      email: 'dev@acme.test',
      role: 'member',
      sessionId: 's',
      sessionExpiresAt: NOW * 1000,
      signedInAt: NOW * 1000,
    },
    { idToken: 'i', accessToken: 'a', refreshToken: null, sessionToken: 'ssg_session_x' },
    { vault: undefined },
  );
  saveLicence(home, { token, tier: 'ignored: the token says', expiresAt: (NOW + 3600) * 1000 });
}

describe('the active licence', () => {
  it("is the SSO sign-in's when there is one, even beside license.jwt", async () => {
    writeFileSync(licensePath(home), mint('pro'));
    signInWithLicence(mint('enterprise'));
    assert.equal((await activeLicense({ home, now: NOW })).tier, 'enterprise');
    assert.deepEqual(
      { source: readLicenseToken(home).source, path: readLicenseToken(home).path },
      { source: 'sso', path: hostsFilePath(home) },
    );
  });

  it('is license.jwt without a sign-in, or with a sign-in that has no licence yet', async () => {
    writeFileSync(licensePath(home), mint('pro'));
    assert.equal((await activeLicense({ home, now: NOW })).tier, 'pro');
    signInWithLicence('');
    assert.equal((await activeLicense({ home, now: NOW })).tier, 'pro');
    assert.equal(readLicenseToken(home).source, 'file');
  });

  it("verifies the sign-in's licence like any other", async () => {
    signInWithLicence(
      mintLicense(newTestIssuer().privateKey, { iss: 'test-issuer', tier: 'enterprise', exp: NOW + 60 }),
    );
    await assert.rejects(activeLicense({ home, now: NOW }), /signature/);
  });

  it('says where it looked when there is none', async () => {
    await assert.rejects(activeLicense({ home, now: NOW }), (error: Error) => {
      assert.ok(error.message.includes(`no license at ${licensePath(home)}`));
      assert.ok(error.message.includes(hostsFilePath(home)));
      return true;
    });
  });
});
