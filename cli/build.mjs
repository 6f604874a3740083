// Bundles the CLI into three CommonJS files. The hook entry is kept separate and small because it
// runs before every tool call of every agent: its start-up time is the product's hot path.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, version } from 'esbuild';
import { copyDaemonThreads, IMPORT_META_URL, NODE_BUNDLE } from '../scripts/node-bundle.mjs';

// Names this build for the caches the hook keeps between runs (prepared rules, V8's code cache of the bundle),
// which must never outlive the code that wrote them. Derived from what goes into the bundle, not from file
// times: npm installs every file with the same mtime.
const buildId = createHash('sha256')
  .update(`${version}\0${JSON.stringify(NODE_BUNDLE)}\0`)
  .update(
    sourceFiles('src')
      .map((file) => `${file}\0${readFileSync(file, 'utf8')}\0`)
      .join(''),
  )
  .digest('hex')
  .slice(0, 16);

const options = {
  ...NODE_BUNDLE,
  // The first line names the build, for the launcher (bin/ssg.cjs), which reads it before running the bundle.
  define: { ...IMPORT_META_URL.define, __SSG_BUILD_ID__: JSON.stringify(buildId) },
  banner: { js: `// ssg build ${buildId}\n${IMPORT_META_URL.banner}` },
};

await Promise.all([
  build({ ...options, entryPoints: ['src/main.ts'], outfile: 'dist/ssg.cjs' }),
  build({ ...options, entryPoints: ['src/hook-main.ts'], outfile: 'dist/hook.cjs' }),
  // The MCP server and its SDK are most of the CLI's code; as a bundle of their own, loaded by `ssg mcp-server`
  // only, they cost the other commands nothing at start-up.
  build({ ...options, entryPoints: ['src/mcp/server.ts'], outfile: 'dist/mcp.cjs' }),
  // The daemon (../daemon), loaded by `ssg daemon` and by the desktop app. Its native and server packages stay
  // outside the bundle: better-sqlite3 cannot be bundled, and they are dependencies of this package.
  build({
    ...options,
    entryPoints: ['../daemon/src/main.ts'],
    outfile: 'dist/daemon.cjs',
    external: ['better-sqlite3', 'fastify', 'fastify-plugin', '@pydantic/genai-prices'],
  }),
]);
copyDaemonThreads('dist');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => !file.endsWith('.test.ts'))
    .sort();
}
