// The built CLI's commands that lower protection, run the way an agent would run them: under an agent host (its
// environment marker, or a host program among its ancestors) and with no terminal, each is refused with exit 6 and
// changes nothing; with a terminal, the person there must type the fresh code shown; run by a person (no sign of
// an agent), they work as before, also from scripts without a terminal.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { BudgetResponse } from '@ssg/contracts/budget';
import type { SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { type CliRun, ssgBin, Workspace } from '@ssg/testing/cli-harness';
import { TestDaemon } from '../testing/test-daemon';

const AGENT = { CLAUDECODE: '1' };

describe('commands that lower protection need a person (built CLI, real daemon)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => ({ ws, daemon } = await TestDaemon.forCli()));
  after(() => daemon.stopWithCli(ws));

  const env = (extra: Record<string, string> = {}) => ws.env({ SSG_DAEMON_URL: daemon.url, ...extra });

  /** `ssg …` in a new session: no controlling terminal, as under an agent's shell tool. */
  const withoutTerminal = (args: string[], extra: Record<string, string> = {}, program = process.execPath) =>
    collect(
      spawn('setsid', ['-w', program, ...(program === process.execPath ? [ssgBin] : []), ...args], {
        env: env(extra),
        cwd: ws.project,
      }),
    );

  /** `ssg …` on a pseudo-terminal (script(1)); `answer` gets the prompt and returns what to type. */
  const onTerminal = (args: string[], answer: (code: string) => string, extra: Record<string, string> = {}) => {
    const command = [process.execPath, ssgBin, ...args].map((word) => `'${word}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: env(extra), cwd: ws.project });
    let typed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      const code = /Type ([A-Z0-9]{4}) to allow it/.exec(chunk.toString())?.[1];
      if (code && !typed) {
        typed = true;
        child.stdin.write(`${answer(code)}\r`);
      }
    });
    return collect(child, false);
  };

  const sleepState = async () =>
    (await daemon.request<SleepModeResponse>('GET', '/api/json/sleep-mode', { token: daemon.hookToken })).body;
  const budgetMode = async () => (await daemon.request<BudgetResponse>('GET', '/api/json/budget')).body.config.mode;
  const arm = async () => {
    const on = await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: true, forMs: 3_600_000 } });
    assert.equal(on.status, 200);
  };

  const commands: Array<{
    name: string;
    args: string[];
    unchanged: () => Promise<unknown>;
    before?: () => Promise<void>;
  }> = [
    { name: 'sleep off', args: ['sleep', 'off'], before: arm, unchanged: async () => (await sleepState()).enabled },
    { name: 'budget mode off', args: ['budget', 'mode', 'off'], unchanged: budgetMode },
    { name: 'dashboard', args: ['dashboard', '--no-open'], unchanged: async () => 'no link printed' },
    { name: 'approve', args: ['approve', 'abcd2345'], unchanged: async () => 'nothing answered' },
  ];

  test('set up: Sleep at Night armed, budget in enforce mode', async () => {
    await arm();
    const set = await daemon.request('POST', '/api/json/budget', { body: { mode: 'enforce' } });
    assert.equal(set.status, 200);
  });

  for (const { name, args, unchanged, before: prepare } of commands) {
    test(`ssg ${name} under an agent with no terminal: exit 6, nothing changed`, async () => {
      await prepare?.();
      const was = await unchanged();
      const run = await withoutTerminal(args, AGENT);
      assert.equal(run.status, 6, run.stderr);
      assert.match(run.stderr, /this runs under Claude Code, and only a person may/);
      assert.match(run.stderr, /nothing was changed/);
      assert.doesNotMatch(run.stdout, /http:\/\//, 'no sign-in link');
      assert.deepEqual(await unchanged(), was);
    });
  }

  test('a host program among the ancestors counts, without any marker in the environment', async () => {
    // A stand-in for the host's own executable: a program named `claude` that runs ssg as its child.
    const host = ws.write('bin/claude', `#!/bin/sh\n"${process.execPath}" "${ssgBin}" "$@"\n`);
    chmodSync(host, 0o755);
    await arm();
    const run = await withoutTerminal(['sleep', 'off'], {}, host);
    assert.equal(run.status, 6, run.stderr);
    assert.equal((await sleepState()).enabled, true);
  });

  test('under an agent, the person at the terminal allows it by typing the code shown', async () => {
    await arm();
    const run = await onTerminal(['sleep', 'off'], (code) => code, AGENT);
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /Claude Code is running ssg to turn Sleep at Night off/);
    assert.equal((await sleepState()).enabled, false);
  });

  test('under an agent, a wrong answer at the terminal refuses it', async () => {
    await arm();
    const run = await onTerminal(['sleep', 'off'], () => 'yes', AGENT);
    assert.equal(run.status, 6, run.stdout);
    assert.match(run.stdout, /the person at the terminal did not confirm it/);
    assert.equal((await sleepState()).enabled, true);
  });

  test("stdin piped with an answer is not the terminal's answer", async () => {
    await arm();
    const child = spawn('setsid', ['-w', process.execPath, ssgBin, 'sleep', 'off'], { env: env(AGENT) });
    child.stdin.write('yes\nABCD\n');
    const run = await collect(child, false);
    assert.equal(run.status, 6);
    assert.equal((await sleepState()).enabled, true);
  });

  test('a person (no agent) needs no confirmation, also from a script without a terminal', async () => {
    await arm();
    const run = await withoutTerminal(['sleep', 'off']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal((await sleepState()).enabled, false);
    const mode = await withoutTerminal(['budget', 'mode', 'monitor']);
    assert.equal(mode.status, 0, mode.stderr);
    assert.equal(await budgetMode(), 'monitor');
  });
});

function collect(child: ReturnType<typeof spawn>, closeStdin = true): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    if (closeStdin) child.stdin?.end();
  });
}
