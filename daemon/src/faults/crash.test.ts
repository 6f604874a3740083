// kill -9 in the middle of writes. The real `ssg daemon` runs as a child process while this test drives it hard —
// concurrent evaluations, a budget writer and a Sleep at Night switcher — and kills it at a random moment, several
// rounds over the same home. After every kill: budget.json and sleep-mode.json parse and hold either the last
// state the daemon acknowledged or the one it was writing (never a torn or older, weaker one); the Sleep at Night
// layers never outlive an "off" on disk; both SQLite files pass integrity_check; the ledger holds no call that was
// never sent and loses none that was acknowledged except the last group commit; and the next daemon starts on the
// same home and answers with exactly the budget and the sleep state on disk.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import type { BudgetConfig, BudgetResponse, BudgetUpdate } from '@ssg/contracts/budget';
import type { EvalResponse } from '@ssg/contracts/eval';
import type { SleepModeRequest, SleepModeResponse } from '@ssg/contracts/sleep-mode';
import { type DaemonProcess, startDaemonProcess } from '../testing/daemon-process';

const ROUNDS = 5;
/** Evaluations in flight at once: also the most a lost (uncommitted) group commit can hold. */
const EVAL_WORKERS = 8;

/** The budgets the writer cycles through; none blocks the evaluations (their caps are far away). */
const budgets: BudgetUpdate[] = [
  { mode: 'enforce', global: { dailyCalls: 1_000_000 } },
  { mode: 'warn', warnAtPct: 0.5, perClient: { codex: { hourlyCalls: 500_000 } } },
  { mode: 'monitor', global: { monthlyUsd: 1000 } },
  { mode: 'enforce', global: { sessionCalls: 900_000 }, perClient: { 'claude-code': { dailyUsd: 50 } } },
];
const sleepRequests: SleepModeRequest[] = [{ enabled: true }, { enabled: false }, { enabled: true, forMs: 3_600_000 }];
const modeOf = (request: SleepModeRequest): SleepModeResponse['mode'] =>
  !request.enabled ? 'off' : request.forMs === undefined ? 'indefinite' : 'timed';

/** The parts of a budget a POST sets (updatedAt is the daemon's). */
const policy = (config: BudgetUpdate | BudgetConfig) => ({
  mode: config.mode,
  warnAtPct: config.warnAtPct ?? 0.8,
  global: config.global ?? {},
  perClient: config.perClient ?? {},
});

interface RunningChild extends DaemonProcess {
  /** The admin credential: the test changes the budget and Sleep at Night as a person would. */
  token: string;
}

/** The daemon as its own process, with the admin credential its start created. */
async function startDaemon(ws: Workspace): Promise<RunningChild> {
  const started = await startDaemonProcess(ws);
  return { ...started, token: readFileSync(join(ws.home, 'admin.token'), 'utf8').trim() };
}

