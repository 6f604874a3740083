import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { ParsedFile } from '../engine/types';
import { ParseCache } from './parse-cache';
import { RulesUnusableError } from './rules-unusable';

const ruleText = (id: string): string => `rule ${id} {\n  DENY execution\n  IF command CONTAINS "x"\n}\n`;

describe('ParseCache', () => {
  let dir: string;
  let rulesFile: string;
  let cacheDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-parse-cache-'));
    rulesFile = join(dir, 'team.rules');
    cacheDir = join(dir, 'home', 'cache', 'parsed-rules');
    writeFileSync(rulesFile, ruleText('first'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const ids = (parsed: ParsedFile): string[] => parsed.rules.map((rule) => rule.id);

  /** Replaces the stored syntax tree, so a later hit is recognisable as coming from the cache. */
  function doctorEntry(cache: ParseCache): void {
    const entryPath = cache.entryPath(rulesFile);
    const entry = JSON.parse(readFileSync(entryPath, 'utf8')) as { parsed: ParsedFile };
    entry.parsed.rules[0]!.id = 'from-cache';
    writeFileSync(entryPath, JSON.stringify(entry));
  }

  it('stores a parsed file and serves it while path, mtime and size are unchanged', () => {
    const cache = new ParseCache(cacheDir, 'build-1');
    assert.deepEqual(ids(cache.parse(rulesFile)), ['first']);
    assert.equal(statSync(cache.entryPath(rulesFile)).mode & 0o777, 0o600);
    doctorEntry(cache);
    assert.deepEqual(ids(cache.parse(rulesFile)), ['from-cache']);
  });

  const invalidations: Array<{ name: string; change: (cache: ParseCache) => ParseCache }> = [
    {
      name: 'the mtime changes',
      change: (cache) => {
        const later = new Date(Date.now() + 5_000);
        utimesSync(rulesFile, later, later);
        return cache;
      },
    },
    {
      name: 'the size changes (same mtime)',
      change: (cache) => {
        const { mtime } = statSync(rulesFile);
        writeFileSync(rulesFile, `${ruleText('first')}\n`);
        utimesSync(rulesFile, mtime, mtime);
        return cache;
      },
    },
    { name: 'another ssg build reads it', change: () => new ParseCache(cacheDir, 'build-2') },
    {
      name: 'the entry is corrupt',
      change: (cache) => {
        writeFileSync(cache.entryPath(rulesFile), '{"format":1,"build":"build-1","parsed":');
        return cache;
      },
    },
    {
      name: 'the entry is foreign JSON',
      change: (cache) => {
        writeFileSync(cache.entryPath(rulesFile), '{"format":1,"build":"build-1","parsed":{"rules":"nope"}}');
        return cache;
      },
    },
    {
      name: 'the entry is JSON null',
      change: (cache) => {
        writeFileSync(cache.entryPath(rulesFile), 'null');
        return cache;
      },
    },
  ];
  for (const tc of invalidations) {
    it(`re-parses and rewrites the entry when ${tc.name}`, () => {
      const cache = new ParseCache(cacheDir, 'build-1');
      cache.parse(rulesFile);
      doctorEntry(cache);
      const reader = tc.change(cache);
      assert.deepEqual(ids(reader.parse(rulesFile)), ['first']);
      doctorEntry(reader);
      assert.deepEqual(ids(reader.parse(rulesFile)), ['from-cache'], 'the rewritten entry is used again');
    });
  }

  it('keeps entries of different files apart', () => {
    const other = join(dir, 'other.rules');
    writeFileSync(other, ruleText('second'));
    const cache = new ParseCache(cacheDir, 'build-1');
    assert.deepEqual(ids(cache.parse(rulesFile)), ['first']);
    assert.deepEqual(ids(cache.parse(other)), ['second']);
    assert.deepEqual(ids(cache.parse(rulesFile)), ['first']);
  });

  it('parses without caching when the cache folder cannot be created', () => {
    mkdirSync(join(dir, 'home'));
    writeFileSync(join(dir, 'home', 'cache'), 'a file where the folder should be');
    const cache = new ParseCache(cacheDir, 'build-1');
    assert.deepEqual(ids(cache.parse(rulesFile)), ['first']);
  });

  it('reports a missing rule file as unusable', () => {
    const cache = new ParseCache(cacheDir, 'build-1');
    assert.throws(() => cache.parse(join(dir, 'gone.rules')), RulesUnusableError);
  });

  it('keys the cache in the home to the running build', () => {
    const cache = ParseCache.inHome(join(dir, 'home'));
    assert.ok(cache);
    assert.deepEqual(ids(cache.parse(rulesFile)), ['first']);
    assert.ok(cache.entryPath(rulesFile).startsWith(cacheDir));
  });
});
