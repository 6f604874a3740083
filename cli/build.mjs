// Bundles the CLI into three CommonJS files. The hook entry is kept separate and small because it
// runs before every tool call of every agent: its start-up time is the product's hot path.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, version } from 'esbuild';
import { copyDaemonThreads, IMPORT_META_URL, NODE_BUNDLE } from '../scripts/node-bundle.mjs';

const ENTRIES = {
  ssg: 'src/main.ts',
  hook: 'src/hook-main.ts',
  // The MCP server and its SDK are most of the CLI's code; as a bundle of their own, loaded by `ssg mcp-server`
  // only, they cost the other commands nothing at start-up.
  mcp: 'src/mcp/server.ts',
};

// Names this build for the caches the hook keeps between runs (prepared rules, V8's code cache of the bundle),
// which must never outlive the code that wrote them. Derived from every file esbuild inlines (the CLI's sources,
// the workspace packages' — engine, hosts, … — and bundled dependencies), not from file times: npm installs every
// file with the same mtime.
const buildId = await hashOfInputs(Object.values(ENTRIES));

const options = {
  ...NODE_BUNDLE,
  // The first line names the build, for the launcher (bin/ssg.cjs), which reads it before running the bundle.
  define: { ...IMPORT_META_URL.define, __SSG_BUILD_ID__: JSON.stringify(buildId) },
  banner: { js: `// ssg build ${buildId}\n${IMPORT_META_URL.banner}` },
};

await Promise.all([
  ...Object.entries(ENTRIES).map(([name, entry]) =>
    build({ ...options, entryPoints: [entry], outfile: `dist/${name}.cjs` }),
  ),
  // The daemon (@ssg/daemon), loaded by `ssg daemon` and by the desktop app. Its native and server packages stay
  // outside the bundle: better-sqlite3 cannot be bundled, and they are dependencies of this package.
  build({
    ...options,
    entryPoints: [fileURLToPath(import.meta.resolve('@ssg/daemon/main'))],
    outfile: 'dist/daemon.cjs',
    external: [
      'better-sqlite3',
      'fastify',
      'fastify-plugin',
      '@fastify/static',
      '@fastify/websocket',
      '@pydantic/genai-prices',
    ],
  }),
  // The terminal's pty host (@ssg/terminal), which the daemon starts as a process of its own, found beside the
  // daemon's bundle. node-pty and the keychain are native; the headless xterm is plain code and bundles.
  build({
    ...options,
    entryPoints: [fileURLToPath(import.meta.resolve('@ssg/terminal/host-main'))],
    outfile: 'dist/terminal-host.cjs',
    external: ['node-pty', '@napi-rs/keyring'],
  }),
]);
copyDaemonThreads('dist');

/** A hash of esbuild's version and options and of the content of every file the entries pull in. */
async function hashOfInputs(entryPoints) {
  const { metafile } = await build({
    ...NODE_BUNDLE,
    define: IMPORT_META_URL.define,
    entryPoints,
    outdir: 'dist',
    write: false,
    metafile: true,
  });
  const hash = createHash('sha256').update(`${version}\0${JSON.stringify(NODE_BUNDLE)}\0`);
  for (const file of Object.keys(metafile.inputs).sort())
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}
