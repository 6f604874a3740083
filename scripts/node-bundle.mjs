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

/**
 * Files that run beside the bundles, as processes or threads of their own: the daemon's SQLite writer thread
 * (store/sql-writer.ts) and the reporter Claude Code runs in a terminal pane (terminal/src/host/pane-inbox.ts).
 */
export function copyDaemonThreads(distDir) {
  const sources = ['../daemon/src/store/sql-writer-thread.cjs', '../terminal/src/host/claude-reporter.cjs'];
  for (const source of sources) {
    const url = new URL(source, import.meta.url);
    copyFileSync(url, join(distDir, url.pathname.split('/').pop()));
  }
}
