import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type ClaudeAccount, DEFAULT_ACCOUNT } from './account';
import type { CredentialProblem } from './credentials';
import { credentialsFilePath, fileCredentialReader, MAX_CREDENTIALS_FILE_BYTES } from './file-credentials';

const TOKEN = 'sk-ant-oat01-ACCESS-ABC';
const REFRESH = 'sk-ant-ort01-REFRESH-XYZ';

const login = (oauth: Record<string, unknown>) => JSON.stringify({ claudeAiOauth: oauth });
const full = {
  accessToken: TOKEN,
  refreshToken: REFRESH,
  expiresAt: 1767396165210,
  scopes: ['user:inference', 'user:profile'],
  subscriptionType: 'max',
  rateLimitTier: 'default_claude_max_20x',
};

describe('fileCredentialReader', () => {
  let home: string;
  let work: ClaudeAccount;
  let problems: CredentialProblem[];
  const reader = () => fileCredentialReader({ home, onProblem: (problem) => problems.push(problem) });
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-creds-'));
    work = { id: 'work', name: 'Work', isDefault: false, configDir: join(home, '.ssg', 'claude-accounts', 'work') };
    problems = [];
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const write = (account: ClaudeAccount, content: string | Buffer) => {
    const path = credentialsFilePath(account, home);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    return path;
  };

  it('reads the default account from ~/.claude and another from its own folder', async () => {
    write(DEFAULT_ACCOUNT, login({ ...full, accessToken: 'sk-ant-oat01-DEFAULT' }));
    write(work, login(full));
    const fromDefault = await reader().read(DEFAULT_ACCOUNT);
    const fromWork = await reader().read(work);
    assert.equal(fromDefault?.accessToken.reveal(), 'sk-ant-oat01-DEFAULT');
    assert.equal(fromWork?.accessToken.reveal(), TOKEN);
    assert.deepEqual(
      { ...fromWork, accessToken: fromWork?.accessToken.reveal() },
      {
        accessToken: TOKEN,
        expiresAt: 1767396165210,
        scopes: ['user:inference', 'user:profile'],
        subscriptionType: 'max',
      },
    );
    assert.ok(!JSON.stringify(fromWork).includes(TOKEN), 'the token is redacted in JSON');
    assert.ok(!format('%o', fromWork).includes(REFRESH), 'the refresh token is not kept at all');
    assert.ok(!('refreshToken' in fromWork!));
    assert.deepEqual(problems, []);
  });

  const cases: Array<{
    what: string;
    content?: string | Buffer;
    expected?: Partial<Record<string, unknown>>;
    problem?: RegExp;
  }> = [
    { what: 'no file (never logged in)' },
    { what: 'no claudeAiOauth (only MCP logins)', content: '{"mcpOAuth":{}}' },
    { what: 'a blanked token (logged out after a failed refresh)', content: login({ ...full, accessToken: '' }) },
    { what: 'malformed JSON', content: `{"claudeAiOauth":{"accessToken":"${TOKEN}",`, problem: /not JSON/ },
    { what: 'a JSON list', content: `["${TOKEN}"]`, problem: /not a JSON object/ },
    {
      what: 'claudeAiOauth as a string',
      content: JSON.stringify({ claudeAiOauth: TOKEN }),
      problem: /"claudeAiOauth" is not an object/,
    },
    { what: 'a numeric token', content: login({ accessToken: 42 }), problem: /"accessToken" is not a string/ },
    {
      what: 'a file of a megabyte',
      content: Buffer.alloc(MAX_CREDENTIALS_FILE_BYTES + 1, 'a'),
      problem: /larger than a credentials file/,
    },
    {
      what: 'wrong types beside the token',
      content: login({
        accessToken: TOKEN,
        expiresAt: '1767396165210',
        scopes: 'user:inference user:profile',
        subscriptionType: 7,
      }),
      expected: { scopes: ['user:inference', 'user:profile'] },
    },
    {
      what: 'scopes with junk in the list',
      content: login({ accessToken: TOKEN, expiresAt: Number.NaN, scopes: ['user:profile', 3, null, ''] }),
      expected: { scopes: ['user:profile'] },
    },
  ];
  for (const { what, content, expected, problem } of cases)
    it(`reads ${what} ${expected ? 'as far as it can' : problem ? 'as a problem' : 'as no login'}, never throwing`, async () => {
      const path = content === undefined ? credentialsFilePath(work, home) : write(work, content);
      const read = await reader().read(work);
      if (expected)
        assert.deepEqual({ ...read, accessToken: read?.accessToken.reveal() }, { accessToken: TOKEN, ...expected });
      else assert.equal(read, undefined);
      if (problem) {
        assert.equal(problems.length, 1);
        assert.equal(problems[0]!.accountId, 'work');
        assert.ok(problems[0]!.message.startsWith(`${path}: `), problems[0]!.message);
        assert.match(problems[0]!.message, problem);
      } else assert.deepEqual(problems, []);
      assert.ok(!JSON.stringify(problems).includes('ACCESS-ABC'), 'no problem quotes the token');
    });

  it('reports a folder where the file should be', async () => {
    mkdirSync(credentialsFilePath(work, home), { recursive: true });
    assert.equal(await reader().read(work), undefined);
    assert.match(problems[0]!.message, /cannot be read \(EISDIR\)/);
  });

  it('reads without a listener for problems', async () => {
    write(work, '{');
    assert.equal(await fileCredentialReader({ home }).read(work), undefined);
  });
});
