import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const launcher = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'bin', 'ssg.cjs');

/** The launcher (bin/ssg.cjs) in an install of its own, with stand-in bundles. */
describe('bin/ssg.cjs, for `ssg hook …`', () => {
  let root: string;
  let home: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'ssg-launcher-'));
    home = join(root, 'home');
    mkdirSync(join(root, 'bin'));
    copyFileSync(launcher, join(root, 'bin', 'ssg.cjs'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawnSync(process.execPath, [join(root, 'bin', 'ssg.cjs'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, SSG_HOME: home },
    });
  const writeBundle = (name: string, text: string) => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist', name), text);
  };
  const cacheFiles = () => readdirSync(join(home, 'cache', 'code'));

  it('lets the call run when the hook bundle is not built, and says so', () => {
    const hook = run(['hook', 'eval']);
    assert.deepEqual([hook.status, hook.stdout], [0, '']);
    assert.match(hook.stderr, /not built yet/);
    const other = run(['version']);
    assert.equal(other.status, 1);
    assert.match(other.stderr, /not built yet/);
  });

  it('runs the hook bundle with its arguments, from a code cache named after its build from the second run', () => {
    writeBundle(
      'hook.cjs',
      '// ssg build 00c0ffee00c0ffee\nprocess.stdout.write("ran " + process.argv.slice(2).join(" ") + " in " + __dirname);\n',
    );
    const first = run(['hook', 'eval']);
    assert.deepEqual([first.status, first.stdout, first.stderr], [0, `ran hook eval in ${join(root, 'dist')}`, '']);
    const names = cacheFiles();
    assert.equal(names.length, 1);
    assert.match(names[0]!, /^hook-00c0ffee00c0ffee-v[\d.]+-\w+\.bin$/);
    const written = statSync(join(home, 'cache', 'code', names[0]!)).ino;
    assert.equal(run(['hook', 'eval']).stdout, first.stdout);
    assert.equal(statSync(join(home, 'cache', 'code', names[0]!)).ino, written, 'accepted, not written again');
  });

  it('keeps no code cache for a bundle that does not name its build', () => {
    rmSync(join(home, 'cache'), { recursive: true, force: true });
    writeBundle('hook.cjs', 'process.stdout.write("anonymous");\n');
    assert.equal(run(['hook', 'eval']).stdout, 'anonymous');
    assert.equal(statSync(join(home, 'cache'), { throwIfNoEntry: false }), undefined);
  });

  it('runs the hook without a cache when the cache folder cannot be created', () => {
    rmSync(join(home, 'cache'), { recursive: true, force: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'cache'), 'a file where the folder should be');
    writeBundle('hook.cjs', '// ssg build 00c0ffee00c0ffee\nprocess.stdout.write("ran");\n');
    for (let i = 0; i < 2; i++)
      assert.deepEqual([run(['hook', 'eval']).status, run(['hook', 'eval']).stdout], [0, 'ran']);
  });
});
