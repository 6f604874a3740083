import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DEFAULT_ACCOUNT } from './account';
import type { KeyringModule } from './keychain-credentials';
import { platformCredentialReader } from './platform-credentials';

describe('platformCredentialReader', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-platform-'));
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', '.credentials.json'), '{"claudeAiOauth":{"accessToken":"from-file"}}');
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const keyring = {
    AsyncEntry: class {
      async getPassword() {
        return '{"claudeAiOauth":{"accessToken":"from-keychain"}}';
      }
    },
  } as unknown as KeyringModule;

  for (const [platform, source] of [
    ['linux', 'from-file'],
    ['win32', 'from-file'],
    ['darwin', 'from-keychain'],
  ] as const)
    it(`reads ${platform} logins ${source.replace('-', ' ')}`, async () => {
      const reader = platformCredentialReader({ home, platform, keyring: () => keyring });
      assert.equal((await reader.read(DEFAULT_ACCOUNT))?.accessToken.reveal(), source);
    });
});
