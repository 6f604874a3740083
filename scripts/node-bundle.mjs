// What the CommonJS bundles of the CLI (cli/build.mjs) and of the desktop app's main process (main/build.mjs)
// share: esbuild's options, the stand-in for import.meta.url, and the daemon's files that run beside a bundle.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // jsonc-parser's main file is a UMD wrapper whose require() calls esbuild cannot follow; its ES build bundles.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

/** Sources are ESM and use import.meta.url; a CommonJS bundle defines it from this banner line. */
export const IMPORT_META_URL = {
  define: { 'import.meta.url': '__ssgModuleUrl' },
  banner: "const __ssgModuleUrl = require('node:url').pathToFileURL(__filename).href;",
};

/** The daemon's SQLite writer thread runs from a file of its own, found beside the bundle (store/sql-writer.ts). */
export function copyDaemonThreads(distDir) {
  const source = new URL('../daemon/src/store/sql-writer-thread.cjs', import.meta.url);
  copyFileSync(source, join(distDir, 'sql-writer-thread.cjs'));
}
