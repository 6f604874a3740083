// The import boundaries of `npm run lint` (.dependency-cruiser.cjs), on a miniature of the repository: the same
// parts and workspace packages, each with an exports map, in a throwaway folder. Each case adds one importing
// file and checks which rules fire: a wrong-way import fails the check, the allowed ones pass.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const PACKAGES = ['engine', 'contracts', 'node', 'client', 'hosts', 'testing'];
const PARTS = ['cli', 'daemon', 'main', 'renderer', 'fleet', 'terminal'];

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function miniature(): string {
  const root = mkdtempSync(join(tmpdir(), 'ssg-boundaries-'));
  write(root, 'package.json', JSON.stringify({ name: 'mini', private: true, workspaces: ['packages/*', ...PARTS] }));
  for (const name of PACKAGES) {
    const exports = { '.': './src/index.ts', './node': './src/node.ts' };
    write(root, `packages/${name}/package.json`, JSON.stringify({ name: `@ssg/${name}`, exports }));
    write(root, `packages/${name}/src/index.ts`, 'export const index = 1;\n');
    write(root, `packages/${name}/src/node.ts`, 'export const node = 1;\n');
    mkdirSync(join(root, 'node_modules/@ssg'), { recursive: true });
    symlinkSync(join(root, 'packages', name), join(root, 'node_modules/@ssg', name));
  }
  for (const part of PARTS) write(root, `${part}/src/index.ts`, 'export const index = 1;\n');
  write(root, 'node_modules/electron/package.json', JSON.stringify({ name: 'electron', main: 'index.js' }));
  write(root, 'node_modules/electron/index.js', 'module.exports = "";\n');
  return root;
}

const cases: Array<{ name: string; file: string; imports: string; fires: string[] }> = [
  {
    name: 'the daemon importing the CLI',
    file: 'daemon/src/probe.ts',
    imports: '../../cli/src/index',
    fires: ['daemon-layer', 'parts-meet-through-package-names'],
  },
  {
    name: 'the pure engine reading files',
    file: 'packages/engine/src/probe.ts',
    imports: 'node:fs',
    fires: ['engine-is-pure'],
  },
  {
    name: "the engine's Node set-up loading node:v8",
    file: 'packages/engine/src/node/probe.ts',
    imports: 'node:v8',
    fires: [],
  },
  {
    name: 'the pure engine importing an npm package',
    file: 'packages/engine/src/probe.ts',
    imports: 'electron',
    fires: ['electron-in-main-only', 'engine-is-pure'],
  },
  {
    name: 'the engine importing a package above it',
    file: 'packages/engine/src/probe.ts',
    imports: '@ssg/node',
    fires: ['engine-layer'],
  },
  {
    name: '@ssg/node importing the hosts',
    file: 'packages/node/src/probe.ts',
    imports: '@ssg/hosts',
    fires: ['node-layer'],
  },
  { name: 'the hosts importing the client', file: 'packages/hosts/src/probe.ts', imports: '@ssg/client', fires: [] },
  {
    name: 'the renderer importing the engine',
    file: 'renderer/src/probe.ts',
    imports: '@ssg/engine',
    fires: ['renderer-layer'],
  },
  { name: 'the renderer importing the contracts', file: 'renderer/src/probe.ts', imports: '@ssg/contracts', fires: [] },
  { name: 'the CLI importing the hosts', file: 'cli/src/probe.ts', imports: '@ssg/hosts/node', fires: [] },
  {
    name: 'the CLI reaching into a package past its exports map',
    file: 'cli/src/probe.ts',
    imports: '@ssg/hosts/src/index',
    fires: ['resolvable'],
  },
  {
    name: 'the CLI reaching into a package by a relative path',
    file: 'cli/src/probe.ts',
    imports: '../../packages/hosts/src/index',
    fires: ['parts-meet-through-package-names'],
  },
  {
    name: 'product code importing test support',
    file: 'cli/src/probe.ts',
    imports: '@ssg/testing',
    fires: ['test-support-in-tests-only'],
  },
  { name: 'a test importing test support', file: 'cli/src/probe.test.ts', imports: '@ssg/testing', fires: [] },
  {
    name: 'the fleet server importing the daemon',
    file: 'fleet/src/probe.ts',
    imports: '../../daemon/src/index',
    fires: ['fleet-layer', 'parts-meet-through-package-names'],
  },
  { name: 'the desktop app hosting the daemon', file: 'main/src/probe.ts', imports: 'electron', fires: [] },
  {
    name: 'the daemon importing electron',
    file: 'daemon/src/probe.ts',
    imports: 'electron',
    fires: ['electron-in-main-only'],
  },
];

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  let root: string;
  let cruise: typeof import('dependency-cruiser').cruise;
  before(async () => {
    root = miniature();
    // dependency-cruiser is ESM only, and tsx runs this file as CommonJS.
    ({ cruise } = await import('dependency-cruiser'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  for (const { name, file, imports, fires } of cases) {
    test(`${name}: ${fires.length === 0 ? 'allowed' : fires.join(', ')}`, async () => {
      write(root, file, `import '${imports}';\n`);
      try {
        const { output } = await cruise(
          [file],
          { ...config.options, baseDir: root, ruleSet: { forbidden: config.forbidden }, validate: true },
          { extensions: config.options.enhancedResolveOptions.extensions },
        );
        assert.ok(typeof output === 'object');
        const fired = output.summary.violations.map((violation) => violation.rule.name).sort();
        assert.deepEqual(fired, [...fires].sort());
      } finally {
        rmSync(join(root, file));
      }
    });
  }
});
