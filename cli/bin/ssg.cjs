#!/usr/bin/env node
'use strict';
// Launcher: `ssg hook …` loads only the small hook bundle; everything else loads the full CLI.
const { dirname, join, resolve } = require('node:path');

const hook = process.argv[2] === 'hook';
const hookBundle = join(__dirname, '..', 'dist', 'hook.cjs');
try {
  if (hook) runHookBundle();
  else require('../dist/ssg.cjs');
} catch (error) {
  const unbuilt =
    (error && error.code === 'MODULE_NOT_FOUND' && /dist[\\/]ssg\.cjs/.test(String(error.message))) ||
    (error && error.code === 'ENOENT' && error.path === hookBundle);
  if (unbuilt) {
    process.stderr.write('ssg: the CLI is not built yet. Run `npm run build` in the repository root.\n');
    // A hook must never block an agent because of a broken install: exit 0 without output lets the call run.
    process.exit(hook ? 0 : 1);
  }
  throw error;
}

/**
 * Runs the hook bundle from V8's code cache when there is a current one. A hook process starts for every tool
 * call, and compiling the bundle's functions is a good part of its start-up (~2 ms). The cache is written after
 * a run, so it holds every function the run compiled, under `<ssg home>/cache/code/`, named after the bundle's
 * build (its first line) and Node's version; V8 checks the rest and rejects a cache it cannot use, which is then
 * written anew. A cache is only ever a speed-up: any failure around it just runs the bundle without one.
 */
function runHookBundle() {
  const { readFileSync } = require('node:fs');
  const { createRequire, wrap } = require('node:module');
  const { Script } = require('node:vm');
  const source = readFileSync(hookBundle, 'utf8');
  const cacheFile = codeCacheFile(/^\/\/ ssg build ([0-9a-f]+)\n/.exec(source)?.[1]);
  let cachedData;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // No cache yet.
  }
  const script = new Script(wrap(source), { filename: hookBundle, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(hookBundle), module, hookBundle, dirname(hookBundle));
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) writeCodeCache(cacheFile, script);
}

function codeCacheFile(build) {
  if (!build) return undefined;
  try {
    // The ssg home as @ssg/node/home finds it (packages/node/src/home.ts).
    const home = process.env.SSG_HOME ? resolve(process.env.SSG_HOME) : join(require('node:os').homedir(), '.ssg');
    return join(home, 'cache', 'code', `hook-${build}-${process.version}-${process.arch}.bin`);
  } catch {
    // No home folder to be found: the hook reports that itself.
    return undefined;
  }
}

function writeCodeCache(file, script) {
  const { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
  const dir = dirname(file);
  // Renamed into place, so a concurrent hook reads the old cache or the new one, never half of one.
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
    renameSync(temp, file);
    // Caches of earlier builds or Node versions are never read again.
    for (const name of readdirSync(dir)) {
      if (name.startsWith('hook-') && name.endsWith('.bin') && join(dir, name) !== file) rmSync(join(dir, name));
    }
  } catch {
    // No cache this time (the bundle has run; the next hook tries again). Leave no temp file behind.
    try {
      rmSync(temp, { force: true });
    } catch {
      // There was none: its folder could not be made.
    }
  }
}
