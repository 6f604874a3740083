import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { chooseShimTarget, installCliShim, isOnPath, SHIM_MARKER, shimScript } from './cli-shim';

const temp = mkdtempSync(join(tmpdir(), 'ssg-shim-test-'));
after(() => rmSync(temp, { recursive: true, force: true }));

test('the shim goes to /usr/local/bin when writable, else ~/.local/bin, and %LOCALAPPDATA%\\ssg\\bin on Windows', () => {
  const linux = { platform: 'linux' as const, env: {}, homedir: '/home/ada' };
  assert.deepEqual(chooseShimTarget({ ...linux, isWritable: () => true }), {
    dir: '/usr/local/bin',
    path: '/usr/local/bin/ssg',
  });
  assert.deepEqual(chooseShimTarget({ ...linux, isWritable: () => false }), {
    dir: '/home/ada/.local/bin',
    path: '/home/ada/.local/bin/ssg',
  });
  assert.deepEqual(
    chooseShimTarget({ platform: 'darwin', env: {}, homedir: '/Users/ada', isWritable: () => false }).dir,
    '/Users/ada/.local/bin',
  );
  assert.deepEqual(
    chooseShimTarget({
      platform: 'win32',
      env: { LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' },
      homedir: 'C:\\Users\\ada',
    }),
    { dir: 'C:\\Users\\ada\\AppData\\Local\\ssg\\bin', path: 'C:\\Users\\ada\\AppData\\Local\\ssg\\bin\\ssg.cmd' },
  );
  assert.equal(
    chooseShimTarget({ platform: 'win32', env: {}, homedir: 'C:\\Users\\ada' }).dir,
    'C:\\Users\\ada\\AppData\\Local\\ssg\\bin',
  );
});

test('the POSIX shim runs the bundled CLI with the app as Node, passing hostile paths and arguments through', () => {
  // A resources folder whose path has a space, a quote, a $ and a backtick; the "CLI" reports what it got.
  const resources = join(temp, "Res ources's $HOME `id`");
  mkdirSync(join(resources, 'cli', 'bin'), { recursive: true });
  writeFileSync(
    join(resources, 'cli', 'bin', 'ssg.cjs'),
    'process.stdout.write(JSON.stringify({ argv: process.argv.slice(2), resources: process.env.SSG_RESOURCES, asNode: process.env.ELECTRON_RUN_AS_NODE }))',
  );
  const target = { dir: join(temp, 'bin'), path: join(temp, 'bin', 'ssg') };
  const result = installCliShim(
    target,
    { platform: 'linux', execPath: process.execPath, resourcesPath: resources },
    { PATH: '/usr/bin' },
  );
  assert.equal(result.kind, 'installed');
  assert.equal(statSync(target.path).mode & 0o777, 0o755);
  const run = spawnSync(target.path, ['sleep', 'on', '--for', '8h', '$(touch pwned)', "it's"], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    argv: ['sleep', 'on', '--for', '8h', '$(touch pwned)', "it's"],
    resources: join(resources, 'resources'),
    asNode: '1',
  });
});

test('a shim outside PATH says how to add it; inside PATH says it works', () => {
  const target = { dir: join(temp, 'onpath'), path: join(temp, 'onpath', 'ssg') };
  const command = { platform: 'linux' as const, execPath: process.execPath, resourcesPath: temp };
  const off = installCliShim(target, command, { PATH: '/usr/bin:/bin' });
  assert.ok(off.kind === 'installed' && !off.onPath && off.message.includes(`export PATH="${target.dir}:$PATH"`));
  const on = installCliShim(target, command, { PATH: `/usr/bin:${target.dir}/` });
  assert.ok(on.kind === 'installed' && on.onPath && on.replaced, JSON.stringify(on));
});

test('another program called ssg is never overwritten', () => {
  const target = { dir: join(temp, 'taken'), path: join(temp, 'taken', 'ssg') };
  mkdirSync(target.dir);
  writeFileSync(target.path, '#!/bin/sh\necho the npm-installed ssg\n');
  chmodSync(target.path, 0o755);
  const result = installCliShim(target, { platform: 'linux', execPath: process.execPath, resourcesPath: temp }, {});
  assert.equal(result.kind, 'conflict');
  assert.equal(readFileSync(target.path, 'utf8'), '#!/bin/sh\necho the npm-installed ssg\n');
});

test('the Windows shim is a batch file with %-escaped quoted paths; a path with a quote is refused', () => {
  const script = shimScript({
    platform: 'win32',
    execPath: 'C:\\Program Files\\ssg\\ssg.exe',
    resourcesPath: 'C:\\Program Files\\ssg\\100%\\resources',
  });
  assert.ok(script.includes(SHIM_MARKER));
  assert.ok(script.includes('set ELECTRON_RUN_AS_NODE=1'));
  assert.ok(
    script.includes(
      '"C:\\Program Files\\ssg\\ssg.exe" "C:\\Program Files\\ssg\\100%%\\resources\\cli\\bin\\ssg.cjs" %*',
    ),
  );
  assert.ok(script.endsWith('\r\n'));
  assert.throws(
    () => shimScript({ platform: 'win32', execPath: 'C:\\a"b\\ssg.exe', resourcesPath: 'C:\\r' }),
    /quotes/,
  );
});

test('isOnPath compares normalised entries; on Windows case-insensitively and under any spelling of Path', () => {
  assert.equal(isOnPath('/home/ada/.local/bin', { PATH: '/usr/bin:/home/ada/.local/bin/' }, 'linux'), true);
  assert.equal(isOnPath('/home/ada/.local/bin', { PATH: '/usr/bin:/home/ada/.local' }, 'linux'), false);
  assert.equal(isOnPath('/x', {}, 'linux'), false);
  assert.equal(
    isOnPath(
      'C:\\Users\\Ada\\AppData\\Local\\ssg\\bin',
      { Path: 'C:\\Windows;c:\\users\\ada\\appdata\\local\\ssg\\bin\\' },
      'win32',
    ),
    true,
  );
});
