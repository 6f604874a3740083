// `ssg approvals`, `ssg approve` and `ssg deny` through the built CLI against a real daemon on the workspace's home
// (SSG_DAEMON_URL says where it listens; the token is read from the home). The test lives with the daemon because it drives
// the daemon's queue in-process; the CLI itself never imports daemon code.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ApprovalList } from '@ssg/contracts/approvals';
import type { Workspace } from '@ssg/testing/cli-harness';
import type { ApprovalOutcome, ApprovalRequest } from '../evaluation/ports';
import { TestDaemon } from '../testing/test-daemon';

const ask = (command: string): ApprovalRequest => ({
  call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command } },
  result: { decision: 'ask', ruleId: 'ask-push', prompt: 'Push to the remote?', matched: [], durationMs: 0.1 },
});

describe('ssg approvals | approve | deny (built CLI)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => ({ ws, daemon } = await TestDaemon.forCli()));
  after(() => daemon.stopWithCli(ws));

  // runAsync, not run: a blocking spawn would stall this process's event loop, and the daemon with it.
  const cli = (args: string[]) => ws.runAsync(args, { env: { SSG_DAEMON_URL: daemon.url } });

  /** Holds one request and returns its id and the promise of its outcome. */
  const hold = (command: string): { id: string; outcome: Promise<ApprovalOutcome> } => {
    const outcome = daemon.daemon.approvals.wait(ask(command));
    const pending = daemon.daemon.approvals.pending();
    return { id: pending[pending.length - 1]!.id, outcome };
  };

  test('nothing waiting', async () => {
    const run = await cli(['approvals']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'No requests are waiting for an answer (unanswered requests are denied after 60 s).\n');
  });

  test('lists the waiting requests as a table, redacted and escaped', async () => {
    const first = hold('git push https://me:hunter2@git.example/r');
    const second = hold('echo \u001b[2J done');
    try {
      const run = await cli(['approvals']);
      assert.equal(run.status, 0, run.stderr);
      const lines = run.stdout.split('\n');
      assert.match(lines[0]!, /^id +client +tool +rule +expires in +call +question$/);
      assert.match(
        run.stdout,
        new RegExp(
          `^${first.id} +codex +Bash +ask-push +(59|60) s +git push https://me:\\[redacted:url-password\\]@git\\.example/r +Push to the remote\\?$`,
          'm',
        ),
      );
      assert.match(run.stdout, new RegExp(`^${second.id} .*echo \\\\x1b\\[2J done`, 'm'));
      assert.ok(!run.stdout.includes('\u001b'));
      assert.match(
        run.stdout,
        /Answer with `ssg approve <id>` or `ssg deny <id>`; unanswered requests are denied after 60 s\./,
      );

      const json = await cli(['approvals', '--json']);
      const list = JSON.parse(json.stdout) as ApprovalList;
      assert.deepEqual(
        list.pending.map((approval) => approval.id),
        [first.id, second.id],
      );
    } finally {
      daemon.daemon.approvals.answer(first.id, { decision: 'deny', via: 'dashboard' });
      daemon.daemon.approvals.answer(second.id, { decision: 'deny', via: 'dashboard' });
      await Promise.all([first.outcome, second.outcome]);
    }
  });

  test('approve lets the call go ahead (the id may be typed in capitals)', async () => {
    const { id, outcome } = hold('git push');
    const run = await cli(['approve', id.toUpperCase()]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `Approved ${id}: codex Bash git push\n`);
    assert.deepEqual(await outcome, {
      decision: 'allow',
      answeredBy: 'cli',
      message: 'Approved by you with `ssg approve`',
    });
  });

  test('deny with a note blocks the call and tells the agent why; a second answer is refused', async () => {
    const { id, outcome } = hold('git push --force');
    const run = await cli(['deny', id, '--note', 'not on main']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `Denied ${id}: codex Bash git push --force\n`);
    assert.deepEqual(await outcome, {
      decision: 'block',
      answeredBy: 'cli',
      message: 'Denied by you with `ssg deny`: not on main',
    });
    const again = await cli(['approve', id]);
    assert.equal(again.status, 5);
    assert.match(
      again.stderr,
      new RegExp(`^ssg approve: the daemon refused: approval request ${id} was already answered`),
    );
  });

  const usage: Array<[string[], RegExp]> = [
    [['approve'], /^ssg approve: missing the request id — `ssg approvals` lists/],
    [['deny', 'abc'], /^ssg deny: 'abc' is not a request id \(8 letters and digits\)/],
    [['deny', 'abcdefg1'], /is not a request id/],
    [['approve', 'abcdefgh', 'ijklmnop'], /unexpected argument 'ijklmnop'/],
    [['approve', 'abcdefgh', '--note', 'n'.repeat(501)], /the note is longer than 500 characters/],
    [['approvals', '--all'], /unknown option '--all'/],
  ];
  for (const [args, message] of usage) {
    test(`usage error: ssg ${args.join(' ').slice(0, 40)}`, async () => {
      const run = await cli(args);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, message);
    });
  }

  test('an id nothing waits for: the daemon says so, exit 5', async () => {
    const run = await cli(['approve', 'abcdefgh']);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /the daemon refused: no approval request abcdefgh is waiting/);
  });

  test('the daemon is not running: exit 5 and what to do', async () => {
    // The workspace points SSG_DAEMON_URL at port 1, where nothing listens.
    const run = await ws.runAsync(['approvals']);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /cannot reach the ssg daemon .* — start it with `ssg daemon`/);
  });

  test('help', async () => {
    for (const command of ['approvals', 'approve', 'deny']) {
      const run = await cli([command, '--help']);
      assert.equal(run.status, 0);
      assert.match(run.stdout, new RegExp(`^Usage: ssg ${command}`));
    }
  });
});
