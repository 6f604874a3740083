import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { DEFAULT_ACCOUNT, accountConfigDir, type ClaudeAccount } from './account';
import type { CredentialProblem } from './credentials';
import { claudeKeychainService, keychainCredentialReader, type KeyringModule } from './keychain-credentials';

const TOKEN = 'sk-ant-oat01-KEYCHAIN-TOKEN';

/**
 * @napi-rs/keyring's surface, in memory: records every entry opened and every call, writes included, so a test can
 * prove none was made.
 */
function fakeKeyring(items: Record<string, string>, behaviour: { failReads?: Error } = {}) {
  const opened: Array<{ service: string; account: string }> = [];
  const writes: string[] = [];
  class Entry {
    constructor(
      readonly service: string,
      readonly account: string,
    ) {
      opened.push({ service, account });
    }
    async getPassword() {
      if (behaviour.failReads) throw behaviour.failReads;
      return items[`${this.service}|${this.account}`] ?? null;
    }
    async setPassword() {
      writes.push(`setPassword ${this.service}`);
    }
    async setSecret() {
      writes.push(`setSecret ${this.service}`);
    }
    async deletePassword() {
      writes.push(`deletePassword ${this.service}`);
      return true;
    }
    async deleteCredential() {
      writes.push(`deleteCredential ${this.service}`);
      return true;
    }
  }
  const module = { AsyncEntry: Entry, Entry } as unknown as KeyringModule;
  return { module, opened, writes };
}

const work = (configDir: string): ClaudeAccount => ({ id: 'work', name: 'Work', isDefault: false, configDir });

describe('the keychain service name', () => {
  it('is the bare name when CLAUDE_CONFIG_DIR is unset', () => {
    assert.equal(claudeKeychainService(undefined), 'Claude Code-credentials');
  });

  it('adds the first 8 hex digits of sha256 of the NFC folder string', () => {
    const dir = '/Users/ann/.ssg/claude-accounts/work';
    const hex = createHash('sha256').update(dir).digest('hex').slice(0, 8);
    assert.equal(claudeKeychainService(dir), `Claude Code-credentials-${hex}`);
    assert.equal(hex, '8157557d', 'pinned: printf %s DIR | sha256sum');
    // Every character counts: a trailing slash or ~/.claude itself is another entry.
    assert.notEqual(claudeKeychainService(`${dir}/`), claudeKeychainService(dir));
    assert.notEqual(claudeKeychainService('/Users/ann/.claude'), claudeKeychainService(undefined));
  });

  it('hashes the NFC form, so a decomposed é names the same entry as a composed one', () => {
    const composed = '/Users/ren\u00e9/.ssg/claude-accounts/work';
    const decomposed = '/Users/rene\u0301/.ssg/claude-accounts/work';
    const hex = createHash('sha256').update(Buffer.from(composed, 'utf8')).digest('hex').slice(0, 8);
    assert.equal(claudeKeychainService(decomposed), `Claude Code-credentials-${hex}`);
    assert.equal(claudeKeychainService(composed), claudeKeychainService(decomposed));
  });
});

describe('keychainCredentialReader', () => {
  const ssgHome = '/Users/ann/.ssg';
  const configDir = accountConfigDir(ssgHome, 'work');
  const hashed = `Claude Code-credentials-${createHash('sha256').update(configDir).digest('hex').slice(0, 8)}`;
  const blob = JSON.stringify({
    claudeAiOauth: { accessToken: TOKEN, refreshToken: 'sk-ant-ort01-R', expiresAt: 1, scopes: ['user:profile'] },
  });

  it('reads each account from its own item, as the OS user, and never writes', async () => {
    const keyring = fakeKeyring({
      'Claude Code-credentials|ann': blob.replace(TOKEN, 'sk-ant-oat01-DEFAULT'),
      [`${hashed}|ann`]: `${blob}\n`,
    });
    const reader = keychainCredentialReader({ keyring: () => keyring.module, username: 'ann' });
    assert.equal((await reader.read(DEFAULT_ACCOUNT))?.accessToken.reveal(), 'sk-ant-oat01-DEFAULT');
    const credentials = await reader.read(work(configDir));
    assert.equal(credentials?.accessToken.reveal(), TOKEN);
    assert.deepEqual(credentials?.scopes, ['user:profile']);
    assert.deepEqual(keyring.opened, [
      { service: 'Claude Code-credentials', account: 'ann' },
      { service: hashed, account: 'ann' },
    ]);
    assert.deepEqual(keyring.writes, []);
  });

  it('loads the module once, on the first read', async () => {
    let loads = 0;
    const keyring = fakeKeyring({});
    const reader = keychainCredentialReader({
      keyring: () => {
        loads++;
        return keyring.module;
      },
      username: 'ann',
    });
    assert.equal(loads, 0);
    await reader.read(DEFAULT_ACCOUNT);
    await reader.read(DEFAULT_ACCOUNT);
    assert.equal(loads, 1);
  });

  const unreadable: Array<{
    what: string;
    items?: Record<string, string>;
    failReads?: Error;
    load?: 'missing';
    problem?: RegExp;
  }> = [
    { what: 'no item (never logged in)' },
    { what: 'an empty item', items: { 'Claude Code-credentials|ann': '' } },
    {
      what: 'an item that is not JSON',
      items: { 'Claude Code-credentials|ann': TOKEN },
      problem: /not a Claude Code login: it is not JSON/,
    },
    {
      what: 'a huge item',
      items: { 'Claude Code-credentials|ann': 'x'.repeat(70_000) },
      problem: /larger than a Claude Code login/,
    },
    {
      what: 'a locked keychain',
      failReads: new Error('User interaction is not allowed.'),
      problem: /cannot be read \(User interaction is not allowed\.\)/,
    },
    {
      what: 'no keyring module',
      load: 'missing',
      problem: /the keychain module \(@napi-rs\/keyring\) cannot be loaded/,
    },
  ];
  for (const { what, items, failReads, load, problem } of unreadable)
    it(`reads ${what} as no login${problem ? ', with a problem' : ''}`, async () => {
      const keyring = fakeKeyring(items ?? {}, { failReads });
      const problems: CredentialProblem[] = [];
      const reader = keychainCredentialReader({
        keyring: () => (load === 'missing' ? undefined : keyring.module),
        username: 'ann',
        onProblem: (p) => problems.push(p),
      });
      assert.equal(await reader.read(DEFAULT_ACCOUNT), undefined);
      if (problem) {
        assert.equal(problems.length, 1);
        assert.match(problems[0]!.message, /^keychain item "Claude Code-credentials": /);
        assert.match(problems[0]!.message, problem);
        assert.ok(!problems[0]!.message.includes(TOKEN));
      } else assert.deepEqual(problems, []);
      assert.deepEqual(keyring.writes, []);
    });
});
