import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CAPABILITIES, type Capability, evaluate, type ToolCall } from '@ssg/engine/node';
import { loadRuleFiles } from './load';
import { RulesUnusableError } from './rules-unusable';
import { RulesCache } from './rules-cache';

const TEAM_RULES = `rule first {
  priority 50
  DENY execution
  IF command REGEX "(?i)^rm\\s+-rf\\s+/$"
  MESSAGE "first says no"
}

rule asker {
  ASK any
  IF path GLOB "**/.env" OR command REGEX "\\.env\\b"
}

rule writes {
  DENY write
  IF content LINE_REGEX "^\\s*debugger;?\\s*$" AND path ENDS_WITH ".ts"
}

rule off {
  enabled false
  priority 100
  DENY any
}

rule bad {
  LOG read
  IF path REGEX "(unclosed"
}
`;

const USER_RULES = `rule user-net {
  priority 50
  ASK network
  IF input.url STARTS_WITH "http://"
}

rule stray {
  DENY execution
  IF command NEARLY "x"
}
`;

const calls: ToolCall[] = [
  { tool: 'Bash', input: { command: 'RM -rf /' }, capability: 'execute', client: 'test' },
  { tool: 'Bash', input: { command: 'cat .env && ls' }, capability: 'execute', client: 'test' },
  { tool: 'Bash', input: { command: 'git status' }, capability: 'execute', client: 'test' },
  { tool: 'Read', input: { file_path: '/p/.env' }, capability: 'read', client: 'test' },
  {
    tool: 'Write',
    input: { file_path: '/p/a.ts', content: 'a();\n  debugger;\n' },
    capability: 'write',
    client: 'test',
  },
  { tool: 'Write', input: { file_path: '/p/a.js', content: 'debugger;' }, capability: 'write', client: 'test' },
  { tool: 'WebFetch', input: { url: 'http://example.com' }, capability: 'network', client: 'test' },
  { tool: 'Grep', input: { pattern: 'x' }, capability: 'search', client: 'test' },
  { tool: 'Task', input: {}, capability: 'agent', client: 'test' },
];

