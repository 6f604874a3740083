import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { LICENSE_ISSUER, LICENSE_PUBLIC_KEY_PEM, licenseIssuer, licenseIssuerPath } from './issuer-key';
import { activeLicense } from './active-license';
import { type License, licenseAllows, LicenseError, verifyLicenseToken } from './license-token';
import { mintLicense, newTestIssuer, trustTestIssuer } from './mint.testing';

const NOW = 1_900_000_000;
const issuer = newTestIssuer();
const other = newTestIssuer();
const claims = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  iss: 'test-issuer',
  sub: 'dev@example.com',
  tier: 'pro',
  nbf: NOW - 3600,
  exp: NOW + 3600,
  ...extra,
});
const verifyToken = (token: string): Promise<License> =>
  verifyLicenseToken(token, { publicKey: issuer.publicKey, issuer: 'test-issuer', now: NOW });

/** Replaces one of the token's three parts. */
const withPart = (token: string, index: number, part: string): string =>
  token
    .split('.')
    .map((p, i) => (i === index ? part : p))
    .join('.');
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifyLicenseToken', () => {
  it('returns the claims of a valid license', async () => {
    assert.deepEqual(await verifyToken(mintLicense(issuer.privateKey, claims({ features: ['opencode'] }))), {
      tier: 'pro',
      features: ['opencode'],
      subject: 'dev@example.com',
      expiresAt: NOW + 3600,
    });
  });

  const valid: Array<{ name: string; claims: Record<string, unknown> }> = [
    { name: 'without nbf or sub', claims: { iss: 'test-issuer', tier: 'free', exp: NOW + 1 } },
    { name: 'expired within the clock skew', claims: claims({ exp: NOW - 30 }) },
    { name: 'starting within the clock skew', claims: claims({ nbf: NOW + 30 }) },
  ];
  for (const tc of valid) {
    it(`accepts a license ${tc.name}`, async () => {
      assert.equal((await verifyToken(mintLicense(issuer.privateKey, tc.claims))).expiresAt, tc.claims.exp);
    });
  }

  const good = mintLicense(issuer.privateKey, claims());
  const invalid: Array<{ name: string; token: string; error: RegExp }> = [
    { name: 'an empty file', token: '', error: /not a JWT/ },
    { name: 'two parts', token: good.split('.').slice(0, 2).join('.'), error: /not a JWT/ },
    { name: 'four parts', token: `${good}.x`, error: /not a JWT/ },
    { name: 'characters outside base64url', token: withPart(good, 2, 'ab+c/='), error: /not a JWT/ },
    { name: 'a huge token', token: `${'a'.repeat(20_000)}.b.c`, error: /too large/ },
    { name: 'expired', token: mintLicense(issuer.privateKey, claims({ exp: NOW - 61 })), error: /expired on/ },
    { name: 'not valid yet', token: mintLicense(issuer.privateKey, claims({ nbf: NOW + 61 })), error: /valid from/ },
    { name: 'signed by another key', token: mintLicense(other.privateKey, claims()), error: /signature/ },
    {
      name: 'a tampered payload (tier raised)',
      token: withPart(good, 1, b64(claims({ tier: 'enterprise' }))),
      error: /signature/,
    },
    {
      name: 'a tampered expiry',
      token: withPart(good, 1, b64(claims({ exp: NOW + 10 * 365 * 86_400 }))),
      error: /signature/,
    },
    { name: 'a truncated signature', token: good.slice(0, -4), error: /signature/ },
    { name: 'alg none', token: withPart(good, 0, b64({ alg: 'none' })), error: /"none", not EdDSA/ },
    {
      name: 'alg HS256',
      token: mintLicense(issuer.privateKey, claims(), { alg: 'HS256', typ: 'JWT' }),
      error: /"HS256", not EdDSA/,
    },
    {
      name: 'a crit header',
      token: mintLicense(issuer.privateKey, claims(), { alg: 'EdDSA', crit: ['b64'], b64: false }),
      error: /extensions/,
    },
    { name: 'a header that is not JSON', token: withPart(good, 0, 'bm90IGpzb24'), error: /header is not valid JSON/ },
    { name: 'a header that is an array', token: withPart(good, 0, b64([])), error: /header is not a JSON object/ },
    {
      name: 'a payload that is a string',
      token: mintLicense(issuer.privateKey, 'x' as unknown as Record<string, unknown>),
      error: /payload is not a JSON object/,
    },
    {
      name: 'another issuer',
      token: mintLicense(issuer.privateKey, claims({ iss: 'someone-else' })),
      error: /issued by "someone-else"/,
    },
    { name: 'no issuer', token: mintLicense(issuer.privateKey, claims({ iss: undefined })), error: /issued by/ },
    { name: 'no exp', token: mintLicense(issuer.privateKey, claims({ exp: undefined })), error: /no expiry/ },
    {
      name: 'a string exp',
      token: mintLicense(issuer.privateKey, claims({ exp: String(NOW + 10) })),
      error: /no expiry/,
    },
    { name: 'a string nbf', token: mintLicense(issuer.privateKey, claims({ nbf: 'now' })), error: /invalid start/ },
    { name: 'no tier', token: mintLicense(issuer.privateKey, claims({ tier: undefined })), error: /no tier/ },
    { name: 'an empty tier', token: mintLicense(issuer.privateKey, claims({ tier: '' })), error: /no tier/ },
    {
      name: 'features that are not names',
      token: mintLicense(issuer.privateKey, claims({ features: ['opencode', 7] })),
      error: /invalid features/,
    },
    {
      name: 'features that are a string',
      token: mintLicense(issuer.privateKey, claims({ features: 'opencode' })),
      error: /invalid features/,
    },
  ];
  for (const tc of invalid) {
    it(`rejects ${tc.name}`, async () => {
      await assert.rejects(
        verifyToken(tc.token),
        (error: unknown) => error instanceof LicenseError && tc.error.test(error.message),
      );
    });
  }
});

