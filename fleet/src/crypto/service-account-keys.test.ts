import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  bearerTokenKind,
  newServiceAccountKey,
  newSessionToken,
  SERVICE_ACCOUNT_KEY_PREFIX,
  SESSION_TOKEN_PREFIX,
  tokenHash,
  tokenMatches,
} from './service-account-keys';

const BASE64URL_ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];
const fixedBytes =
  (fill: number) =>
  (size: number): Buffer =>
    Buffer.alloc(size, fill);

describe('service account keys and session tokens', () => {
  it('are a prefix and 43 base64url characters of 32 random bytes, stored as their SHA-256', () => {
    const { token, hash } = newServiceAccountKey(fixedBytes(0xff));
    assert.equal(token, `ssg_sa_${'_'.repeat(42)}8`);
    assert.equal(hash, createHash('sha256').update(token).digest('hex'));
    const session = newSessionToken();
    assert.match(session.token, /^ssg_session_[A-Za-z0-9_-]{43}$/);
    assert.match(session.hash, /^[0-9a-f]{64}$/);
  });

  it('are different each time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newServiceAccountKey().token));
    assert.equal(tokens.size, 100);
  });

  it('are told apart by their prefix', () => {
    assert.equal(bearerTokenKind(newServiceAccountKey().token), 'service_account');
    assert.equal(bearerTokenKind(newSessionToken().token), 'session');
  });

  it('match their stored hash, and only as their own kind', () => {
    const { token, hash } = newServiceAccountKey();
    assert.equal(tokenMatches(token, 'service_account', hash), true);
    assert.equal(tokenHash(token, 'service_account'), hash);
    assert.equal(tokenMatches(token, 'session', hash), false);
    assert.equal(tokenMatches(newServiceAccountKey().token, 'service_account', hash), false);
    assert.equal(tokenMatches(token, 'service_account', 'not a hash'), false);
    assert.equal(tokenMatches(token, 'service_account', hash.toUpperCase()), false);
  });

  it('refuse anything of another shape before hashing it', () => {
    const { token } = newServiceAccountKey(fixedBytes(0));
    const body = token.slice(SERVICE_ACCOUNT_KEY_PREFIX.length);
    const lookalikes = [
      '',
      'ssg_sa_',
      body,
      `${token}A`,
      token.slice(0, -1),
      `Bearer ${token}`,
      ` ${token}`,
      `ssg_sa_${body.slice(0, -1)}B`, // a spelling of 32 bytes that is not canonical (the last 2 bits set)
      `ssg_sa_${body.slice(0, -1)}=`,
      `SSG_SA_${body}`,
      `${SESSION_TOKEN_PREFIX}${body.slice(0, 42)}+`,
    ];
    for (const text of lookalikes) {
      assert.equal(bearerTokenKind(text), null, text);
      assert.equal(tokenHash(text, 'service_account'), null, text);
      assert.equal(tokenHash(text, 'session'), null, text);
    }
  });

  it('accept exactly the tokens they issue', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const { token, hash } = newSessionToken(() => Buffer.from(bytes));
        assert.equal(tokenMatches(token, 'session', hash), true);
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...BASE64URL_ALPHABET, '=', '+'), minLength: 42, maxLength: 44 }),
        (text) => {
          assert.equal(bearerTokenKind(`ssg_sa_${text}`) !== null, /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(text));
        },
      ),
    );
  });
});
