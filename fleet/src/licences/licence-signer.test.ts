import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LICENSE_ISSUER, licenseIssuer, licenseIssuerPath } from '@ssg/node/license/issuer-key';
import { LicenseError, verifyLicenseToken } from '@ssg/node/license/license-token';
import { calculateJwkThumbprint, decodeProtectedHeader } from 'jose';
import {
  createLicenceSigner,
  LICENCE_LIFETIME_SECONDS,
  licenceSignerFromEnv,
  LicenceSignerConfigError,
  parseSigningKey,
} from './licence-signer';

const NOW = 1_900_000_000;
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const pkcs8Pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const signer = createLicenceSigner({ privateKey, issuer: 'fleet.example' });
const verify = (token: string, now = NOW) => verifyLicenseToken(token, { publicKey, issuer: 'fleet.example', now });

/** Replaces the payload of a JWT, keeping its header and signature. */
function withPayload(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('licence signer', () => {
  const home = mkdtempSync(join(tmpdir(), 'ssg-licence-signer-'));
  after(() => rmSync(home, { recursive: true, force: true }));

  it("signs licences the clients' verifier accepts, with the claims it reads", async () => {
    const { token, expiresAt } = await signer.sign(
      { subject: 'dev@acme.example', tier: 'enterprise', features: ['fleet'] },
      NOW,
    );
    assert.equal(expiresAt, NOW + LICENCE_LIFETIME_SECONDS);
    assert.deepEqual(await verify(token), {
      tier: 'enterprise',
      features: ['fleet'],
      subject: 'dev@acme.example',
      expiresAt,
    });
    assert.deepEqual(decodeProtectedHeader(token), { alg: 'EdDSA', typ: 'JWT', kid: signer.keyId });
  });

  it('leaves features out when none are given (a paid tier then unlocks everything)', async () => {
    const { token } = await signer.sign({ subject: 'dev@acme.example', tier: 'pro' }, NOW);
    assert.equal((await verify(token)).features, undefined);
  });

  it('is refused once tampered with, signed by another key, or expired', async () => {
    const { token } = await signer.sign({ subject: 'dev@acme.example', tier: 'free' }, NOW);
    const promoted = withPayload(token, (claims) => (claims.tier = 'enterprise'));
    await assert.rejects(verify(promoted), (error: unknown) => {
      return error instanceof LicenseError && /signature does not match/.test(error.message);
    });
    const stranger = createLicenceSigner({
      privateKey: generateKeyPairSync('ed25519').privateKey,
      issuer: 'fleet.example',
    });
    await assert.rejects(
      verify((await stranger.sign({ subject: 'x@y.example', tier: 'pro' }, NOW)).token),
      LicenseError,
    );
    await assert.rejects(verify(token, NOW + LICENCE_LIFETIME_SECONDS + 120), /the license expired/);
  });

  it("gives the clients' license-issuer.json, which their issuer loader takes", async () => {
    writeFileSync(licenseIssuerPath(home), JSON.stringify(signer.issuerFile()));
    const trusted = licenseIssuer(home);
    assert.equal(trusted.issuer, 'fleet.example');
    const { token } = await signer.sign({ subject: 'dev@acme.example', tier: 'pro' }, NOW);
    assert.equal((await verifyLicenseToken(token, { ...trusted, now: NOW })).tier, 'pro');
  });

  it("names its key by the key's RFC 7638 thumbprint, also in its public JWK", async () => {
    const jwk = signer.publicJwk();
    assert.equal(signer.keyId, await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x as string }));
    assert.deepEqual(Object.keys(jwk).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x']);
  });
});

describe('licence signer configuration', () => {
  const configError = (pattern: RegExp) => (error: unknown) =>
    error instanceof LicenceSignerConfigError && pattern.test(error.message);

  it('takes PKCS#8 PEM, also with "\\n" escapes, or a private JWK; the issuer defaults to ssg-accounts', () => {
    const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    for (const key of [pkcs8Pem, pkcs8Pem.trim().replaceAll('\n', '\\n'), jwk]) {
      const fromEnv = licenceSignerFromEnv({ SSG_FLEET_LICENSE_SIGNING_KEY: key });
      assert.equal(fromEnv.keyId, signer.keyId);
      assert.equal(fromEnv.issuer, LICENSE_ISSUER);
    }
    const named = licenceSignerFromEnv({ SSG_FLEET_LICENSE_SIGNING_KEY: pkcs8Pem, SSG_FLEET_LICENSE_ISSUER: 'acme' });
    assert.equal(named.issuer, 'acme');
  });

  it('is a clear start-up error for a missing, unusable, public or non-Ed25519 key, never quoting it', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    const privateJwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
    const cases: [string | undefined, RegExp][] = [
      [undefined, /SSG_FLEET_LICENSE_SIGNING_KEY is not set/],
      ['', /is not set/],
      ['not a key', /is not a usable PKCS#8 PEM private key/],
      [`${privateJwk.slice(0, -1)},}`, /is not valid JSON/],
      [JSON.stringify(publicKey.export({ format: 'jwk' })), /is a public JWK/],
      [JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'AA', d: 'AA' }), /is not a usable JWK private key/],
      [rsa.toString(), /is a rsa key; licences are signed with Ed25519/],
    ];
    for (const [text, pattern] of cases) {
      assert.throws(
        () => parseSigningKey(text),
        (error: unknown) => configError(pattern)(error) && !(error as Error).message.includes(pkcs8Pem.slice(30, 60)),
        String(text),
      );
    }
    const d = (privateKey.export({ format: 'jwk' }) as { d: string }).d;
    assert.throws(
      () => parseSigningKey(`${privateJwk.slice(0, -1)},}`),
      (error: unknown) => !(error as Error).message.includes(d),
    );
  });

  it('refuses an empty or overlong issuer, and a public key to sign with', () => {
    assert.throws(() => createLicenceSigner({ privateKey, issuer: ' ' }), configError(/ISSUER must be 1 to 256/));
    assert.throws(() => createLicenceSigner({ privateKey, issuer: 'x'.repeat(257) }), LicenceSignerConfigError);
    assert.throws(() => createLicenceSigner({ privateKey: publicKey, issuer: 'x' }), /Ed25519 private key/);
  });
});
