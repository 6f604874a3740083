// Bundles the desktop app's main process and preload into dist/main.cjs and dist/preload.cjs. Electron provides
// `electron` at run time; better-sqlite3 is native and loads from node_modules (unpacked from the asar). Everything
// else, the daemon included, goes into the bundle, so the packaged app needs no other node_modules.
import { build } from 'esbuild';
import { copyDaemonThreads, IMPORT_META_URL, NODE_BUNDLE } from '../scripts/node-bundle.mjs';

const common = { ...NODE_BUNDLE, external: ['electron', 'better-sqlite3'] };

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/electron/main.ts'],
    outfile: 'dist/main.cjs',
    define: IMPORT_META_URL.define,
    banner: { js: IMPORT_META_URL.banner },
  }),
  // The preload runs sandboxed: it may require only `electron` (and a few Node polyfills), so it is one file.
  build({ ...common, entryPoints: ['src/electron/preload.ts'], outfile: 'dist/preload.cjs' }),
]);
copyDaemonThreads('dist');
