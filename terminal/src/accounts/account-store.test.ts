import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { DEFAULT_ACCOUNT } from './account';
import { AccountStore, accountsFilePath, REMOVED_FOLDER } from './account-store';

describe('AccountStore', () => {
  let ssgHome: string;
  const clock = () => new Date('2026-11-27T12:00:00.000Z');
  const store = () => new AccountStore({ ssgHome, now: clock });
  beforeEach(() => {
    ssgHome = mkdtempSync(join(tmpdir(), 'ssg-accounts-'));
  });
  afterEach(() => rmSync(ssgHome, { recursive: true, force: true }));

  it('has only the default account while the file does not exist, and writes nothing to say so', () => {
    assert.deepEqual(store().list(), [DEFAULT_ACCOUNT]);
    assert.equal(store().get('default'), DEFAULT_ACCOUNT);
    assert.equal(existsSync(accountsFilePath(ssgHome)), false);
  });

  it('adds an account with a folder of its own, recorded in accounts.json (0600)', () => {
    const work = store().add('  Work ');
    const configDir = join(ssgHome, 'claude-accounts', 'work');
    assert.deepEqual(work, { id: 'work', name: 'Work', isDefault: false, configDir });
    assert.ok(statSync(configDir).isDirectory());
    assert.deepEqual(JSON.parse(readFileSync(accountsFilePath(ssgHome), 'utf8')), {
      version: 1,
      accounts: [{ id: 'work', name: 'Work', createdAt: '2026-11-27T12:00:00.000Z' }],
    });
    assert.equal(statSync(accountsFilePath(ssgHome)).mode & 0o777, 0o600);
    assert.deepEqual(
      store()
        .list()
        .map((a) => a.id),
      ['default', 'work'],
    );
  });

  it('gives accounts of similar names distinct ids, and refuses a name already used', () => {
    const s = store();
    assert.equal(s.add('Work').id, 'work');
    assert.equal(s.add('Work!').id, 'work-2');
    assert.throws(() => s.add('WORK'), /An account named "Work" already exists/);
    assert.throws(() => s.add('default'), /An account named "Default" already exists/);
  });

  it('never gives a new account a folder that already exists (it may hold a login)', () => {
    mkdirSync(join(ssgHome, 'claude-accounts', 'work'), { recursive: true });
    writeFileSync(join(ssgHome, 'claude-accounts', 'work', '.credentials.json'), '{}');
    assert.equal(store().add('Work').id, 'work-2');
  });

  it('renames an account, keeping its id and folder', () => {
    const s = store();
    const work = s.add('Work');
    s.add('Home');
    assert.deepEqual(s.rename('work', 'Office'), { ...work, name: 'Office' });
    assert.equal(store().get('work')?.name, 'Office');
    assert.throws(() => s.rename('work', 'home'), /An account named "Home" already exists/);
    assert.equal(s.rename('work', 'office').name, 'office', 'its own name in another case is no clash');
  });

  const hostileIds: Array<[id: string, message: RegExp]> = [
    ['../x', /Account id "\.\.\/x" is not valid/],
    ['..', /Account id "\.\." is not valid/],
    ['', /Account id "" is not valid/],
    ['a'.repeat(200), /is not valid/],
    ['default', /The default account is the machine's own login: it cannot be changed here/],
    ['nobody', /There is no account "nobody"/],
  ];
  for (const [id, message] of hostileIds)
    it(`refuses to rename or remove ${JSON.stringify(id.slice(0, 20))}`, () => {
      const s = store();
      s.add('Work');
      const before = readFileSync(accountsFilePath(ssgHome), 'utf8');
      assert.throws(() => s.rename(id, 'X'), message);
      assert.throws(() => s.remove(id), message);
      assert.equal(readFileSync(accountsFilePath(ssgHome), 'utf8'), before);
    });

  it('moves a removed account’s folder aside with its login, never deleting it', () => {
    const s = store();
    const work = s.add('Work');
    writeFileSync(join(work.configDir!, '.credentials.json'), '{"claudeAiOauth":{}}');
    const removal = s.remove('work');
    const keptAt = join(ssgHome, 'claude-accounts', REMOVED_FOLDER, 'work-2026-11-27T12-00-00-000Z');
    assert.deepEqual(removal, { account: work, keptAt });
    assert.equal(readFileSync(join(keptAt, '.credentials.json'), 'utf8'), '{"claudeAiOauth":{}}');
    assert.equal(existsSync(work.configDir!), false);
    assert.deepEqual(store().list(), [DEFAULT_ACCOUNT]);
    assert.equal(s.add('Work').id, 'work', 'the id is free again, with a fresh folder');
    assert.deepEqual(readdirSync(join(ssgHome, 'claude-accounts', 'work')), []);
  });

  it('removes an account whose folder is already gone', () => {
    const s = store();
    const work = s.add('Work');
    rmSync(work.configDir!, { recursive: true });
    assert.deepEqual(s.remove('work'), { account: work, keptAt: undefined });
  });

  it('loses no account when two stores add and rename at once', () => {
    const first = store();
    const second = store();
    first.list();
    second.list();
    first.add('One');
    second.add('Two');
    first.add('Three');
    second.rename('one', 'Uno');
    assert.deepEqual(
      store()
        .list()
        .map((a) => `${a.id}:${a.name}`),
      ['default:Default', 'one:Uno', 'two:Two', 'three:Three'],
    );
  });

  it('loses no account when two processes add at once', async () => {
    const storeModule = new URL('./account-store.ts', import.meta.url).href;
    const adder = (prefix: string) =>
      new Promise<void>((resolve, reject) => {
        const code = `const { AccountStore } = await import(${JSON.stringify(storeModule)});
          const store = new AccountStore({ ssgHome: ${JSON.stringify(ssgHome)} });
          for (let i = 0; i < 15; i++) store.add('${prefix} ' + i);`;
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
          cwd: fileURLToPath(new URL('.', import.meta.url)),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
        child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`exit ${status}: ${stderr}`))));
      });
    await Promise.all([adder('Left'), adder('Right')]);
    const names = store()
      .list()
      .map((a) => a.name);
    assert.equal(names.length, 31, names.join(', '));
    for (let i = 0; i < 15; i++) assert.ok(names.includes(`Left ${i}`) && names.includes(`Right ${i}`), String(i));
  });

  const malformed: Array<[what: string, text: string, message: RegExp]> = [
    ['not JSON', '{"version":1,', /not JSON/],
    ['a list', '[]', /not an object/],
    ['another version', '{"version":2,"accounts":[]}', /version 2, expected 1/],
    ['no accounts list', '{"version":1,"accounts":{}}', /"accounts" is not a list/],
    [
      'an account without a name',
      '{"version":1,"accounts":[{"id":"a","createdAt":"x"}]}',
      /account 1 needs a string id/,
    ],
    [
      'a path for an id',
      '{"version":1,"accounts":[{"id":"../../x","name":"X","createdAt":"x"}]}',
      /account 1: Account id "..\/..\/x" is not valid/,
    ],
    [
      'an id twice',
      '{"version":1,"accounts":[{"id":"a","name":"A","createdAt":"x"},{"id":"a","name":"B","createdAt":"x"}]}',
      /an id appears twice/,
    ],
  ];
  for (const [what, text, message] of malformed)
    it(`reports a file with ${what} as an error naming it, and leaves it as it is`, () => {
      const file = accountsFilePath(ssgHome);
      mkdirSync(join(ssgHome, 'claude-accounts'), { recursive: true });
      writeFileSync(file, text);
      for (const action of [() => store().list(), () => store().add('New')]) {
        assert.throws(action, (error: Error) => {
          assert.ok(error.message.includes(`The accounts file ${file} is not valid`), error.message);
          assert.match(error.message, message);
          return true;
        });
      }
      assert.equal(readFileSync(file, 'utf8'), text);
    });
});
