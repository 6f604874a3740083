#!/usr/bin/env node
// Runs every `*.test.ts` of the workspaces with Node's own test runner (TypeScript through tsx)
// and ends with one summary line, `tests: N passed, N failed`, that .ci/run adds up.
// Usage: npm test [-- <path filter>...]   e.g. `npm test -- engine/shell`
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['cli', 'daemon', 'fleet', 'main', 'renderer', 'bench', 'scripts'];
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
const files = roots
  .flatMap((r) => findTests(join(root, r)))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ') || '(all)'}`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'ssg-test-'));
const tap = join(work, 'results.tap');
const result = spawnSync(
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
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } },
);

let passed = 0;
let failed = 0;
try {
  const text = readFileSync(tap, 'utf8');
  passed = Number(/^# pass (\d+)$/m.exec(text)?.[1] ?? 0);
  failed = Number(/^# fail (\d+)$/m.exec(text)?.[1] ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
rmSync(work, { recursive: true, force: true });
if (result.status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
