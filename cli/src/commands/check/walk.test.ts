import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { gitignoreOf, walkProject } from './walk';

describe('walkProject', () => {
  const root = mkdtempSync(join(tmpdir(), 'ssg-walk-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const files = [
    'src/app.ts',
    'src/.env.local',
    'src/nested/deep/util.py',
    'rules/team.rules',
    '.ssg/rules/project.rules',
    '.ssg/config.json',
    'node_modules/pkg/index.js',
    'node_modules/pkg/pack.rules',
    '.git/config',
    'dist/bundle.js',
    'build/out.js',
    '.cache/thing.js',
    'coverage/report.html',
    'src/coverage/inner.html',
    'out/root-only.js',
    'src/out/kept.js',
    'secrets.txt',
  ];
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), 'x');
  }
  writeFileSync(join(root, '.gitignore'), '# comment\ncoverage/\n/out\nsecrets.txt\n*.log\n!keep\nsrc/generated\n');
  symlinkSync(join(root, 'src'), join(root, 'src-link'));
  symlinkSync(join(root, 'src/app.ts'), join(root, 'app-link.ts'));
  const rel = (paths: string[]): string[] => paths.map((path) => relative(root, path));

  it('collects rule files to lint and project files to check, skipping what it should', () => {
    const walked = walkProject([root]);
    assert.deepEqual(rel(walked.ruleFiles), ['.ssg/rules/project.rules', 'rules/team.rules']);
    assert.deepEqual(rel(walked.files.map((file) => file.path)), [
      '.gitignore',
      'src/.env.local',
      'src/app.ts',
      'src/nested/deep/util.py',
      'src/out/kept.js',
    ]);
    assert.equal(walked.files[0]!.size > 0, true);
  });

  it('takes single files and a sub-folder (with its own .gitignore, if any), without duplicates', () => {
    const walked = walkProject([join(root, 'src/app.ts'), join(root, 'src'), join(root, '.ssg/rules/project.rules')]);
    assert.deepEqual(rel(walked.ruleFiles), ['.ssg/rules/project.rules']);
    assert.deepEqual(rel(walked.files.map((file) => file.path)), [
      'src/.env.local',
      'src/app.ts',
      'src/coverage/inner.html',
      'src/nested/deep/util.py',
      'src/out/kept.js',
    ]);
  });
});

describe('gitignoreOf', () => {
  // git's own rules, as the walk asks them: a path relative to the folder, with a trailing slash for a folder.
  const cases: Array<[string, boolean]> = [
    ['a.log', true],
    ['deep/down/b.log', true],
    ['keep.log', false],
    ['coverage/', true],
    ['src/coverage/', true],
    ['out/', true],
    ['src/out/', false],
    ['src/generated/', true],
    ['lib/src/generated/', false],
    ['secrets.txt', true],
    ['src/app.ts', false],
  ];
  const dir = mkdtempSync(join(tmpdir(), 'ssg-gitignore-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, '.gitignore'), '# comment\n*.log\n!keep.log\ncoverage/\n/out\nsrc/generated\nsecrets.txt\n');
  const rules = gitignoreOf(dir);
  for (const [path, ignored] of cases) {
    it(`${path} → ${ignored ? 'ignored' : 'kept'}`, () => assert.equal(rules.ignores(path), ignored));
  }

  it('ignores nothing without a .gitignore', () => {
    assert.equal(gitignoreOf(join(tmpdir(), 'does-not-exist-ssg')).ignores('a.log'), false);
  });
});
