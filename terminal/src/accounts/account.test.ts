import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  accountConfigDir,
  accountIdProblem,
  DEFAULT_ACCOUNT,
  effectiveConfigDir,
  launchConfigDir,
  newAccountId,
  validAccountName,
} from './account';

const nothingTaken = () => false;

describe('account ids', () => {
  const made: Array<[name: string, id: string]> = [
    ['Work', 'work'],
    ['  Personal Max  ', 'personal-max'],
    ['Jürgen’s Café', 'jurgen-s-cafe'],
    ['../x', 'x'],
    ['..\\..\\etc\\passwd', 'etc-passwd'],
    ['/', 'account'],
    ['工作', 'account'],
    ['🚀🚀', 'account'],
    ['default', 'default-2'],
    ['CON', 'con-2'],
    ['a'.repeat(200), 'a'.repeat(28)],
  ];
  for (const [name, id] of made)
    it(`makes ${JSON.stringify(id)} from ${JSON.stringify(name.slice(0, 20))}`, () => {
      assert.equal(newAccountId(name, nothingTaken), id);
    });

  it('numbers a slug that is taken', () => {
    const taken = new Set(['work', 'work-2']);
    assert.equal(
      newAccountId('Work', (id) => taken.has(id)),
      'work-3',
    );
  });

  it('makes only valid ids, from any name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (name) => {
        const id = newAccountId(name, nothingTaken);
        assert.equal(accountIdProblem(id), undefined, id);
        assert.ok(!id.includes('/') && !id.includes('\\') && !id.includes('.'));
      }),
      { seed: 14 },
    );
  });

  const refused = [
    '',
    '../x',
    '..',
    '.',
    'a/b',
    'a\\b',
    'Work',
    'default',
    '-x',
    'x-',
    'nul',
    'lpt1',
    'a'.repeat(33),
    'a b',
  ];
  for (const id of refused)
    it(`refuses the id ${JSON.stringify(id.slice(0, 40))} with a reason`, () => {
      assert.match(accountIdProblem(id) ?? 'accepted', /lowercase|machine's own login|Windows reserves/);
      assert.throws(
        () => accountConfigDir('/tmp/ssg', id),
        (error: Error) => error.message.startsWith(`Account id ${JSON.stringify(id)} is not valid: `),
      );
    });
});

describe('account names', () => {
  const refused: Array<[name: string, message: RegExp]> = [
    ['', /cannot be empty/],
    ['   ', /cannot be empty/],
    ['x'.repeat(200), /at most 64 characters \(this one has 200\)/],
    ['two\nlines', /control characters or line breaks/],
    ['bell\u0007', /control characters/],
  ];
  for (const [name, message] of refused)
    it(`refuses ${JSON.stringify(name.slice(0, 20))}`, () => assert.throws(() => validAccountName(name), message));

  it('keeps a name trimmed, in NFC, counting characters rather than UTF-16 units', () => {
    assert.equal(validAccountName('  Cafe\u0301 '), 'Café');
    assert.equal(validAccountName('🚀'.repeat(64)), '🚀'.repeat(64));
  });
});

describe('config folders', () => {
  it('runs the default account with CLAUDE_CONFIG_DIR unset, reading ~/.claude', () => {
    assert.equal(launchConfigDir(DEFAULT_ACCOUNT), undefined);
    assert.equal(effectiveConfigDir(DEFAULT_ACCOUNT, '/home/u'), join('/home/u', '.claude'));
  });

  it('puts another account under <ssgHome>/claude-accounts/<id>, the same string every time', () => {
    const dir = accountConfigDir('/home/u/.ssg/', 'work');
    assert.equal(dir, join('/home/u/.ssg', 'claude-accounts', 'work'));
    const account = { id: 'work', name: 'Work', isDefault: false, configDir: dir };
    assert.equal(launchConfigDir(account), dir);
    assert.equal(effectiveConfigDir(account, '/home/u'), dir);
  });
});
