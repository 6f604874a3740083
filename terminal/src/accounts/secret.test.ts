import assert from 'node:assert/strict';
import { format, inspect } from 'node:util';
import { describe, it } from 'node:test';
import { Secret } from './secret';

const TOKEN = 'sk-ant-oat01-SECRET-VALUE';

describe('Secret', () => {
  const secret = new Secret(TOKEN);
  const renderings: Array<[how: string, render: () => string]> = [
    ['String()', () => String(secret)],
    ['a template', () => `${secret}`],
    ['concatenation', () => 'x' + secret],
    ['JSON.stringify', () => JSON.stringify({ credentials: { accessToken: secret } })],
    ['util.inspect', () => inspect(secret)],
    ['util.inspect with hidden fields', () => inspect({ secret }, { showHidden: true, depth: 10 })],
    ['console %s %o %O %j', () => format('%s %o %O %j', secret, secret, { secret }, { secret })],
    ['console of an object holding it', () => format({ accessToken: secret })],
    ['an error message', () => new Error(`bad token ${secret}`).message],
    ['an error with it as cause', () => inspect(new Error('failed', { cause: { token: secret } }))],
    ['a spread copy', () => JSON.stringify({ ...secret })],
    ['structuredClone', () => inspect(structuredClone({ nested: { ...secret } }))],
    ['Object.entries', () => JSON.stringify(Object.entries(secret))],
  ];
  for (const [how, render] of renderings)
    it(`is not shown by ${how}`, () => {
      const text = render();
      assert.ok(!text.includes(TOKEN) && !text.includes('SECRET-VALUE'), text);
    });

  it('shows [redacted] where it is turned into text', () => {
    assert.equal(String(secret), '[redacted]');
    assert.equal(JSON.stringify({ a: secret }), '{"a":"[redacted]"}');
    assert.equal(inspect(secret), '[redacted]');
  });

  it('gives the value to reveal()', () => assert.equal(secret.reveal(), TOKEN));
});
