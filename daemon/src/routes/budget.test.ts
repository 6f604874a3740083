// GET and POST /api/json/budget over real HTTP against a real daemon: the token, every refused document (a 400
// naming the field, nothing changed), a POST that a GET and the file on disk reflect, a stale copy (409), racing
// writers, and restarts (config kept, session window new, broken file reported).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BUDGET_PATH, type BudgetConfig, type BudgetResponse } from '@ssg/contracts/budget';
import { EVAL_PATH, type EvalResponse } from '@ssg/contracts/eval';
import type { ToolCall } from '@ssg/engine';
import { INVALID_BUDGET_DOCUMENTS } from '../budget/invalid-budget-documents';
import { MAX_JSON_DEPTH } from '@ssg/contracts/eval-limits';
import { TestDaemon } from '../testing/test-daemon';

interface ErrorBody {
  statusCode: number;
  message: string;
}

const call: ToolCall = { tool: 'Bash', input: { command: 'ls' }, capability: 'execute', client: 'claude-code' };

describe('budget route', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start()));
  after(() => daemon.stop());

  const get = async (): Promise<BudgetResponse> => {
    const response = await daemon.request<BudgetResponse>('GET', BUDGET_PATH);
    assert.equal(response.status, 200);
    return response.body;
  };
  const budgetFile = (): string => join(daemon.home, 'budget.json');

  test('GET without a token, or with a wrong one, is 401', async () => {
    for (const token of [false, 'f'.repeat(64)] as const) {
      const response = await daemon.request<ErrorBody>('GET', BUDGET_PATH, { token });
      assert.equal(response.status, 401);
    }
  });

  test('POST without the token is 401 and changes nothing', async () => {
    const before = await get();
    const response = await daemon.request<ErrorBody>('POST', BUDGET_PATH, {
      token: false,
      body: { mode: 'off' },
    });
    assert.equal(response.status, 401);
    assert.deepEqual((await get()).config, before.config);
  });

  test('GET on a fresh home: the defaults, no problem, and a snapshot of every window', async () => {
    const { config, problem, snapshot } = await get();
    assert.deepEqual(config, { mode: 'off', warnAtPct: 0.8, global: {}, perClient: {}, updatedAt: 0 });
    assert.equal(problem, null);
    assert.deepEqual(Object.keys(snapshot.global), ['session', 'hourly', 'daily', 'weekly', 'monthly']);
    assert.deepEqual(snapshot.global.daily.usd, {
      spent: 0,
      cap: null,
      percent: null,
      resetsAt: snapshot.global.daily.usd.resetsAt,
      unpricedUsd: 0,
    });
    assert.ok(snapshot.global.daily.usd.resetsAt! > snapshot.at, 'the day resets in the future');
  });

  describe('a refused POST is a 400 naming the field, and changes nothing', () => {
    const refusals = [
      ...INVALID_BUDGET_DOCUMENTS.map(({ name, json, message }) => ({ name, rawBody: json, message })),
      { name: 'an empty body', rawBody: '', message: /the request body is empty/ },
      { name: 'malformed JSON', rawBody: '{"mode": "enforce",', message: /the request body is not valid JSON/ },
      {
        name: 'nesting deeper than the parser allows',
        rawBody: `{"global":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`,
        message: /nested deeper than/,
      },
    ];
    for (const { name, rawBody, message } of refusals) {
      test(name, async () => {
        const before = await get();
        const response = await daemon.request<ErrorBody>('POST', BUDGET_PATH, { rawBody });
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.match(response.body.message, message);
        assert.match(response.body.message, /^[\x20-\x7e]*$/);
        assert.deepEqual((await get()).config, before.config);
        assert.equal(existsSync(budgetFile()), false);
      });
    }

    test('a query parameter', async () => {
      for (const method of ['GET', 'POST']) {
        const response = await daemon.request<ErrorBody>(method, `${BUDGET_PATH}?mode=enforce`, {
          ...(method === 'POST' ? { body: { mode: 'enforce' } } : {}),
        });
        assert.equal(response.status, 400);
        assert.match(response.body.message, /takes no query parameters/);
      }
      assert.equal((await get()).config.mode, 'off');
    });
  });

  test('POST applies at once: the answer, a later GET and budget.json agree', async () => {
    const document = {
      mode: 'enforce',
      warnAtPct: 0.9,
      global: { dailyUsd: 20, hourlyCalls: null },
      perClient: { codex: { hourlyCalls: 100 } },
    };
    const response = await daemon.request<BudgetResponse>('POST', BUDGET_PATH, { body: document });
    assert.equal(response.status, 200);
    const { config } = response.body;
    assert.deepEqual({ ...config, updatedAt: 0 }, { ...document, updatedAt: 0 });
    assert.ok(config.updatedAt > 0, 'updatedAt is stamped');
    assert.deepEqual((await get()).config, config);
    assert.deepEqual(JSON.parse(readFileSync(budgetFile(), 'utf8')), config);
    assert.equal(statSync(budgetFile()).mode & 0o777, 0o600);
    assert.equal(response.body.snapshot.global.daily.usd.cap, 20);
    assert.equal(response.body.snapshot.perClient.codex!.hourly.calls.cap, 100);
  });

  test('POST with a stale updatedAt is 409 and changes nothing', async () => {
    const current = (await get()).config;
    const fresh = await daemon.request<BudgetResponse>('POST', BUDGET_PATH, { body: { ...current, mode: 'warn' } });
    assert.equal(fresh.status, 200);
    const stale = await daemon.request<ErrorBody>('POST', BUDGET_PATH, { body: { ...current, mode: 'off' } });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /the budget changed since this copy was read/);
    assert.equal((await get()).config.mode, 'warn');
  });

  test('racing writers: every POST lands whole, and the file is the last one applied', async () => {
    const documents = Array.from({ length: 25 }, (_, i) => ({ mode: 'monitor', global: { dailyCalls: i } }));
    const responses = await Promise.all(
      documents.map((body) => daemon.request<BudgetResponse>('POST', BUDGET_PATH, { body })),
    );
    assert.deepEqual(new Set(responses.map((response) => response.status)), new Set([200]));
    const final = (await get()).config;
    assert.deepEqual(JSON.parse(readFileSync(budgetFile(), 'utf8')), final);
    const latest = responses.map((response) => response.body.config).sort((a, b) => b.updatedAt - a.updatedAt)[0];
    assert.deepEqual(final, latest);
    assert.equal(new Set(responses.map((response) => response.body.config.updatedAt)).size, 25);
  });

  test('POST tells the dashboard through a budget event', async () => {
    const seen: unknown[] = [];
    const listener = (response: unknown): number => seen.push(response);
    daemon.daemon.events.on('budget', listener);
    const response = await daemon.request<BudgetResponse>('POST', BUDGET_PATH, { body: { mode: 'warn' } });
    daemon.daemon.events.off('budget', listener);
    assert.equal(seen.length, 1);
    assert.deepEqual((seen[0] as BudgetResponse).config, response.body.config);
  });
});

