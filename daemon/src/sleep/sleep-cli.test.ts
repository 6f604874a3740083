// `ssg sleep` end to end: the built CLI against a real daemon on the same home, and what the armed layers do to
// `ssg hook eval` (Claude Code's PreToolUse hook). Lives here rather than in cli/ because the cli package never
// imports the daemon, and this test needs one.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Workspace } from '@ssg/testing/cli-harness';
import type { AuditPage } from '@ssg/contracts/audit';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { TestDaemon } from '../testing/test-daemon';

const UNREACHABLE = 'http://127.0.0.1:1';

describe('ssg sleep (built CLI, real daemon)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => ({ ws, daemon } = await TestDaemon.forCli()));
  after(() => daemon.stopWithCli(ws));

  // runAsync, not run: a blocking spawn would stall this process's event loop, and the daemon with it.
  const sleep = (args: string[], daemonUrl = daemon.url) =>
    ws.runAsync(['sleep', ...args], { env: { SSG_DAEMON_URL: daemonUrl } });
  const sentinel = () => join(ws.home, 'fail-closed');
  const sleepRules = () => join(ws.home, 'rules', 'ssg-sleep-at-night.rules');

  let sequence = 0;
  /** `ssg hook eval` with a Claude Code PreToolUse payload; a fresh session each time (no circuit breaker). */
  const hook = async (command: string, daemonUrl: string) => {
    const input = JSON.stringify({
      session_id: `sleep-cli-${++sequence}`,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
      cwd: ws.project,
    });
    const run = await ws.runAsync(['hook', 'eval'], { input, env: { SSG_DAEMON_URL: daemonUrl } });
    assert.equal(run.status, 0, run.stderr);
    const output = run.stdout.trim() === '' ? {} : JSON.parse(run.stdout);
    return output.hookSpecificOutput as { permissionDecision: string; permissionDecisionReason: string } | undefined;
  };

  test('on --for 8h arms the layers and says until when', async () => {
    const run = await sleep(['on', '--for', '8h']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Sleep at Night is on since \d{4}-\d\d-\d\d \d\d:\d\d, until \d{4}-\d\d-\d\d \d\d:\d\d \(8h left\)\.\n/,
    );
    assert.match(run.stdout, /^rules +on +10 rules in .*ssg-sleep-at-night\.rules$/m);
    assert.match(run.stdout, /^selfProtection +on /m);
    assert.match(run.stdout, /^failClosed +on /m);
    assert.match(run.stdout, /^watch +on /m);
    assert.match(run.stdout, /^instructionFiles +0 /m);
    assert.match(run.stdout, /^memory +off /m);
    assert.ok(existsSync(sentinel()));
    assert.ok(existsSync(sleepRules()));
  });

  test('status (and bare `ssg sleep`) shows the same state; --json is the daemon’s answer', async () => {
    for (const args of [['status'], []]) {
      const run = await sleep(args);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^Sleep at Night is on since .*\((8h|7h 59m) left\)\./);
    }
    const json = await sleep(['status', '--json']);
    assert.equal(json.status, 0, json.stderr);
    const state = JSON.parse(json.stdout) as SleepModeResponse;
    assert.equal(state.mode, 'timed');
    assert.equal(state.until! - state.since!, 8 * 3_600_000);
  });

  describe('usage errors: exit 2, a clear line, nothing sent', () => {
    const cases: Array<[string[], RegExp]> = [
      [['on', '--for', '31d'], /^ssg sleep: --for '31d' is longer than 30 days, the most Sleep at Night allows — /],
      [['on', '--for', 'tonight'], /--for 'tonight' is not a duration; write it like 30m, 8h, 7d or 1h30m/],
      [['on', '--for', '0m'], /--for '0m' is no time at all/],
      [['on', '--for'], /option --for needs a value/],
      [['off', '--for', '1h'], /--for applies only to `ssg sleep on`/],
      [['nap'], /unknown subcommand 'nap'/],
      [['on', 'now'], /unexpected argument 'now'/],
    ];
    for (const [args, message] of cases) {
      test(`ssg sleep ${args.join(' ')}`, async () => {
        const before = readFileSync(join(ws.home, 'sleep-mode.json'), 'utf8');
        const run = await sleep(args);
        assert.equal(run.status, 2);
        assert.match(run.stderr, message);
        assert.equal(run.stdout, '');
        assert.equal(readFileSync(join(ws.home, 'sleep-mode.json'), 'utf8'), before);
      });
    }
  });

  test('armed, with the daemon up: `ssg hook eval` denies a force-push by ssg_sleep_vcs_integrity', async () => {
    const decision = await hook('git push --force origin main', daemon.url);
    assert.equal(decision?.permissionDecision, 'deny');
    assert.match(decision?.permissionDecisionReason ?? '', /ssg_sleep_vcs_integrity/);
    const audit = await daemon.request<AuditPage>('GET', '/api/json/audit?limit=1');
    assert.equal(audit.body.records[0]?.ruleId, 'ssg_sleep_vcs_integrity', 'the daemon decided, not the hook alone');
  });

  test('armed: the rule files the layers wrote deny a force-push in-process too (`ssg eval`)', async () => {
    const input = JSON.stringify({ tool: 'Bash', input: { command: 'git push --force origin main' } });
    const run = await ws.runAsync(['eval'], { input });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual((({ decision, rule_id }) => ({ decision, rule_id }))(JSON.parse(run.stdout)), {
      decision: 'block',
      rule_id: 'ssg_sleep_vcs_integrity',
    });
  });

  test('armed, with the daemon unreachable: the fail-closed layer blocks even a harmless call', async () => {
    const decision = await hook('ls', UNREACHABLE);
    assert.equal(decision?.permissionDecision, 'deny');
    assert.match(decision?.permissionDecisionReason ?? '', /fail-closed/);
  });

  test('off takes the layers down; self-protection stays', async () => {
    const run = await sleep(['off']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Sleep at Night is off\.\n/);
    assert.match(run.stdout, /^rules +off /m);
    assert.match(run.stdout, /^selfProtection +on /m);
    assert.match(run.stdout, /^failClosed +off /m);
    assert.match(run.stdout, /^watch +off /m);
    assert.ok(!existsSync(sentinel()));
    assert.ok(!existsSync(sleepRules()));
  });

  for (const [where, url] of [
    ['the daemon', () => daemon.url],
    ['in-process (daemon unreachable)', () => UNREACHABLE],
  ] as const) {
    test(`after off, ${where}: a force-push passes, removing ~/.ssg is still denied`, async () => {
      assert.notEqual((await hook('git push --force origin main', url()))?.permissionDecision, 'deny');
      const removal = await hook('rm -rf ~/.ssg', url());
      assert.equal(removal?.permissionDecision, 'deny');
      assert.match(removal?.permissionDecisionReason ?? '', /ssg_self_/);
    });
  }

  test('a wrong token: exit 5, the daemon refused', async () => {
    const other = new Workspace();
    try {
      other.write('ssg-home/daemon.token', `${'0'.repeat(64)}\n`);
      const run = await other.runAsync(['sleep', 'status'], { env: { SSG_DAEMON_URL: daemon.url } });
      assert.equal(run.status, 5);
      assert.match(run.stderr, /^ssg sleep: the daemon refused: invalid X-Service-Token — /);
    } finally {
      other.cleanup();
    }
  });

  for (const args of [['status'], ['on'], ['off']]) {
    test(`ssg sleep ${args.join(' ')} with no daemon: exit 5, how to start it`, async () => {
      const run = await sleep(args, UNREACHABLE);
      assert.equal(run.status, 5);
      assert.match(run.stderr, /^ssg sleep: cannot reach the ssg daemon \(.*\) — start it with `ssg daemon`/);
      assert.equal(run.stdout, '');
    });
  }
});
