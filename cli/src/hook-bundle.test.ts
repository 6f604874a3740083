// The hook runs before every tool call, so what its bundle inlines is start-up time (bench/hook-eval.mjs). Types
// from the schema library are fine — esbuild erases them — but a value import would pull the library, the MCP
// SDK or the config editors into every hook run. Asked of esbuild itself: the files it would inline.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';

const cliDir = join(import.meta.dirname, '..');
const HEAVY = ['typebox', '@modelcontextprotocol/sdk', 'yaml', 'smol-toml', 'fastify', 'better-sqlite3'];

test('the hook bundle inlines no schema library, MCP SDK, config editor or server', async () => {
  const { metafile } = await build({
    entryPoints: [join(cliDir, 'src/hook-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(metafile.inputs);
  assert.ok(
    inputs.some((input) => input.includes('packages/engine/src/')),
    'the engine is in the bundle',
  );
  const heavy = inputs.filter((input) => HEAVY.some((name) => input.includes(`node_modules/${name}/`)));
  assert.deepEqual(heavy, []);
});
