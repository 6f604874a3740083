import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import {
  adminCredentialPath,
  ensureAdminCredential,
  type Keychain,
  type KeychainEntry,
  osKeychain,
  readAdminCredential,
} from './admin-credential';

/** An in-memory keychain with the module's interface (a real Secret Service needs a desktop session). */
function memoryKeychain(behaviour: { failWrites?: boolean; forgetWrites?: boolean } = {}) {
  const stored = new Map<string, string>();
  const keychain: Keychain = (account): KeychainEntry => ({
    getPassword: () => stored.get(account) ?? null,
    setPassword: (password) => {
      if (behaviour.failWrites) throw new Error("Couldn't access platform storage: AccessDenied");
      if (!behaviour.forgetWrites) stored.set(account, password);
    },
  });
  return { keychain, stored };
}

describe('the admin credential', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'ssg-admin-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  test('goes into the keychain when there is one, and no file is written', () => {
    const { keychain, stored } = memoryKeychain();
    const created = ensureAdminCredential(home, keychain);
    assert.equal(created.where, 'the OS keychain');
    assert.match(created.secret, /^[0-9a-f]{64}$/);
    assert.deepEqual([...stored.values()], [created.secret]);
    assert.equal(existsSync(adminCredentialPath(home)), false);
    assert.deepEqual(readAdminCredential(home, keychain), created);
    assert.deepEqual(ensureAdminCredential(home, keychain), created, 'kept across restarts');
  });

  const noKeychain: Array<{ name: string; keychain: Keychain }> = [
    { name: 'no keychain module', keychain: () => undefined },
    { name: 'a keychain that refuses writes', keychain: memoryKeychain({ failWrites: true }).keychain },
    { name: 'a keychain that forgets what it was given', keychain: memoryKeychain({ forgetWrites: true }).keychain },
    {
      name: 'a keychain that throws on reading',
      keychain: () => ({
        getPassword: () => {
          throw new Error('no D-Bus session');
        },
        setPassword: () => {},
      }),
    },
    ...(process.platform === 'linux'
      ? [{ name: 'the OS keychain on Linux (not used there)', keychain: osKeychain }]
      : []),
  ];
  for (const { name, keychain } of noKeychain) {
    test(`falls back to a 0600 file with ${name}`, () => {
      const created = ensureAdminCredential(home, keychain);
      const path = adminCredentialPath(home);
      assert.equal(created.where, path);
      assert.equal(readFileSync(path, 'utf8'), `${created.secret}\n`);
      assert.equal(statSync(path).mode & 0o777, 0o600);
      assert.deepEqual(readAdminCredential(home, keychain), created);
    });
  }

  test('is absent until the daemon creates it', () => {
    assert.equal(
      readAdminCredential(home, () => undefined),
      undefined,
    );
  });

  test('a damaged file is not a credential, and is replaced by a new one', () => {
    writeFileSync(adminCredentialPath(home), 'not a secret\n');
    assert.equal(
      readAdminCredential(home, () => undefined),
      undefined,
    );
    const created = ensureAdminCredential(home, () => undefined);
    assert.match(readFileSync(adminCredentialPath(home), 'utf8'), new RegExp(created.secret));
  });

  test('each home has its own keychain entry', () => {
    const { keychain } = memoryKeychain();
    const other = mkdtempSync(join(tmpdir(), 'ssg-admin-other-'));
    try {
      assert.notEqual(ensureAdminCredential(home, keychain).secret, ensureAdminCredential(other, keychain).secret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
