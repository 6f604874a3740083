// Bundles the desktop app's main process and preload into dist/main.cjs and dist/preload.cjs, and the two
// utilityProcesses main starts into dist/daemon-process.cjs and dist/terminal-host.cjs. Electron provides
// `electron` at run time; the native modules (better-sqlite3, node-pty, the keychain) load from node_modules
// (unpacked from the asar). Everything else goes into the bundles, so the packaged app needs no other node_modules.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { copyDaemonThreads, IMPORT_META_URL, NODE_BUNDLE } from '../scripts/node-bundle.mjs';

const common = { ...NODE_BUNDLE, external: ['electron', 'better-sqlite3', 'node-pty', '@napi-rs/keyring'] };
const withImportMeta = { define: IMPORT_META_URL.define, banner: { js: IMPORT_META_URL.banner } };

await Promise.all([
  build({ ...common, ...withImportMeta, entryPoints: ['src/electron/main.ts'], outfile: 'dist/main.cjs' }),
  // The daemon and the terminal's pty host, each an Electron utilityProcess started by main.
  build({
    ...common,
    ...withImportMeta,
    entryPoints: [fileURLToPath(import.meta.resolve('@ssg/daemon/process-main'))],
    outfile: 'dist/daemon-process.cjs',
  }),
  build({
    ...common,
    ...withImportMeta,
    entryPoints: [fileURLToPath(import.meta.resolve('@ssg/terminal/host-main'))],
    outfile: 'dist/terminal-host.cjs',
  }),
  // The preload runs sandboxed: it may require only `electron` (and a few Node polyfills), so it is one file.
  build({ ...common, entryPoints: ['src/electron/preload.ts'], outfile: 'dist/preload.cjs' }),
]);
copyDaemonThreads('dist');
