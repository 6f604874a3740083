// Bundles the desktop app's main process and preload into dist/main.cjs and dist/preload.cjs. Electron provides
// `electron` at run time; better-sqlite3 is native and loads from node_modules (unpacked from the asar). Everything
// else, the daemon included, goes into the bundle, so the packaged app needs no other node_modules.
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  external: ['electron', 'better-sqlite3'],
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/electron/main.ts'],
    outfile: 'dist/main.cjs',
    // Sources are ESM and use import.meta.url; give the CommonJS bundle the equivalent.
    define: { 'import.meta.url': '__ssgModuleUrl' },
    banner: { js: "const __ssgModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  }),
  // The preload runs sandboxed: it may require only `electron` (and a few Node polyfills), so it is one file.
  build({ ...common, entryPoints: ['src/electron/preload.ts'], outfile: 'dist/preload.cjs' }),
]);
// The daemon's SQLite writer thread runs from a file of its own, found beside the bundle (store/sql-writer.ts).
copyFileSync('../daemon/src/store/sql-writer-thread.cjs', 'dist/sql-writer-thread.cjs');
