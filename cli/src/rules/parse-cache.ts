// A disk cache of parsed rule files for the hook, which starts a fresh process for every tool call. Parsing a
// 1,500-rule hub pack costs ~65 ms in a cold process; reading the cached syntax tree back costs ~5 ms.
// (Compiled rule sets hold RegExps and closures and cannot be stored; compiling is cheaper than parsing.)
// An entry is used only when the rule file's path, mtime and size and the running ssg build all match;
// anything else — a missing, corrupt or foreign entry — is ignored and rewritten. The folder
// `<home>/cache/parsed-rules/` can be deleted at any time.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ParsedFile } from '../engine/types';
import { writeFileAtomic } from '../fs/atomic-write';
import { parseRuleFile } from './load';
import { RulesUnusableError } from './rules-unusable';
import { describeFsError } from './sources';

const FORMAT = 1;

interface CacheEntry {
  format: number;
  build: string;
  path: string;
  mtimeMs: number;
  size: number;
  parsed: ParsedFile;
}

export class ParseCache {
  constructor(
    private readonly dir: string,
    /** Identifies the parser that produced the entries; entries of another build are ignored. */
    private readonly build: string,
  ) {}

  /**
   * The cache under `<home>/cache/`, keyed to the running ssg bundle (its size and mtime change with every
   * build); none when the bundle cannot be identified, since entries of an unknown parser cannot be trusted.
   */
  static inHome(home: string): ParseCache | undefined {
    const self = statSync(fileURLToPath(import.meta.url), { throwIfNoEntry: false });
    return self && new ParseCache(join(home, 'cache', 'parsed-rules'), `${self.size}-${self.mtimeMs}`);
  }

  entryPath(path: string): string {
    return join(this.dir, `${createHash('sha256').update(path).digest('hex').slice(0, 32)}.json`);
  }

  /** The parsed file, from the cache when it is current, else parsed and stored. */
  parse = (path: string): ParsedFile => {
    let stat: { mtimeMs: number; size: number };
    try {
      stat = statSync(path);
    } catch (error) {
      throw new RulesUnusableError(`rule file ${path} ${describeFsError(error)}`);
    }
    const entryPath = this.entryPath(path);
    const cached = this.read(entryPath);
    if (cached && cached.path === path && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
      return cached.parsed;
    }
    const parsed = parseRuleFile(path);
    const entry: CacheEntry = {
      format: FORMAT,
      build: this.build,
      path,
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      parsed,
    };
    try {
      writeFileAtomic(entryPath, JSON.stringify(entry), { mode: 0o600 });
    } catch {
      // The cache only saves time; an unwritable cache folder must not stop evaluation.
    }
    return parsed;
  };

  private read(entryPath: string): CacheEntry | undefined {
    let entry: Partial<CacheEntry> | null;
    try {
      entry = JSON.parse(readFileSync(entryPath, 'utf8')) as Partial<CacheEntry> | null;
    } catch {
      return undefined;
    }
    const parsed = entry?.parsed;
    const wellFormed =
      entry?.format === FORMAT &&
      entry.build === this.build &&
      Array.isArray(parsed?.rules) &&
      Array.isArray(parsed?.diagnostics) &&
      typeof parsed?.file === 'string';
    return wellFormed ? (entry as CacheEntry) : undefined;
  }
}