describe('budget across restarts', () => {
  test('the configuration survives a restart; the session window starts again; the day does not', async () => {
    const first = await TestDaemon.start();
    const set = await first.request<BudgetResponse>('POST', BUDGET_PATH, {
      body: { mode: 'enforce', global: { sessionCalls: 2, dailyCalls: 10 } },
    });
    assert.equal(set.status, 200);
    first.daemon.budget.admit(call);
    first.daemon.budget.admit(call);
    assert.notEqual(first.daemon.budget.admit(call).blocked, undefined, 'blocked');
    await first.stop({ keepHome: true });

    const second = await TestDaemon.start({ home: first.home });
    try {
      const { config, problem, snapshot } = (await second.request<BudgetResponse>('GET', BUDGET_PATH)).body;
      assert.deepEqual(config, set.body.config);
      assert.equal(problem, null);
      assert.equal(snapshot.global.session.calls.spent, 0);
      assert.equal(snapshot.global.daily.calls.spent, 2);
      assert.deepEqual(second.daemon.budget.admit(call), {});
    } finally {
      await second.stop();
    }
  });

  test('a broken budget.json at start: GET shows the problem; the last good configuration stays in force', async () => {
    const first = await TestDaemon.start();
    await first.request('POST', BUDGET_PATH, { body: { mode: 'enforce', perClient: { codex: { dailyUsd: 3 } } } });
    await first.stop({ keepHome: true });
    writeFileSync(join(first.home, 'budget.json'), '{"mode": "enforce", "perClient": ');

    const second = await TestDaemon.start({ home: first.home });
    try {
      const { config, problem } = (await second.request<BudgetResponse>('GET', BUDGET_PATH)).body;
      assert.equal(config.mode, 'enforce');
      assert.deepEqual(config.perClient, { codex: { dailyUsd: 3 } });
      assert.match(problem ?? '', /budget\.json is not valid JSON: .*still applying the last good configuration/);
      const fixed = await second.request<BudgetResponse>('POST', BUDGET_PATH, { body: { ...config, mode: 'warn' } });
      assert.equal(fixed.status, 200);
      assert.equal(fixed.body.problem, null);
    } finally {
      await second.stop();
    }
  });

  test('a broken budget.json on a fresh home: limits off, the problem shown', async () => {
    const fresh = await TestDaemon.start();
    await fresh.stop({ keepHome: true });
    writeFileSync(join(fresh.home, 'budget.json'), JSON.stringify({ mode: 'enforce', global: { dailyUsd: '5' } }));
    const daemon = await TestDaemon.start({ home: fresh.home });
    try {
      const { config, problem } = (await daemon.request<BudgetResponse>('GET', BUDGET_PATH)).body;
      assert.equal((config as BudgetConfig).mode, 'off');
      assert.match(problem ?? '', /global\.dailyUsd must be a number of dollars.*spending limits are OFF/);
    } finally {
      await daemon.stop();
    }
  });
});

