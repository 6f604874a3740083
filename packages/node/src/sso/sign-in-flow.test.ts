import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jwtExpiresAt } from './sign-in-flow';

describe('jwtExpiresAt', () => {
  const jwt = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
  for (const [name, token, expiry] of [
    ['a JWT with exp', jwt({ exp: 1_800_000_000 }), 1_800_000_000_000],
    ['a JWT without exp', jwt({ sub: 'x' }), null],
    ['a JWT with a string exp', jwt({ exp: '1800000000' }), null],
    ['no JWT', 'ssg_session_abc', null],
    ['a JWT whose payload is not JSON', 'e30.bm90IGpzb24.sig', null],
  ] as const) {
    it(`reads the expiry of ${name}`, () => assert.equal(jwtExpiresAt(token), expiry));
  }
});