async function call<T>(daemon: RunningChild, method: string, path: string, body?: unknown) {
  const response = await fetch(`${daemon.url}${path}`, {
    method,
    headers: { 'x-service-token': daemon.token, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one round's load saw: acknowledged and in-flight writes, and evaluations by outcome. */
class Load {
  stopped = false;
  evalsSent = 0;
  /** Answered 200 and counted by the budget (not blocked by a cap). */
  evalsAdmitted = 0;
  budgetAcked: BudgetUpdate | undefined;
  budgetInFlight: BudgetUpdate | undefined;
  sleepAcked: SleepModeRequest | undefined;
  sleepInFlight: SleepModeRequest | undefined;
  private readonly loops: Array<Promise<void>> = [];

  constructor(private readonly daemon: RunningChild) {
    for (let worker = 0; worker < EVAL_WORKERS; worker++) this.loops.push(this.evaluations(worker));
    this.loops.push(this.budgetWriter(), this.sleepSwitcher());
  }

  /** Waits for every loop to see the connection die. */
  async settled(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async evaluations(worker: number): Promise<void> {
    const client = worker % 2 === 0 ? 'codex' : 'claude-code';
    const body = {
      call: { tool: 'Bash', input: { command: `ls ${worker}` }, capability: 'execute', client },
      askSupported: true,
    };
    while (!this.stopped) {
      this.evalsSent++;
      const response = await call<EvalResponse>(this.daemon, 'POST', '/api/json/eval', body).catch(() => undefined);
      if (!response) return;
      assert.equal(response.status, 200, JSON.stringify(response.body));
      if (response.body.decidedBy !== 'budget') this.evalsAdmitted++;
    }
  }

  private async budgetWriter(): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const next = budgets[i % budgets.length]!;
      this.budgetInFlight = next;
      const response = await call(this.daemon, 'POST', '/api/json/budget', next).catch(() => undefined);
      if (!response) return;
      assert.equal(response.status, 200, JSON.stringify(response.body));
      this.budgetAcked = next;
      this.budgetInFlight = undefined;
    }
  }

  private async sleepSwitcher(): Promise<void> {
    for (let i = 0; !this.stopped; i++) {
      const next = sleepRequests[i % sleepRequests.length]!;
      this.sleepInFlight = next;
      const response = await call(this.daemon, 'POST', '/api/json/sleep-mode', next).catch(() => undefined);
      if (!response) return;
      assert.equal(response.status, 200, JSON.stringify(response.body));
      this.sleepAcked = next;
      this.sleepInFlight = undefined;
    }
  }
}

function countRows(path: string, table: string): number {
  const db = new Database(path);
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok', `${path} failed integrity_check`);
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('kill -9 during writes', () => {
  let ws: Workspace;
  let current: RunningChild | undefined;

  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(async () => {
    if (current && current.child.exitCode === null) {
      current.child.kill('SIGKILL');
      await current.exited;
    }
    ws.cleanup();
  });

  test(`${ROUNDS} rounds of load and a kill at a random moment leave valid files and a consistent ledger`, async () => {
    let evalsSent = 0;
    let lostAtMost = 0;
    let admittedAcked = 0;
    /** What the files must say after the previous round (none before the first). */
    let expectedBudget: BudgetUpdate | undefined;
    let expectedSleep: SleepModeResponse['mode'] = 'off';
    for (let round = 1; round <= ROUNDS; round++) {
      current = await startDaemon(ws);
      // The restarted daemon answers with what the files held when the previous one died.
      const budget = await call<BudgetResponse>(current, 'GET', '/api/json/budget');
      assert.equal(budget.body.problem, null, `round ${round}`);
      if (expectedBudget) assert.deepEqual(policy(budget.body.config), policy(expectedBudget), `round ${round}`);
      const sleepState = await call<SleepModeResponse>(current, 'GET', '/api/json/sleep-mode');
      assert.equal(sleepState.body.mode, expectedSleep, `round ${round}`);
      assert.equal(sleepState.body.problem, undefined);
      // An armed state comes back with every layer in place, even if the kill came between the state and layers.
      const armed: boolean = expectedSleep !== 'off';
      assert.equal(sleepState.body.layers.failClosed.active, armed, `round ${round}: fail-closed layer`);
      assert.equal(sleepState.body.layers.rules.active, armed, `round ${round}: sleep rules layer`);

      const load = new Load(current);
      await sleep(150 + Math.random() * 600);
      current.child.kill('SIGKILL');
      await current.exited;
      await load.settled();
      evalsSent += load.evalsSent;
      admittedAcked += load.evalsAdmitted;
      lostAtMost += EVAL_WORKERS;

      // budget.json: the last acknowledged document or the one being written, never torn.
      const budgetFile = JSON.parse(readFileSync(join(ws.home, 'budget.json'), 'utf8')) as BudgetConfig;
      const allowedBudgets = [load.budgetAcked ?? expectedBudget, load.budgetInFlight].filter((b) => b !== undefined);
      assert.ok(
        allowedBudgets.some((b) => JSON.stringify(policy(b)) === JSON.stringify(policy(budgetFile))),
        `round ${round}: budget.json holds ${JSON.stringify(budgetFile)}`,
      );
      expectedBudget = budgetFile;

      // sleep-mode.json: likewise; and an "off" on disk means the layers were already gone (torn down first).
      const sleepFile = JSON.parse(readFileSync(join(ws.home, 'sleep-mode.json'), 'utf8')) as { mode: string };
      const allowedModes = [load.sleepAcked ? modeOf(load.sleepAcked) : expectedSleep];
      if (load.sleepInFlight) allowedModes.push(modeOf(load.sleepInFlight));
      assert.ok(
        allowedModes.includes(sleepFile.mode as never),
        `round ${round}: sleep-mode.json holds ${sleepFile.mode}`,
      );
      if (sleepFile.mode === 'off') {
        assert.equal(existsSync(join(ws.home, 'fail-closed')), false, `round ${round}: sentinel outlived off`);
        assert.equal(existsSync(join(ws.home, 'rules', 'ssg-sleep-at-night.rules')), false);
      }
      expectedSleep = sleepFile.mode as SleepModeResponse['mode'];

      // The databases: intact, no call that was never sent, no acknowledged one lost beyond the last batch.
      const calls = countRows(join(ws.home, 'ledger.sqlite'), 'calls');
      const audited = countRows(join(ws.home, 'audit.sqlite'), 'audit');
      assert.ok(calls <= evalsSent, `round ${round}: ${calls} ledger calls but only ${evalsSent} evaluations sent`);
      assert.ok(calls >= admittedAcked - lostAtMost, `round ${round}: ${calls} calls < ${admittedAcked} acknowledged`);
      assert.ok(audited <= evalsSent, `round ${round}: ${audited} audit records for ${evalsSent} evaluations`);

      // A kill can leave an atomic write's temp file behind; nothing reads it, and it is never the real file.
      for (const name of readdirSync(ws.home)) {
        if (name.endsWith('.tmp')) assert.match(name, /^\.[\w.-]+\.\d+\.[a-z0-9]+\.tmp$/);
      }
    }

    // A last clean start on the home: it sweeps the temp files of killed writers, answers with the state on disk,
    // and stops cleanly.
    current = await startDaemon(ws);
    const leftovers = [ws.home, join(ws.home, 'rules')].flatMap((dir) =>
      readdirSync(dir).filter((name) => name.endsWith('.tmp')),
    );
    assert.deepEqual(leftovers, [], 'temp files of dead writers are removed at start');
    const budget = await call<BudgetResponse>(current, 'GET', '/api/json/budget');
    assert.deepEqual(policy(budget.body.config), policy(expectedBudget!));
    assert.equal((await call<SleepModeResponse>(current, 'GET', '/api/json/sleep-mode')).body.mode, expectedSleep);
    const evaluation = await call<EvalResponse>(current, 'POST', '/api/json/eval', {
      call: { tool: 'Read', input: { file_path: '/tmp/x' }, capability: 'read', client: 'codex' },
      askSupported: true,
    });
    assert.equal(evaluation.status, 200);
    current.child.kill('SIGTERM');
    await current.exited;
    assert.equal(current.child.exitCode, 0);
  });
});
