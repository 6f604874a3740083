// electron-builder.yml cannot be exercised by packaging here (no Electron binary), so it is checked the way
// electron-builder itself checks it before building: its own validateConfiguration against its schema. The files it
// names from the repository must exist too.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;

interface Validator {
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
}
const { validateConfiguration } = createRequire(import.meta.url)('app-builder-lib/out/util/config/config') as Validator;

test("electron-builder.yml passes electron-builder's own schema validation", async () => {
  await validateConfiguration(config, { isEnabled: false, add() {} });
});

test('a misspelt key is caught by the same validation (the check can fail)', async () => {
  await assert.rejects(validateConfiguration({ ...config, appID: 'x' }, { isEnabled: false, add() {} }), /appID/);
});

test('the issue asks for: appId, dmg with hardened runtime, nsis, AppImage and deb, native modules unpacked', () => {
  const mac = config.mac as { target: string[]; hardenedRuntime: boolean };
  assert.equal(config.appId, 'dev.ssg.dashboard');
  assert.deepEqual(mac.target, ['dmg']);
  assert.equal(mac.hardenedRuntime, true);
  assert.deepEqual((config.win as { target: string[] }).target, ['nsis']);
  assert.deepEqual((config.linux as { target: string[] }).target, ['AppImage', 'deb']);
  assert.ok((config.asarUnpack as string[]).some((glob) => glob.includes('better-sqlite3')));
  assert.equal((config.extraMetadata as { main: string }).main, 'main/dist/main.cjs');
});

test('the icons and resources it names are in the repository', () => {
  const icons = [
    (config.mac as { icon: string }).icon,
    (config.win as { icon: string }).icon,
    join((config.linux as { icon: string }).icon, '512x512.png'),
    'resources/icons/tray.png',
    'resources/icons/trayTemplate.png',
  ];
  for (const icon of icons) assert.ok(existsSync(join(root, icon)), icon);
  const resources = config.extraResources as { from: string }[];
  for (const { from } of resources.filter((r) => r.from.startsWith('resources/'))) {
    assert.ok(existsSync(join(root, from)), from);
  }
});
