import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideLaunchMode, findElectronBinary, hasDisplay } from './launch-mode';

const binary = process.execPath; // any file that exists stands in for Electron's binary

test('npm start picks the desktop app only with Electron installed and a display', async (t) => {
  const cases: { name: string; platform: NodeJS.Platform; env: NodeJS.ProcessEnv; electron?: string; mode: string }[] =
    [
      { name: 'linux with X', platform: 'linux', env: { DISPLAY: ':0' }, electron: binary, mode: 'electron' },
      {
        name: 'linux with Wayland',
        platform: 'linux',
        env: { WAYLAND_DISPLAY: 'wayland-0' },
        electron: binary,
        mode: 'electron',
      },
      { name: 'linux headless', platform: 'linux', env: {}, electron: binary, mode: 'daemon' },
      {
        name: 'linux with an empty DISPLAY',
        platform: 'linux',
        env: { DISPLAY: '' },
        electron: binary,
        mode: 'daemon',
      },
      { name: 'macOS', platform: 'darwin', env: {}, electron: binary, mode: 'electron' },
      { name: 'Windows', platform: 'win32', env: {}, electron: binary, mode: 'electron' },
      { name: 'no Electron binary', platform: 'darwin', env: {}, electron: undefined, mode: 'daemon' },
      {
        name: 'asked for the daemon',
        platform: 'darwin',
        env: { SSG_START: 'daemon' },
        electron: binary,
        mode: 'daemon',
      },
    ];
  for (const c of cases) {
    await t.test(c.name, () => {
      const decision = decideLaunchMode({ platform: c.platform, env: c.env, electronBinary: c.electron });
      assert.equal(decision.mode, c.mode);
      if (decision.mode === 'daemon') assert.match(decision.reason, /\w/);
      else assert.equal(decision.electronBinary, binary);
    });
  }
});

test('the daemon fallback says why', () => {
  const headless = decideLaunchMode({ platform: 'linux', env: {}, electronBinary: binary });
  assert.deepEqual(headless, { mode: 'daemon', reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' });
  const missing = decideLaunchMode({ platform: 'linux', env: { DISPLAY: ':0' }, electronBinary: undefined });
  assert.equal(missing.mode === 'daemon' && /not installed/.test(missing.reason), true);
});

test('without a display the missing binary is beside the point: npm start fetches none there', () => {
  const neither = decideLaunchMode({ platform: 'linux', env: {}, electronBinary: undefined });
  assert.deepEqual(neither, { mode: 'daemon', reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' });
});

test('hasDisplay: Linux needs DISPLAY or WAYLAND_DISPLAY', () => {
  assert.equal(hasDisplay('linux', {}), false);
  assert.equal(hasDisplay('freebsd', { DISPLAY: ':1' }), true);
  assert.equal(hasDisplay('darwin', {}), true);
});

test('findElectronBinary: the path the package returns, if the file is there', () => {
  assert.equal(
    findElectronBinary(() => binary),
    binary,
  );
  assert.equal(
    findElectronBinary(() => '/nonexistent/electron'),
    undefined,
  );
  assert.equal(
    findElectronBinary(() => ({ not: 'a path' })),
    undefined,
  );
  assert.equal(
    findElectronBinary(() => {
      throw new Error('Electron failed to install correctly');
    }),
    undefined,
  );
});

test("findElectronBinary on this machine's real electron package (its binary cannot be downloaded here)", async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const found = findElectronBinary(() => require('electron'));
  // Either the package's binary exists (a developer machine) or it is reported missing; never a bogus path.
  if (found !== undefined) assert.equal(typeof found, 'string');
});
