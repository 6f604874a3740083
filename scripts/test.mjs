#!/usr/bin/env node
// Runs every `*.test.ts` of the workspaces with Node's own test runner (TypeScript through tsx)
// and ends with one summary line, `tests: N passed, N failed`, that .ci/run adds up.
// Usage: npm test [-- <path filter>...]   e.g. `npm test -- engine/shell`
// Tests under e2e/ drive the real agent CLIs pinned in e2e/package.json; they are installed here on first use
// and again whenever e2e/package-lock.json changes. `npm install` rather than `npm ci`: the registry mirror lacks
// some other platforms' optional binaries (opencode-darwin-*), which `npm ci` insists on finding in the lock.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['packages', 'cli', 'daemon', 'fleet', 'terminal', 'main', 'renderer', 'bench', 'scripts', 'e2e'];
const skip = new Set(['node_modules', 'dist', '.tsbuild']);

function findTests(dir, found = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (skip.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findTests(path, found);
    else if (entry.name.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

const filters = process.argv.slice(2);
const matches = (f) => filters.length === 0 || filters.some((x) => f.includes(x));
const files = roots
  .flatMap((r) => findTests(join(root, r)))
  .filter(matches)
  .sort();
// The dashboard's browser tests (Playwright, e2e/browser/*.spec.ts) run after the node tests.
const browserSpecs = readdirSync(join(root, 'e2e', 'browser'))
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => `e2e/browser/${name}`)
  .filter(matches);
if (files.length === 0 && browserSpecs.length === 0) {
  console.error(`no test files match ${filters.join(' ') || '(all)'}`);
  process.exit(1);
}

/** Installs the host CLIs of e2e/ unless the installed set matches the lock file. */
function ensureE2eInstalled() {
  const e2e = join(root, 'e2e');
  const lock = readFileSync(join(e2e, 'package-lock.json'));
  const stamp = join(e2e, 'node_modules', '.ssg-installed-lock');
  const wanted = createHash('sha256').update(lock).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('installing the agent CLIs the end-to-end tests drive (npm install --prefix e2e)…');
  const install = spawnSync('npm', ['install', '--prefix', e2e, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) {
    console.error('npm install --prefix e2e failed');
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  }
  writeFileSync(stamp, wanted);
}
if (files.some((f) => f.startsWith('e2e/'))) ensureE2eInstalled();

const work = mkdtempSync(join(tmpdir(), 'ssg-test-'));
const tap = join(work, 'results.tap');
const result =
  files.length === 0
    ? { status: 0 }
    : spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${tap}`,
          ...files,
        ],
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
        },
      );

let passed = 0;
let failed = 0;
if (files.length > 0) {
  try {
    const text = readFileSync(tap, 'utf8');
    passed = Number(/^# pass (\d+)$/m.exec(text)?.[1] ?? 0);
    failed = Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0);
  } catch {
    failed = Math.max(failed, 1);
  }
  if (result.status !== 0 && failed === 0) failed = 1;
}

/** Builds the dashboard (the daemon serves renderer/dist) and runs the Playwright specs; their counts join the total. */
function runBrowserTests() {
  const build = spawnSync('npm', ['run', 'build', '--workspace=@ssg/renderer'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return { passed: 0, failed: 1 };
  const report = join(work, 'playwright.json');
  const run = spawnSync('npx', ['playwright', 'test', '--reporter=list,json', ...browserSpecs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  try {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    const counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
    if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
    return counts;
  } catch {
    return { passed: 0, failed: 1 };
  }
}
if (browserSpecs.length > 0) {
  const browser = runBrowserTests();
  passed += browser.passed;
  failed += browser.failed;
}
rmSync(work, { recursive: true, force: true });
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
