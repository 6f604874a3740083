// `ssg budget` end to end: the built CLI against a real daemon (with a fixed clock) on the same home. Lives here
// rather than in cli/ because the cli package never imports the daemon, and this test needs one.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import type { BudgetResponse } from '@ssg/contracts/budget';
import type { ToolCall } from '@ssg/engine';
import { TestDaemon } from '../testing/test-daemon';

const UNREACHABLE = 'http://127.0.0.1:1';
// 20:48 UTC: the day resets at 00:00, in 3h 12m.
const NOW = Date.parse('2026-03-10T20:48:00Z');
const clock = { now: () => NOW };

const call = (client: string): ToolCall => ({ tool: 'Bash', input: { command: 'ls' }, capability: 'execute', client });

describe('ssg budget (built CLI, real daemon)', () => {
  const originalTz = process.env.TZ;
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => {
    // The CLI prints reset times in its local zone; the child inherits this one.
    process.env.TZ = 'UTC';
    ensureBuilt();
    ws = new Workspace();
    daemon = await TestDaemon.start({ home: ws.home, clock });
  });
  after(async () => {
    await daemon.stop({ keepHome: true });
    ws.cleanup();
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  // runAsync, not run: a blocking spawn would stall this process's event loop, and the daemon with it.
  const budget = (args: string[], daemonUrl = daemon.url) =>
    ws.runAsync(['budget', ...args], { env: { SSG_DAEMON_URL: daemonUrl } });
  const config = async () => (await daemon.request<BudgetResponse>('GET', '/api/json/budget')).body.config;

  test('with no caps: the mode, the threshold, every window, and how to set a cap', async () => {
    const run = await budget([]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Spending limits: mode off \(caps are not enforced; spend is still counted\); warn mode warns at 80% of a cap\.$/m,
    );
    assert.match(run.stdout, /^all clients +session +0 +\$0\.00 +when the daemon restarts$/m);
    assert.match(run.stdout, /^ +daily +0 +\$0\.00 +00:00 \(in 3h 12m\)$/m);
    assert.match(run.stdout, /^ +monthly +0 +\$0\.00 +2026-04-01 00:00 \(in 21d 3h\)$/m);
    assert.match(run.stdout, /No caps are set\. Set one with `ssg budget set dailyUsd 20`/);
    assert.doesNotMatch(run.stdout, /PROBLEM/);
  });

  test('set, mode and warn-at each change one thing, say what it was, and land in budget.json', async () => {
    const steps: Array<[string[], string]> = [
      [['set', 'dailyUsd', '20'], 'dailyUsd for all clients: $20.00 (was none)\n'],
      [['set', 'hourlyCalls', '3', '--client', 'codex'], 'hourlyCalls for codex: 3 (was none)\n'],
      [['set', 'weeklyUsd', '2.5', '--client', 'codex'], 'weeklyUsd for codex: $2.50 (was none)\n'],
      [['mode', 'enforce'], 'mode: enforce (was off)\n'],
      [['warn-at', '0.9'], 'warn-at: 0.9 (was 0.8)\n'],
      [['set', 'dailyUsd', '25'], 'dailyUsd for all clients: $25.00 (was $20.00)\n'],
    ];
    for (const [args, said] of steps) {
      const run = await budget(args);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, said);
    }
    const expected = {
      mode: 'enforce',
      warnAtPct: 0.9,
      global: { dailyUsd: 25 },
      perClient: { codex: { hourlyCalls: 3, weeklyUsd: 2.5 } },
    };
    const current = await config();
    assert.deepEqual({ ...current, updatedAt: 0 }, { ...expected, updatedAt: 0 });
    assert.deepEqual(JSON.parse(readFileSync(join(ws.home, 'budget.json'), 'utf8')), current);
  });

  test('the table shows spend against the caps, estimates apart, and when each window resets', async () => {
    for (let i = 0; i < 3; i++) daemon.daemon.budget.admit(call('codex'));
    assert.equal(daemon.daemon.budget.admit(call('codex')).blocked?.capId, 'ssg_budget_codex_hourly_calls');
    daemon.daemon.budget.recordCost({
      key: 'cli-test:1',
      client: 'codex',
      model: 'gpt-unknown',
      at: NOW,
      inputTokens: 10,
      outputTokens: 10,
      cacheWriteTokens: 0,
      cacheReadTokens: 0,
      usd: 1.25,
      priced: false,
    });
    const run = await budget([]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Spending limits: mode enforce \(a call is blocked when a cap is reached\); warn mode warns at 90% of a cap\.$/m,
    );
    assert.match(run.stdout, /^scope +window +calls +dollars +estimated +resets$/m);
    assert.match(run.stdout, /^ +daily +3 +\$1\.25\/\$25\.00 \(5%\) +\$1\.25 +00:00 \(in 3h 12m\)$/m);
    assert.match(run.stdout, /^codex +session +3 +\$1\.25 +\$1\.25 +when the daemon restarts$/m);
    assert.match(run.stdout, /^ +hourly +3\/3 \(100%\) +\$1\.25 +\$1\.25 +21:48 \(in 1h\)$/m);
    assert.match(run.stdout, /^ +weekly +3 +\$1\.25\/\$2\.50 \(50%\) +\$1\.25 +2026-03-17 20:48 \(in 7d\)$/m);
    assert.match(run.stdout, /estimated: dollars for models the price table does not know; they count toward the caps/);
  });

  test('--json prints the daemon answer', async () => {
    const run = await budget(['--json']);
    assert.equal(run.status, 0, run.stderr);
    const answer = JSON.parse(run.stdout) as BudgetResponse;
    assert.deepEqual(answer.config, await config());
    assert.equal(answer.snapshot.perClient.codex!.hourly.calls.percent, 100);
    assert.equal(answer.snapshot.perClient.codex!.daily.usd.unpricedUsd, 1.25);
  });

  test('none removes a cap; a client left without caps leaves perClient', async () => {
    for (const field of ['hourlyCalls', 'weeklyUsd']) {
      const run = await budget(['set', field, 'none', '--client', 'codex']);
      assert.equal(run.status, 0, run.stderr);
    }
    assert.deepEqual((await config()).perClient, {});
  });

  describe('usage errors exit 2 and change nothing', () => {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /unknown subcommand 'frobnicate' — use mode, set, warn-at/],
      [['mode'], /ssg budget mode needs <mode>/],
      [['mode', 'block'], /unknown mode 'block' — use one of off, monitor, warn, enforce/],
      [['mode', 'warn', 'now'], /unexpected argument 'now'/],
      [['set', 'dailyUsd'], /ssg budget set needs <cap> <value\|none>/],
      [['set', 'yearlyUsd', '5'], /unknown cap 'yearlyUsd' — use one of sessionUsd, sessionCalls, /],
      [['set', 'dailyUsd', 'lots'], /'lots' is not a valid dailyUsd — give dollars like 20 or 2\.50/],
      [['set', 'dailyUsd', '1e999'], /'1e999' is not a valid dailyUsd/],
      [['set', 'dailyCalls', '2.5'], /'2\.5' is not a valid dailyCalls — give a whole number of calls/],
      [['set', 'dailyCalls', '99999999999999999999'], /is not a valid dailyCalls/],
      [['set', 'dailyUsd', '-5'], /unknown option '-5'/],
      [['set', 'dailyUsd', '5', '--client', 'Bad Name'], /'Bad Name' is not a client name/],
      [['set', 'dailyUsd', '5', '--client', '\u001b[31mred'], /'\?\[31mred' is not a client name/],
      [['warn-at', '1.5'], /warn-at '1\.5' is not a fraction above 0 and at most 1/],
      [['warn-at', '0'], /warn-at '0' is not a fraction/],
      [['warn-at', '80%'], /warn-at '80%' is not a fraction/],
      [['mode', 'warn', '--client', 'codex'], /--client applies only to `ssg budget set`/],
      [['--clinet', 'codex'], /unknown option '--clinet'/],
    ];
    for (const [args, message] of cases) {
      test(args.join(' '), async () => {
        const before = await config();
        const run = await budget(args);
        assert.equal(run.status, 2, run.stdout);
        assert.match(run.stderr, message);
        assert.match(run.stderr, /^[\x20-\x7e—\n]*$/, 'no control characters reach the terminal');
        assert.deepEqual(await config(), before);
      });
    }
  });

  test('--help shows usage, subcommands and examples', async () => {
    const run = await budget(['--help']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Usage: ssg budget \[--json\]/);
    assert.match(run.stdout, /ssg budget set hourlyCalls none --client codex/);
  });

  test('no daemon: exit 5 with what to do', async () => {
    const run = await budget([], UNREACHABLE);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /cannot reach the ssg daemon .*start it with `ssg daemon`/);
  });

  test('a wrong token: exit 5, and nothing changed', async () => {
    const tokenFile = join(ws.home, 'daemon.token');
    const token = readFileSync(tokenFile, 'utf8');
    const before = await config();
    writeFileSync(tokenFile, 'f'.repeat(64));
    try {
      const run = await budget(['mode', 'off']);
      assert.equal(run.status, 5);
      assert.match(run.stderr, /the daemon refused: invalid X-Service-Token/);
    } finally {
      writeFileSync(tokenFile, token);
    }
    assert.deepEqual(await config(), before);
  });

  test('a broken budget.json: `ssg budget` prints the problem, and saving a change fixes it', async () => {
    await daemon.stop({ keepHome: true });
    writeFileSync(join(ws.home, 'budget.json'), '{"mode": "off", ');
    daemon = await TestDaemon.start({ home: ws.home, clock });
    const shown = await budget([]);
    assert.equal(shown.status, 0, shown.stderr);
    assert.match(
      shown.stdout,
      /^PROBLEM: .*budget\.json is not valid JSON: .*; still applying the last good configuration/m,
    );
    assert.match(shown.stdout, /mode enforce/);
    const changed = await budget(['mode', 'warn']);
    assert.equal(changed.status, 0, changed.stderr);
    const after = await budget([]);
    assert.doesNotMatch(after.stdout, /PROBLEM/);
    assert.match(after.stdout, /mode warn/);
  });
});
