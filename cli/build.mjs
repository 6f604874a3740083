// Bundles the CLI into two CommonJS files. The hook entry is kept separate and small because it
// runs before every tool call of every agent: its start-up time is the product's hot path.
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
  // Sources are ESM and use import.meta.url; give the CommonJS bundle the equivalent.
  define: { 'import.meta.url': '__ssgModuleUrl' },
  banner: { js: "const __ssgModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts'], outfile: 'dist/ssg.cjs' }),
  build({ ...common, entryPoints: ['src/hook-main.ts'], outfile: 'dist/hook.cjs' }),
]);
