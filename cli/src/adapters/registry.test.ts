import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { adapterNames, selectAdapter, UnknownClientError } from './registry';

const VARIABLES = ['SSG_CLIENT', 'CLAUDE_CODE_VERSION', 'CLAUDE_CODE_API_KEY', 'CLAUDE_CODE_ENTRYPOINT'];

describe('selectAdapter', () => {
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
    for (const name of VARIABLES) delete process.env[name];
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const cases: Array<{ name: string; explicit?: string; env: Record<string, string>; want: string }> = [
    { name: 'nothing set → generic', env: {}, want: 'generic' },
    { name: 'Claude Code detected', env: { CLAUDE_CODE_ENTRYPOINT: 'cli' }, want: 'claude-code' },
    {
      name: 'SSG_CLIENT beats detection',
      env: { SSG_CLIENT: 'generic', CLAUDE_CODE_ENTRYPOINT: 'cli' },
      want: 'generic',
    },
    { name: 'explicit beats SSG_CLIENT', explicit: 'claude-code', env: { SSG_CLIENT: 'generic' }, want: 'claude-code' },
    { name: 'empty SSG_CLIENT is unset', env: { SSG_CLIENT: '' }, want: 'generic' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      Object.assign(process.env, tc.env);
      assert.equal(selectAdapter(tc.explicit).name, tc.want);
    });
  }

  it('rejects an unknown client name', () => {
    assert.throws(() => selectAdapter('cursr'), UnknownClientError);
    process.env.SSG_CLIENT = 'nope';
    assert.throws(
      () => selectAdapter(),
      (e: unknown) => e instanceof UnknownClientError && e.client === 'nope',
    );
  });

  it('lists generic last', () => assert.equal(adapterNames().at(-1), 'generic'));
});
