import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type ClaudeAccount, DEFAULT_ACCOUNT } from './account';
import { claudeJsonPath, readAccountLabel } from './account-label';
import { fileCredentialReader } from './file-credentials';

describe('readAccountLabel', () => {
  let home: string;
  let work: ClaudeAccount;
  const label = (account: ClaudeAccount) =>
    readAccountLabel(account, { home, credentials: fileCredentialReader({ home }) });
  const write = (path: string, content: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
  };
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-label-'));
    work = { id: 'work', name: 'Work', isDefault: false, configDir: join(home, '.ssg', 'claude-accounts', 'work') };
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it("reads the default account's ~/.claude.json and another's <folder>/.claude.json", async () => {
    assert.equal(claudeJsonPath(DEFAULT_ACCOUNT, home), join(home, '.claude.json'));
    assert.equal(claudeJsonPath(work, home), join(work.configDir!, '.claude.json'));
    write(
      join(home, '.claude.json'),
      JSON.stringify({
        oauthAccount: { emailAddress: 'ann@example.com', organizationName: 'Ann’s org', accountUuid: 'u' },
        projects: { '/x': { lastSessionId: 's' } },
      }),
    );
    write(join(home, '.claude', '.credentials.json'), '{"claudeAiOauth":{"accessToken":"sk-ant-oat01-T"}}');
    write(
      join(work.configDir!, '.claude.json'),
      JSON.stringify({ oauthAccount: { emailAddress: 'ann@work.example' } }),
    );
    assert.deepEqual(await label(DEFAULT_ACCOUNT), {
      email: 'ann@example.com',
      organization: 'Ann’s org',
      loggedIn: true,
    });
    assert.deepEqual(await label(work), { email: 'ann@work.example', loggedIn: false });
  });

  const unusable: Array<[what: string, content: string | undefined]> = [
    ['no file', undefined],
    ['malformed JSON', '{"oauthAccount":'],
    ['null', 'null'],
    ['no oauthAccount (never logged in)', '{"theme":"dark"}'],
    ['wrong types', '{"oauthAccount":{"emailAddress":42,"organizationName":["x"]}}'],
    ['control characters', '{"oauthAccount":{"emailAddress":"a@b\\u001b[31m"}}'],
    ['an absurd length', JSON.stringify({ oauthAccount: { emailAddress: `${'a'.repeat(400)}@x` } })],
  ];
  for (const [what, content] of unusable)
    it(`shows no identity for ${what}`, async () => {
      if (content !== undefined) write(join(work.configDir!, '.claude.json'), content);
      assert.deepEqual(await label(work), { loggedIn: false });
    });

  it('never carries a token, whatever the file holds', async () => {
    write(
      join(work.configDir!, '.claude.json'),
      JSON.stringify({
        oauthAccount: { emailAddress: 'a@b.c', accessToken: 'sk-ant-oat01-T' },
        primaryApiKey: 'sk-ant-api03-K',
      }),
    );
    write(join(work.configDir!, '.credentials.json'), '{"claudeAiOauth":{"accessToken":"sk-ant-oat01-T"}}');
    const text = JSON.stringify(await label(work));
    assert.equal(text, '{"email":"a@b.c","loggedIn":true}');
  });
});
