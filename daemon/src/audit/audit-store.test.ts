// The audit database on a real SQLite file: what goes in comes back, every filter narrows, paging walks the whole
// log newest first without repeats, and the stats count the right windows.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuditQuery } from '@ssg/contracts/audit';
import { AUDIT_TEST_NOW, auditRow } from '../testing/audit-row';
import { type AuditRow, AuditStore } from './audit-store';

const HOUR = 60 * 60 * 1000;
const NOW = AUDIT_TEST_NOW;

describe('AuditStore', () => {
  let dir: string;
  let store: AuditStore;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-audit-store-'));
    store = AuditStore.open(join(dir, 'audit.sqlite'));
  });
  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the database file is readable by the user only', () => {
    assert.equal(statSync(join(dir, 'audit.sqlite')).mode & 0o777, 0o600);
  });

  test('a record comes back as it went in, with the matched conditions only in the full record', () => {
    const row = auditRow({
      sessionId: 's-1',
      cwd: '/p',
      decision: 'block',
      ruleId: 'no-rm',
      message: 'no',
      warning: 'near the cap',
      matched: [{ field: 'command', op: 'CONTAINS', negated: false, value: 'rm', view: 'raw' }],
    });
    const id = store.insert(row);
    assert.deepEqual(store.get(id), { id, ...row });
    const { matched: _matched, ...summary } = row;
    assert.deepEqual(
      store.query({ limit: 1 }).records.find((record) => record.id === id),
      { id, ...summary },
    );
    assert.equal(store.get(id + 1000), undefined);
  });

  test('a file that is not a database: a clear error naming it', () => {
    const path = join(dir, 'garbage.sqlite');
    writeFileSync(path, 'this is not a database, just text long enough to have a header of sorts');
    assert.throws(
      () => AuditStore.open(path),
      new RegExp(`cannot open the audit log ${path}: file is not a database; move the file away`),
    );
  });

  test('absent optional fields stay absent', () => {
    const id = store.insert(auditRow());
    const record = store.get(id)!;
    for (const key of ['sessionId', 'cwd', 'ruleId', 'message', 'warning']) assert.ok(!(key in record), key);
  });
});

