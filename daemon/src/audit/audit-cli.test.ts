// `ssg audit` through the built CLI against a real daemon: recent decisions as a table, newest first, with each
// filter; --json; usage errors before anything is sent; the daemon's own 400s and absence as exit 5. Lives with
// the daemon because it records decisions through the daemon's AuditLog in-process.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Workspace } from '@ssg/testing/cli-harness';
import type { AuditPage } from '@ssg/contracts/audit';
import type { AuditEntry } from '../evaluation/ports';
import { TestDaemon } from '../testing/test-daemon';

const AT = new Date(2026, 5, 15, 9, 30, 5).getTime();

const entry = (
  minutes: number,
  call: Partial<AuditEntry['call']>,
  result: Partial<AuditEntry['result']> = {},
): AuditEntry => ({
  call: { tool: 'Bash', capability: 'execute', client: 'claude-code', input: {}, ...call },
  result: { decision: 'allow', matched: [], durationMs: 0.1, ...result },
  decidedBy: 'rules',
  at: AT + minutes * 60_000,
});

describe('ssg audit (built CLI)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => ({ ws, daemon } = await TestDaemon.forCli()));
  after(() => daemon.stopWithCli(ws));

  // runAsync, not run: a blocking spawn would stall this process's event loop, and the daemon with it.
  const cli = (args: string[]) => ws.runAsync(['audit', ...args], { env: { SSG_DAEMON_URL: daemon.url } });

  test('nothing recorded yet', async () => {
    const run = await cli([]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'No calls recorded yet.\n');
  });

  test('recent decisions as a table, newest first, redacted and on one line each', async () => {
    const audit = daemon.daemon.audit;
    audit.record(entry(0, { input: { command: 'ls -la' } }));
    audit.record(
      entry(
        1,
        { input: { command: 'rm -rf /\n# cleanup' } },
        { decision: 'block', ruleId: 'no-rm-root', message: 'Recursive delete of / is blocked.' },
      ),
    );
    audit.record(
      entry(2, { client: 'codex', tool: 'shell', input: { command: 'mysql --password hunter2 -e "select 1"' } }),
    );
    audit.record(
      entry(
        3,
        { tool: 'Write', capability: 'write', input: { file_path: '/p/.env', content: 'X=1' } },
        { decision: 'ask', ruleId: 'ask-env-files' },
      ),
    );
    const run = await cli([]);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^time +decision +client +tool +rule +call$/);
    assert.deepEqual(
      lines.slice(2).map((line) => line.split(/ {2,}/)),
      [
        ['2026-06-15 09:33:05', 'ask', 'claude-code', 'Write', 'ask-env-files', '/p/.env (3 bytes)'],
        ['2026-06-15 09:32:05', 'allow', 'codex', 'shell', 'mysql --password [redacted:flag] -e "select 1"'],
        ['2026-06-15 09:31:05', 'block', 'claude-code', 'Bash', 'no-rm-root', 'rm -rf / # cleanup'],
        ['2026-06-15 09:30:05', 'allow', 'claude-code', 'Bash', 'ls -la'],
      ],
    );
    assert.ok(!run.stdout.includes('hunter2'));
  });

  const filters: Array<[string[], string[]]> = [
    [['--decision', 'block'], ['rm -rf / # cleanup']],
    [['--client', 'codex'], ['mysql --password [redacted:flag] -e "select 1"']],
    [['--tool', 'Write'], ['/p/.env (3 bytes)']],
    [['-q', 'RM -RF'], ['rm -rf / # cleanup']],
    [['--query', 'recursive delete'], ['rm -rf / # cleanup']],
    [
      ['--limit', '2'],
      ['/p/.env (3 bytes)', 'mysql --password [redacted:flag] -e "select 1"'],
    ],
    [['--client', 'claude-code', '--decision', 'allow'], ['ls -la']],
  ];
  for (const [args, calls] of filters) {
    test(`ssg audit ${args.join(' ')}`, async () => {
      const run = await cli(args);
      assert.equal(run.status, 0, run.stderr);
      const rows = run.stdout.trimEnd().split('\n').slice(2);
      assert.deepEqual(
        rows.map((row) => row.split(/ {2,}/).at(-1)),
        calls,
      );
    });
  }

  test('a filter that matches nothing says so', async () => {
    const run = await cli(['--decision', 'shadow']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'No recorded calls match.\n');
  });

  test('--json prints the page as the daemon sent it', async () => {
    const run = await cli(['--json', '--limit', '1']);
    assert.equal(run.status, 0, run.stderr);
    const page = JSON.parse(run.stdout) as AuditPage;
    assert.equal(page.records.length, 1);
    assert.equal(page.records[0]!.summary, '/p/.env (3 bytes)');
    assert.equal(typeof page.nextBefore, 'number');
  });

  const usage: Array<[string[], RegExp]> = [
    [['--decision', 'deny'], /^ssg audit: unknown decision 'deny' — use one of: allow, block, log, shadow, ask, force/],
    [['--limit', '0'], /--limit must be a whole number from 1 to 500/],
    [['--limit', '501'], /--limit must be a whole number from 1 to 500/],
    [['--limit', 'ten'], /--limit must be a whole number from 1 to 500/],
    [['--limit'], /option --limit needs a value/],
    [['--since', '1h'], /unknown option '--since'/],
    [['extra'], /unexpected argument 'extra'/],
  ];
  for (const [args, message] of usage) {
    test(`usage error: ssg audit ${args.join(' ')}`, async () => {
      const run = await cli(args);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, message);
    });
  }

  test('a value the daemon refuses: its reason, exit 5', async () => {
    const run = await cli(['--client', 'c'.repeat(65)]);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /the daemon refused: querystring\/client must NOT have more than 64 characters/);
  });

  test('the daemon is not running: exit 5', async () => {
    // The workspace points SSG_DAEMON_URL at port 1, where nothing listens.
    const run = await ws.runAsync(['audit']);
    assert.equal(run.status, 5);
    assert.match(run.stderr, /^ssg audit: cannot reach the ssg daemon/);
  });
});