describe('licenseAllows', () => {
  const cases: Array<{ name: string; license: License; want: boolean }> = [
    { name: 'a paid tier without a features list', license: { tier: 'pro', expiresAt: NOW }, want: true },
    { name: 'the free tier', license: { tier: 'free', expiresAt: NOW }, want: false },
    { name: 'a listed feature', license: { tier: 'free', features: ['opencode'], expiresAt: NOW }, want: true },
    {
      name: 'a paid tier whose list lacks the feature',
      license: { tier: 'enterprise', features: ['hub'], expiresAt: NOW },
      want: false,
    },
  ];
  for (const tc of cases) {
    it(`${tc.want ? 'allows' : 'refuses'} ${tc.name}`, () =>
      assert.equal(licenseAllows(tc.license, 'opencode'), tc.want));
  }
});

describe('the issuer', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-issuer-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));
  const configure = (config: unknown) => writeFileSync(licenseIssuerPath(home), JSON.stringify(config));

  it('is the built-in one unless license-issuer.json names another', () => {
    const builtIn = licenseIssuer(home);
    assert.equal(builtIn.issuer, LICENSE_ISSUER);
    assert.equal(builtIn.publicKey.export({ type: 'spki', format: 'pem' }), LICENSE_PUBLIC_KEY_PEM);
    trustTestIssuer(home, issuer, 'fleet.example');
    assert.equal(licenseIssuer(home).issuer, 'fleet.example');
  });

  it('is not swapped by the environment: a key any process can set is a license anyone can mint', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { SSG_LICENSE_PUBLIC_KEY: issuer.publicPem, SSG_LICENSE_ISSUER: 'test-issuer' });
    try {
      writeFileSync(join(home, 'license.jwt'), mintLicense(issuer.privateKey, claims()));
      await assert.rejects(activeLicense({ home, now: NOW }), /issued by "test-issuer", not "ssg-accounts"|signature/);
    } finally {
      process.env = saved;
    }
  });

  it('takes its key from license-issuer.json as PEM or as a JWK', async () => {
    const token = mintLicense(issuer.privateKey, claims());
    writeFileSync(join(home, 'license.jwt'), token);
    const jwk = JSON.stringify(issuer.publicKey.export({ format: 'jwk' }));
    for (const publicKey of [issuer.publicPem, jwk]) {
      configure({ issuer: 'test-issuer', publicKey });
      assert.equal((await activeLicense({ home, now: NOW })).tier, 'pro');
    }
  });

  const badFiles: Array<{ name: string; text: string; error: RegExp }> = [
    { name: 'not JSON', text: '{"issuer":', error: /is not valid JSON/ },
    { name: 'without an issuer', text: JSON.stringify({ publicKey: issuer.publicPem }), error: /names no issuer/ },
    { name: 'without a key', text: JSON.stringify({ issuer: 'x' }), error: /has no "publicKey"/ },
    {
      name: 'a key that is garbage',
      text: JSON.stringify({ issuer: 'x', publicKey: 'not a key' }),
      error: /is not a public key/,
    },
    {
      name: 'an EC P-256 key',
      text: JSON.stringify({
        issuer: 'x',
        publicKey: generateKeyPairSync('ec', { namedCurve: 'P-256' })
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
      }),
      error: /must be an Ed25519 key, not ec/,
    },
  ];
  for (const tc of badFiles) {
    it(`refuses a license-issuer.json ${tc.name} (rather than falling back)`, () => {
      writeFileSync(licenseIssuerPath(home), tc.text);
      assert.throws(
        () => licenseIssuer(home),
        (error: unknown) => error instanceof LicenseError && tc.error.test(error.message),
      );
    });
  }
});
