// The Node version ssg promises (the root package.json's engines.node, and the README's "Node X+") must run every
// package `npm ci` installs: a dependency that declares a newer Node makes npm warn EBADENGINE on the very
// version the README names, and may use what that version lacks. The lock records each package's engines.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}
const rootPackage = readJson('package.json') as { engines: { node: string }; workspaces: string[] };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const oldestNode = semver.minVersion(rootPackage.engines.node);

/** engines.node of a lock entry; old packages wrote engines as an array of strings, which npm ignores. */
const nodeRange = (entry: LockEntry): string | undefined =>
  Array.isArray(entry.engines) ? undefined : entry.engines?.node;

test('the root package.json names a Node version', () => {
  assert.ok(oldestNode, `engines.node ${rootPackage.engines.node} has no lowest version`);
});

test('every package in package-lock.json runs on the oldest Node the root package.json admits', () => {
  const excluding = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = nodeRange(entry);
    return range === undefined || semver.satisfies(oldestNode!, range)
      ? []
      : [`${path || '(root)'}@${entry.version}: engines.node ${range}`];
  });
  assert.deepEqual(excluding, [], `these exclude Node ${oldestNode}`);
});

test('a workspace that declares engines.node declares the root one', () => {
  const workspaces = Object.entries(lock.packages).filter(([path]) => path !== '' && !path.includes('node_modules'));
  const differing = workspaces.flatMap(([path, entry]) => {
    const range = nodeRange(entry);
    return range === undefined || range === rootPackage.engines.node ? [] : [`${path}: ${range}`];
  });
  assert.deepEqual(differing, []);
});

test("the README's Quick start names the same oldest Node", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const stated = /fresh machine with Node ([0-9.]+)\+/.exec(readme)?.[1];
  assert.equal(stated && semver.coerce(stated)?.version, oldestNode?.version);
});