describe('AuditStore queries', () => {
  let dir: string;
  let store: AuditStore;
  const ids: Record<string, number> = {};
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ssg-audit-query-'));
    store = AuditStore.open(join(dir, 'audit.sqlite'));
    const rows: Array<[string, Partial<AuditRow>]> = [
      ['old', { at: NOW - 10 * 24 * HOUR, summary: 'old one' }],
      ['blockRm', { at: NOW - 3 * HOUR, decision: 'block', ruleId: 'no-rm', summary: 'rm -rf /', message: 'Nope' }],
      [
        'codexWrite',
        { at: NOW - 2 * HOUR, client: 'codex', tool: 'apply_patch', capability: 'write', summary: 'a.ts' },
      ],
      ['askPush', { at: NOW - HOUR, decision: 'ask', ruleId: 'ask-push', summary: 'git push', decidedBy: 'approval' }],
      ['percent', { at: NOW - 30 * 60 * 1000, summary: 'echo 100%_done', client: 'cursor' }],
      ['forceNpm', { at: NOW, decision: 'force', ruleId: 'use-pnpm', summary: 'npm install', message: 'use PNPM' }],
    ];
    for (const [name, overrides] of rows) ids[name] = store.insert(auditRow(overrides));
  });
  after(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cases: Array<[string, AuditQuery, string[]]> = [
    ['no filter: everything, newest first', {}, ['forceNpm', 'percent', 'askPush', 'codexWrite', 'blockRm', 'old']],
    ['decision', { decision: 'block' }, ['blockRm']],
    ['client', { client: 'codex' }, ['codexWrite']],
    ['tool', { tool: 'apply_patch' }, ['codexWrite']],
    ['capability', { capability: 'write' }, ['codexWrite']],
    ['q in the summary', { q: 'git' }, ['askPush']],
    ['q in the rule id', { q: 'no-rm' }, ['blockRm']],
    ['q in the message, any case', { q: 'pnpm' }, ['forceNpm']],
    ['q with LIKE wildcards is literal', { q: '%_' }, ['percent']],
    ['q with an underscore alone', { q: '_' }, ['percent']],
    ['q that matches nothing', { q: "'; DROP TABLE audit; --" }, []],
    ['since', { since: NOW - HOUR }, ['forceNpm', 'percent', 'askPush']],
    ['until', { until: NOW - 2 * HOUR }, ['codexWrite', 'blockRm', 'old']],
    ['since and until', { since: NOW - 3 * HOUR, until: NOW - HOUR }, ['askPush', 'codexWrite', 'blockRm']],
    ['filters combine', { client: 'claude-code', since: NOW - 4 * HOUR, q: 'n' }, ['forceNpm', 'blockRm']],
    ['limit', { limit: 2 }, ['forceNpm', 'percent']],
  ];
  for (const [name, query, expected] of cases) {
    test(name, () => {
      const names = store.query(query).records.map((record) => Object.keys(ids).find((key) => ids[key] === record.id));
      assert.deepEqual(names, expected);
    });
  }

  test('paging with before walks every record once, and the last page says so', () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page++) {
      const result = store.query({ limit: 4, ...(before !== undefined && { before }) });
      seen.push(...result.records.map((record) => record.id));
      if (result.nextBefore === null) break;
      before = result.nextBefore;
    }
    assert.deepEqual(
      seen,
      Object.values(ids).sort((a, b) => b - a),
    );
    assert.equal(store.query({ limit: 6 }).nextBefore, ids.old);
    assert.equal(store.query({ limit: 7 }).nextBefore, null);
  });

  test('window stats count by decision and client, and the rules that blocked most', () => {
    const stats = store.windowStats({ recent: NOW - 4 * HOUR, all: 0, future: NOW + 1 });
    assert.deepEqual(stats.recent, {
      since: NOW - 4 * HOUR,
      total: 5,
      byDecision: { allow: 2, ask: 1, block: 1, force: 1 },
      byClient: { 'claude-code': 3, codex: 1, cursor: 1 },
      topBlockedRules: [
        { ruleId: 'no-rm', count: 1 },
        { ruleId: 'use-pnpm', count: 1 },
      ],
    });
    assert.equal(stats.all.total, 6);
    assert.deepEqual(stats.all.byDecision, { allow: 3, ask: 1, block: 1, force: 1 });
    assert.deepEqual(stats.future, { since: NOW + 1, total: 0, byDecision: {}, byClient: {}, topBlockedRules: [] });
  });

  test('the top blocked rules are ordered by count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-audit-top-'));
    const other = AuditStore.open(join(dir, 'audit.sqlite'));
    try {
      for (const [ruleId, count] of [
        ['a', 1],
        ['b', 3],
        ['c', 2],
      ] as const) {
        for (let i = 0; i < count; i++) other.insert(auditRow({ decision: 'block', ruleId }));
      }
      other.insert(auditRow({ decision: 'allow', ruleId: 'allowed-many' }));
      other.insert(auditRow({ decision: 'block' }));
      assert.deepEqual(other.windowStats({ all: 0 }).all.topBlockedRules, [
        { ruleId: 'b', count: 3 },
        { ruleId: 'c', count: 2 },
        { ruleId: 'a', count: 1 },
      ]);
    } finally {
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('extent: how many, since when', () => {
    assert.deepEqual(store.extent(), { rows: 6, oldestAt: NOW - 10 * 24 * HOUR });
  });
});

describe('AuditStore group commit and ids', () => {
  test('inserts of one turn are committed together, seen by readers at once, and ids continue after a reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-audit-group-'));
    const path = join(dir, 'audit.sqlite');
    let store = AuditStore.open(path);
    try {
      const ids = Array.from({ length: 400 }, (_, i) => store.insert(auditRow({ summary: `call ${i}` })));
      assert.equal(new Set(ids).size, 400, 'ids are unique');
      assert.equal(store.extent().rows, 400, 'a reader flushes what is queued');
      store.insert(auditRow());
      await new Promise((resolve) => setImmediate(resolve));
      store.close();
      store = AuditStore.open(path);
      assert.equal(store.extent().rows, 401, 'the write queued last was committed after its turn');
      assert.equal(store.insert(auditRow()), 402);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('ids are never reused after the newest records are deleted', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssg-audit-ids-'));
    const store = AuditStore.open(join(dir, 'audit.sqlite'));
    try {
      store.insert(auditRow());
      const last = store.insert(auditRow());
      store.deleteOldest(2);
      assert.equal(store.insert(auditRow()), last + 1);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