describe('budget in the evaluation path (POST /api/json/eval)', () => {
  const evaluate = (daemon: TestDaemon) =>
    daemon.request<EvalResponse>('POST', EVAL_PATH, { body: { call, askSupported: true } });

  test('enforce: the call over the cap is blocked by the budget, before any rule, with the cap named', async () => {
    const daemon = await TestDaemon.start();
    try {
      await daemon.request('POST', BUDGET_PATH, { body: { mode: 'enforce', global: { dailyCalls: 2 } } });
      for (let i = 0; i < 2; i++) {
        const allowed = await evaluate(daemon);
        assert.equal(allowed.status, 200);
        assert.equal(allowed.body.decidedBy, 'rules');
      }
      const blocked = await evaluate(daemon);
      assert.equal(blocked.body.decision, 'block');
      assert.equal(blocked.body.decidedBy, 'budget');
      assert.equal(blocked.body.ruleId, 'ssg_budget_daily_calls');
      assert.match(
        blocked.body.message ?? '',
        /^ssg spending limit: daily calls cap reached for all clients \(2\/2 calls today\); resets at \d\d:\d\d \(in /,
      );
      const spend = (await daemon.request<BudgetResponse>('GET', BUDGET_PATH)).body.snapshot;
      assert.equal(spend.perClient['claude-code']!.daily.calls.spent, 2, 'the blocked call is not counted');
    } finally {
      await daemon.stop();
    }
  });

  test('warn: the agent gets the warning with the verdict, and the call proceeds', async () => {
    const daemon = await TestDaemon.start();
    try {
      await daemon.request('POST', BUDGET_PATH, { body: { mode: 'warn', warnAtPct: 0.5, global: { hourlyCalls: 2 } } });
      const first = await evaluate(daemon);
      assert.equal(first.body.decision, 'allow');
      assert.match(
        first.body.warning ?? '',
        /^ssg spending limit: 50% of the hourly calls cap used for all clients \(1\/2 calls in the last 60 minutes\); resets at \d\d:\d\d \(in 1h\)\. This call proceeds \(warn mode\)\.$/,
      );
      await evaluate(daemon);
      const over = await evaluate(daemon);
      assert.equal(over.body.decision, 'allow');
      assert.match(over.body.warning ?? '', /150% of the hourly calls cap used/);
    } finally {
      await daemon.stop();
    }
  });
});