describe('RulesCache', () => {
  let dir: string;
  let files: string[];
  let cacheDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-rules-cache-'));
    cacheDir = join(dir, 'home', 'cache', 'rules');
    files = [join(dir, 'team.rules'), join(dir, 'user.rules')];
    writeFileSync(files[0]!, TEAM_RULES);
    writeFileSync(files[1]!, USER_RULES);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const verdict = (cache: RulesCache, call: ToolCall) => {
    const { durationMs, ...result } = evaluate(cache.rulesFor(files, call.capability).ruleset, call, { explain: true });
    return result;
  };

  /**
   * Swaps a message in the stored entry for one of the same length, so that a verdict coming from the cache
   * is recognisable (the section offsets stay right).
   */
  function doctorEntry(cache: RulesCache): void {
    const entryPath = cache.entryPath(files);
    const text = readFileSync(entryPath, 'utf8');
    assert.ok(text.includes('first says no'));
    writeFileSync(entryPath, text.replaceAll('first says no', 'doctored copy'));
  }
  const rmCall = calls[0]!;
  const messageOf = (cache: RulesCache): string | undefined => verdict(cache, rmCall).message;

  it('stores an entry and serves it while the rule files are unchanged', () => {
    const cache = new RulesCache(cacheDir, 'build-1');
    assert.equal(messageOf(cache), 'first says no');
    assert.equal(statSync(cache.entryPath(files)).mode & 0o777, 0o600);
    doctorEntry(cache);
    assert.equal(messageOf(cache), 'doctored copy');
  });

  it('gives the verdicts of loading the files afresh, for calls of every capability, stored or not', () => {
    const fresh = loadRuleFiles(files).ruleset;
    const want = calls.map((call) => {
      const { durationMs, ...result } = evaluate(fresh, call, { explain: true });
      return result;
    });
    assert.deepEqual(
      want.map((result) => result.ruleId),
      ['first', 'asker', undefined, 'asker', 'writes', undefined, 'user-net', undefined, undefined],
    );
    const cache = new RulesCache(cacheDir, 'build-1');
    assert.deepEqual(
      calls.map((call) => verdict(cache, call)),
      want,
      'first process and later ones alike',
    );
    assert.deepEqual(
      calls.map((call) => verdict(new RulesCache(cacheDir, 'build-1'), call)),
      want,
    );
  });

  it('reports the diagnostics of loading the files, stored or not', () => {
    const { diagnostics } = loadRuleFiles(files);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['parse', 'invalid-regex'],
      'a parse error in the user file, then the compiler’s',
    );
    const cache = new RulesCache(cacheDir, 'build-1');
    for (const capability of CAPABILITIES) assert.deepEqual(cache.rulesFor(files, capability).diagnostics, diagnostics);
  });

  const invalidations: Array<{ name: string; change: (cache: RulesCache) => RulesCache }> = [
    {
      name: 'a rule file’s mtime changes',
      change: (cache) => {
        const later = new Date(Date.now() + 5_000);
        utimesSync(files[1]!, later, later);
        return cache;
      },
    },
    {
      name: 'a rule file’s size changes (same mtime)',
      change: (cache) => {
        const { mtime } = statSync(files[0]!);
        writeFileSync(files[0]!, `${TEAM_RULES}\n`);
        utimesSync(files[0]!, mtime, mtime);
        return cache;
      },
    },
    { name: 'another ssg build reads it', change: () => new RulesCache(cacheDir, 'build-2') },
    {
      name: 'the entry is cut short in its sections',
      change: (cache) => {
        const entryPath = cache.entryPath(files);
        const bytes = readFileSync(entryPath);
        writeFileSync(entryPath, bytes.subarray(0, bytes.indexOf(10) + 100));
        return cache;
      },
    },
    {
      name: 'the entry is only a header',
      change: (cache) => {
        const entryPath = cache.entryPath(files);
        writeFileSync(entryPath, readFileSync(entryPath, 'utf8').split('\n')[0]!);
        return cache;
      },
    },
    {
      name: 'the entry’s section ranges point elsewhere',
      change: (cache) => {
        const entryPath = cache.entryPath(files);
        const [header, body] = readFileSync(entryPath, 'utf8').split('\n') as [string, string];
        const parsed = JSON.parse(header) as { sections: Record<string, [number, number]> };
        for (const key of Object.keys(parsed.sections)) parsed.sections[key] = [5, 1e12];
        writeFileSync(entryPath, `${JSON.stringify(parsed)}\n${body}`);
        return cache;
      },
    },
    {
      name: 'the entry belongs to another list of rule files',
      change: (cache) => {
        const entryPath = cache.entryPath(files);
        const other = join(dir, 'other.rules');
        writeFileSync(other, 'rule other { DENY any }\n');
        new RulesCache(cacheDir, 'build-1').rulesFor([other], 'execute');
        writeFileSync(entryPath, readFileSync(cache.entryPath([other])));
        return cache;
      },
    },
    {
      name: 'the entry is foreign JSON',
      change: (cache) => {
        writeFileSync(cache.entryPath(files), '{"format":1,"build":"build-1","files":"nope"}\n{}');
        return cache;
      },
    },
    {
      name: 'the entry is binary garbage',
      change: (cache) => {
        writeFileSync(cache.entryPath(files), Buffer.from([0, 159, 146, 150, 255, 10, 0]));
        return cache;
      },
    },
    {
      name: 'the entry is JSON null',
      change: (cache) => {
        writeFileSync(cache.entryPath(files), 'null\n');
        return cache;
      },
    },
  ];
  for (const tc of invalidations) {
    it(`prepares the rules afresh and rewrites the entry when ${tc.name}`, () => {
      const cache = new RulesCache(cacheDir, 'build-1');
      messageOf(cache);
      doctorEntry(cache);
      const reader = tc.change(cache);
      assert.equal(messageOf(reader), 'first says no');
      assert.deepEqual(
        calls.map((call) => verdict(reader, call).ruleId),
        ['first', 'asker', undefined, 'asker', 'writes', undefined, 'user-net', undefined, undefined],
      );
      doctorEntry(reader);
      assert.equal(messageOf(reader), 'doctored copy', 'the rewritten entry is used again');
    });
  }

  it('keeps entries of different lists of files apart', () => {
    const cache = new RulesCache(cacheDir, 'build-1');
    const teamOnly = [files[0]!];
    cache.rulesFor(files, 'execute');
    cache.rulesFor(teamOnly, 'execute');
    assert.equal(readdirSync(cacheDir).length, 2);
    assert.notEqual(cache.entryPath(teamOnly), cache.entryPath(files));
    assert.notEqual(cache.entryPath([...files].reverse()), cache.entryPath(files), 'order matters');
  });

  it('stores each call its own section: a capability’s section holds its rules and the any rules', () => {
    const cache = new RulesCache(cacheDir, 'build-1');
    cache.rulesFor(files, 'execute');
    const ids = (capability: Capability) =>
      cache.rulesFor(files, capability).ruleset.byCapability[capability].map((rule) => rule.node.id);
    assert.deepEqual(ids('execute'), ['first', 'asker']);
    assert.deepEqual(ids('read'), ['asker', 'bad']);
    assert.deepEqual(ids('network'), ['asker', 'user-net']);
    assert.deepEqual(ids('agent'), ['asker']);
  });

  it('evaluates without storing when the cache folder cannot be created', () => {
    mkdirSync(join(dir, 'home'));
    writeFileSync(join(dir, 'home', 'cache'), 'a file where the folder should be');
    const cache = new RulesCache(cacheDir, 'build-1');
    assert.equal(messageOf(cache), 'first says no');
    assert.equal(messageOf(cache), 'first says no');
  });

  it('stores nothing for a call without rule files', () => {
    const cache = new RulesCache(cacheDir, 'build-1');
    const { ruleset, diagnostics } = cache.rulesFor([], 'execute');
    assert.deepEqual([ruleset.ordered, diagnostics], [[], []]);
    assert.equal(statSync(cacheDir, { throwIfNoEntry: false }), undefined);
  });

  it('reports a rule file that cannot be read as unusable, also after it was stored', () => {
    const cache = new RulesCache(cacheDir, 'build-1');
    cache.rulesFor(files, 'execute');
    rmSync(files[1]!);
    assert.throws(
      () => cache.rulesFor(files, 'execute'),
      (e: unknown) => e instanceof RulesUnusableError && /user\.rules does not exist/.test(e.message),
    );
  });

  it('keys the cache in the home to the running build', () => {
    const cache = RulesCache.inHome(join(dir, 'home'));
    assert.ok(cache);
    assert.equal(messageOf(cache), 'first says no');
    assert.ok(cache.entryPath(files).startsWith(cacheDir));
    assert.match(readdirSync(cacheDir)[0]!, /^[0-9a-f]{32}\.json$/);
  });
});
