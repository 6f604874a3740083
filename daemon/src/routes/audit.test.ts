// The audit query API over real HTTP against a real daemon: records made by the daemon's own AuditLog come back
// filtered, paged, in full and counted; bad queries are a 400 that names the problem; nothing without the token.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AuditPage, AuditRecord, AuditStats } from '@ssg/contracts/audit';
import type { AuditEntry } from '../evaluation/ports';
import { TestDaemon } from '../testing/test-daemon';

const HOUR = 60 * 60 * 1000;
/** Local noon, so "today" holds the last 12 hours whatever the machine's time zone. */
const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();

const entry = (at: number, overrides: Partial<AuditEntry['call']> = {}, result: Partial<AuditEntry['result']> = {}) =>
  ({
    call: { tool: 'Bash', capability: 'execute', client: 'claude-code', input: { command: 'ls' }, ...overrides },
    result: { decision: 'allow', matched: [], durationMs: 0.1, ...result },
    decidedBy: 'rules',
    at,
  }) satisfies AuditEntry;

describe('audit routes', () => {
  let daemon: TestDaemon;
  const ids: Record<string, number> = {};
  before(async () => {
    daemon = await TestDaemon.start({ clock: { now: () => NOW } });
    const audit = daemon.daemon.audit;
    ids.old = audit.record(entry(NOW - 10 * 24 * HOUR));
    ids.lastWeek = audit.record(entry(NOW - 3 * 24 * HOUR, { client: 'codex', tool: 'shell' }));
    ids.morning = audit.record(
      entry(
        NOW - 2 * HOUR,
        { input: { command: 'rm -rf / --password hunter2' } },
        {
          decision: 'block',
          ruleId: 'no-rm-root',
          message: 'Recursive delete of / is blocked.',
          matched: [{ field: 'command', op: 'CONTAINS', negated: false, value: 'rm -rf /', view: 'raw' }],
        },
      ),
    );
    ids.recentWrite = audit.record(
      entry(NOW - 30 * 60 * 1000, {
        tool: 'Write',
        capability: 'write',
        input: { file_path: '/p/a.env', content: 'A=1' },
      }),
    );
    ids.recentBlock = audit.record(
      entry(NOW - 10 * 60 * 1000, { client: 'cursor' }, { decision: 'block', ruleId: 'no-rm-root' }),
    );
  });
  after(() => daemon.stop());

  const list = async (query: string) => {
    const response = await daemon.request<AuditPage>('GET', `/api/json/audit${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.records.map((record) => Object.keys(ids).find((name) => ids[name] === record.id));
  };

  const filters: Array<[string, string, string[]]> = [
    ['everything, newest first', '', ['recentBlock', 'recentWrite', 'morning', 'lastWeek', 'old']],
    ['decision', '?decision=block', ['recentBlock', 'morning']],
    ['client', '?client=codex', ['lastWeek']],
    ['tool', '?tool=Write', ['recentWrite']],
    ['capability', '?capability=write', ['recentWrite']],
    ['q in the summary', '?q=a.env', ['recentWrite']],
    ['q in the message', '?q=recursive', ['morning']],
    ['q that is SQL', `?q=${encodeURIComponent("x' OR 1=1 --")}`, []],
    ['q with unicode', `?q=${encodeURIComponent('ünï😀')}`, []],
    ['since and until', `?since=${NOW - 3 * HOUR}&until=${NOW - 20 * 60 * 1000}`, ['recentWrite', 'morning']],
    ['limit', '?limit=2', ['recentBlock', 'recentWrite']],
  ];
  for (const [name, query, expected] of filters) test(name, async () => assert.deepEqual(await list(query), expected));

  test('paging: nextBefore leads to the next page, and is null on the last', async () => {
    const first = await daemon.request<AuditPage>('GET', '/api/json/audit?limit=3');
    assert.equal(first.body.nextBefore, ids.morning);
    const second = await daemon.request<AuditPage>('GET', `/api/json/audit?limit=3&before=${first.body.nextBefore}`);
    assert.deepEqual(
      second.body.records.map((record) => record.id),
      [ids.lastWeek, ids.old],
    );
    assert.equal(second.body.nextBefore, null);
  });

  test('list records leave out the matched conditions; the full record has them, redacted like the summary', async () => {
    const [listed] = (await daemon.request<AuditPage>('GET', '/api/json/audit?q=no-rm-root&limit=1&client=claude-code'))
      .body.records;
    assert.ok(listed && !('matched' in listed));
    const full = await daemon.request<AuditRecord>('GET', `/api/json/audit/${ids.morning}`);
    assert.equal(full.status, 200);
    assert.deepEqual(full.body, {
      id: ids.morning,
      at: NOW - 2 * HOUR,
      tool: 'Bash',
      capability: 'execute',
      client: 'claude-code',
      summary: 'rm -rf / --password [redacted:flag]',
      decision: 'block',
      decidedBy: 'rules',
      ruleId: 'no-rm-root',
      message: 'Recursive delete of / is blocked.',
      matched: [{ field: 'command', op: 'CONTAINS', negated: false, value: 'rm -rf /', view: 'raw' }],
      durationMs: 0.1,
    });
  });

  test('a record that does not exist is a 404', async () => {
    const response = await daemon.request<{ message: string }>('GET', '/api/json/audit/999999');
    assert.equal(response.status, 404);
    assert.match(response.body.message, /no audit record 999999/);
  });

  test('stats: the last hour, today and the last 7 days, with the rules that blocked most', async () => {
    const response = await daemon.request<AuditStats>('GET', '/api/json/audit/stats');
    assert.equal(response.status, 200);
    const { windows, ...rest } = response.body;
    assert.deepEqual(rest, { rows: 5, oldestAt: NOW - 10 * 24 * HOUR, failedWrites: 0 });
    assert.deepEqual(windows.lastHour, {
      since: NOW - HOUR,
      total: 2,
      byDecision: { allow: 1, block: 1 },
      byClient: { 'claude-code': 1, cursor: 1 },
      topBlockedRules: [{ ruleId: 'no-rm-root', count: 1 }],
    });
    assert.equal(windows.today.since, new Date(2026, 5, 15).getTime());
    assert.equal(windows.today.total, 3);
    assert.deepEqual(windows.today.topBlockedRules, [{ ruleId: 'no-rm-root', count: 2 }]);
    assert.equal(windows.last7Days.total, 4);
    assert.deepEqual(windows.last7Days.byClient, { 'claude-code': 2, codex: 1, cursor: 1 });
  });

  const badQueries: Array<[string, RegExp]> = [
    ['?limit=0', /limit must be between 1 and 500, not 0/],
    ['?limit=501', /limit must be between 1 and 500, not 501/],
    ['?limit=ten', /querystring\/limit must match pattern/],
    ['?limit=1.5', /querystring\/limit must match pattern/],
    ['?since=-1', /querystring\/since must match pattern/],
    ['?since=99999999999999999999', /querystring\/since must match pattern/],
    [`?since=${NOW}&until=${NOW - 1}`, /since \(\d+\) is after until/],
    ['?before=abc', /querystring\/before must match pattern/],
    ['?decision=deny', /querystring\/decision must be equal to one of the allowed values/],
    ['?capability=root', /querystring\/capability must be equal to one of the allowed values/],
    ['?client=a&client=b', /querystring\/client must be string/],
    [`?q=${'x'.repeat(257)}`, /querystring\/q must NOT have more than 256 characters/],
    ['?q=', /querystring\/q must NOT have fewer than 1 characters/],
    ['?sort=asc', /querystring must NOT have additional properties/],
  ];
  for (const [query, message] of badQueries) {
    test(`400 for ${query.slice(0, 40)}`, async () => {
      const response = await daemon.request<{ statusCode: number; message: string }>('GET', `/api/json/audit${query}`);
      assert.equal(response.status, 400);
      assert.match(response.body.message, message);
    });
  }

  const badIds = ['abc', '0', '-1', '1.5', '12345678901234567', '1%20OR%201'];
  for (const id of badIds) {
    test(`400 for the record id ${JSON.stringify(id)}`, async () => {
      const response = await daemon.request<{ message: string }>('GET', `/api/json/audit/${id}`);
      assert.equal(response.status, 400);
      assert.match(response.body.message, /params\/id must match pattern/);
    });
  }

  for (const path of ['/api/json/audit', '/api/json/audit/1', '/api/json/audit/stats']) {
    test(`${path} needs the token`, async () => {
      assert.equal((await daemon.request('GET', path, { token: false })).status, 401);
      assert.equal((await daemon.request('GET', path, { token: 'f'.repeat(64) })).status, 401);
    });
  }

  test('the database is in the home, readable by the user only', () => {
    assert.equal(statSync(join(daemon.home, 'audit.sqlite')).mode & 0o777, 0o600);
  });
});

describe('audit across a restart', () => {
  test('records survive, ids keep increasing', async () => {
    const first = await TestDaemon.start();
    const id = first.daemon.audit.record(entry(Date.now()));
    await first.stop({ keepHome: true });
    const second = await TestDaemon.start({ home: first.home });
    try {
      const page = await second.request<AuditPage>('GET', '/api/json/audit');
      assert.deepEqual(
        page.body.records.map((record) => record.id),
        [id],
      );
      assert.equal(second.daemon.audit.record(entry(Date.now())), id + 1);
    } finally {
      await second.stop();
    }
  });
});
