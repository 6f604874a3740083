import assert from 'node:assert/strict';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { editFile, retireFile } from './edit-file';
import { InstallReport } from '../install/install-report';

describe('editFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-edit-file-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const actions: Array<{ name: string; before: string | undefined; after: string | undefined; action?: string }> = [
    { name: 'creates', before: undefined, after: 'new\n', action: 'created' },
    { name: 'updates', before: 'old\n', after: 'new\n', action: 'updated' },
    { name: 'removes', before: 'old\n', after: undefined, action: 'removed' },
    { name: 'leaves equal bytes alone', before: 'same\n', after: 'same\n', action: 'unchanged' },
    { name: 'records nothing for a file that stays absent', before: undefined, after: undefined },
  ];
  for (const [index, tc] of actions.entries()) {
    it(tc.name, () => {
      const path = join(dir, `file-${index}`);
      if (tc.before !== undefined) writeFileSync(path, tc.before);
      const report = new InstallReport();
      editFile(path, (current) => (assert.equal(current, tc.before), tc.after), report, 'note');
      assert.equal(statSync(path, { throwIfNoEntry: false }) && readFileSync(path, 'utf8'), tc.after ?? undefined);
      assert.deepEqual(
        report.files.map((file) => file.action),
        tc.action ? [tc.action] : [],
      );
    });
  }

  it('writes through a symbolic link and keeps the mode of the file', () => {
    const real = join(dir, 'dotfiles', 'config.toml');
    mkdirSync(join(dir, 'dotfiles'));
    writeFileSync(real, 'a = 1\n');
    chmodSync(real, 0o600);
    const link = join(dir, 'linked.toml');
    symlinkSync(real, link);
    editFile(link, () => 'a = 2\n', new InstallReport(), 'note');
    assert.equal(lstatSync(link).isSymbolicLink(), true);
    assert.equal(readFileSync(real, 'utf8'), 'a = 2\n');
    assert.equal(statSync(real).mode & 0o777, 0o600);
  });
});

describe('retireFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-retire-file-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('removes what is ours, keeps the rest, ignores folders and missing files', () => {
    writeFileSync(join(dir, 'ours'), 'ssg hook shell');
    writeFileSync(join(dir, 'theirs'), 'mine');
    mkdirSync(join(dir, 'folder'));
    const report = new InstallReport();
    for (const name of ['ours', 'theirs', 'folder', 'missing']) {
      retireFile(join(dir, name), (content) => content.startsWith('ssg'), report);
    }
    assert.deepEqual(
      report.files.map((file) => [file.path.slice(dir.length + 1), file.action]),
      [
        ['ours', 'removed'],
        ['theirs', 'kept'],
      ],
    );
    assert.equal(statSync(join(dir, 'theirs')).isFile(), true);
    assert.equal(statSync(join(dir, 'folder')).isDirectory(), true);
  });
});
