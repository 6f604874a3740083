import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { RulesUnusableError } from './rules-unusable';
import { findAcceptedProjectRules } from './accepted-project-rules';
import { acceptProjectRules } from './project-trust';
import { findProjectRulesDir, ruleFiles } from './sources';

describe('ruleFiles', () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-sources-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const touch = (path: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
  };
  // A user home whose ssg home is the default ~/.ssg, a project inside it, and an outside project.
  for (const path of [
    'user/.ssg/rules/b.rules',
    'user/.ssg/rules/a.rules',
    'user/.ssg/rules/notes.txt',
    'user/.ssg/rules/.hidden.rules',
    'user/.ssg/rules/packs/z.rules',
    'user/work/app/.ssg/rules/30-team.rules',
    'user/work/app/.ssg/rules/10-base.rules',
    'user/work/app/src/deep/file.ts',
    'other/project/readme.md',
    'explicit/one.rules',
    'explicit/dir/x.rules',
  ]) {
    touch(path);
  }
  const home = join(root, 'user/.ssg');
  const rel = (files: string[]): string[] => files.map((file) => relative(root, file));
  acceptProjectRules(home, join(root, 'user/work/app/.ssg/rules'));
  const accepted = relative(root, findAcceptedProjectRules(join(root, 'user/work/app'), home)!.rulesDir);
  touch('unaccepted/.ssg/rules/x.rules');

  const cases: Array<{ name: string; cwd: string; explicit?: string[]; want: string[] }> = [
    {
      name: "the project's accepted copy first, then user; each sorted; sub-folders included; hidden and other files skipped",
      cwd: 'user/work/app/src/deep',
      want: [
        `${accepted}/10-base.rules`,
        `${accepted}/30-team.rules`,
        'user/.ssg/rules/a.rules',
        'user/.ssg/rules/b.rules',
        'user/.ssg/rules/packs/z.rules',
      ],
    },
    {
      name: 'the ssg home is not a project: in ~ the user rules load once',
      cwd: 'user',
      want: ['user/.ssg/rules/a.rules', 'user/.ssg/rules/b.rules', 'user/.ssg/rules/packs/z.rules'],
    },
    {
      name: 'a project whose rules no person accepted gets the user rules alone',
      cwd: 'unaccepted',
      want: ['user/.ssg/rules/a.rules', 'user/.ssg/rules/b.rules', 'user/.ssg/rules/packs/z.rules'],
    },
    {
      name: 'a project without rules gets the user rules',
      cwd: 'other/project',
      want: ['user/.ssg/rules/a.rules', 'user/.ssg/rules/b.rules', 'user/.ssg/rules/packs/z.rules'],
    },
    {
      name: '--rules replaces the defaults, in the order given, without duplicates',
      cwd: 'user/work/app',
      explicit: ['explicit/one.rules', 'explicit', 'explicit/one.rules'].map((path) => join(root, path)),
      want: ['explicit/one.rules', 'explicit/dir/x.rules'],
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const options = { cwd: join(root, tc.cwd), home, ...(tc.explicit ? { explicit: tc.explicit } : {}) };
      assert.deepEqual(rel(ruleFiles(options)), tc.want);
    });
  }

  it('finds no project above a folder without .ssg/rules', () => {
    assert.equal(findProjectRulesDir(join(root, 'other/project'), join(root, 'elsewhere')), undefined);
  });

  it('reports a missing --rules path as unusable rules', () => {
    assert.throws(
      () => ruleFiles({ cwd: root, home, explicit: [join(root, 'missing.rules')] }),
      (e: unknown) => e instanceof RulesUnusableError && /missing\.rules does not exist/.test(e.message),
    );
  });

  it('reports an unreadable rules folder as unusable rules', { skip: process.getuid?.() === 0 }, () => {
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o000);
    try {
      assert.throws(() => ruleFiles({ cwd: root, home, explicit: [locked] }), /permission denied/);
    } finally {
      chmodSync(locked, 0o755);
    }
  });
});
