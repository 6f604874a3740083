// The spending gate on the hot path: p50/p99 of Budget.admit() (check every cap of the call's client, write the
// call to the ledger, count it in every window) on a ledger that already holds 100,000 calls and 20,000 priced
// responses spread over the last 30 days, in enforce mode with a cap on every window, globally and per client.
// Also: how long the daemon's start takes to rebuild the window totals from that ledger.
// Run: node --import tsx bench/budget-admit.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Budget } from '../daemon/src/budget/budget.ts';
import { LEDGER_FILE } from '../daemon/src/budget/ledger.ts';
import { DaemonEvents } from '../daemon/src/events.ts';
import { fmt, summarize } from './stats.mjs';

const LEDGER_CALLS = 100_000;
const LEDGER_COSTS = 20_000;
const WARM_UP = 5_000;
const MEASURED = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CLIENTS = ['claude-code', 'codex', 'cursor'];

/** Every cap set, high enough that nothing is blocked: the gate does all its work on every call. */
const everyCap = (scale) => ({
  sessionUsd: 1e6 * scale,
  sessionCalls: 1e9 * scale,
  hourlyUsd: 1e6 * scale,
  hourlyCalls: 1e9 * scale,
  dailyUsd: 1e6 * scale,
  dailyCalls: 1e9 * scale,
  weeklyUsd: 1e6 * scale,
  weeklyCalls: 1e9 * scale,
  monthlyUsd: 1e6 * scale,
  monthlyCalls: 1e9 * scale,
});

/** Fills the ledger in one transaction (what months of use would leave behind). */
function fillLedger(home, now) {
  const db = new Database(join(home, LEDGER_FILE));
  const insertCall = db.prepare('INSERT INTO calls (at, client, tool) VALUES (?, ?, ?)');
  const insertCost = db.prepare(
    `INSERT INTO costs (key, at, client, model, input_tokens, output_tokens, cache_write_tokens, cache_read_tokens,
       usd, priced) VALUES (?, ?, ?, 'claude-sonnet-4-5', 1000, 200, 0, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < LEDGER_CALLS; i++) {
      insertCall.run(now - Math.floor((i / LEDGER_CALLS) * 30 * DAY_MS), CLIENTS[i % CLIENTS.length], 'Bash');
    }
    for (let i = 0; i < LEDGER_COSTS; i++) {
      const at = now - Math.floor((i / LEDGER_COSTS) * 30 * DAY_MS);
      insertCost.run(`bench:${i}`, at, CLIENTS[i % CLIENTS.length], 0.01, i % 10 === 0 ? 0 : 1);
    }
  })();
  db.close();
}

export function runBudgetAdmitBench() {
  const home = mkdtempSync(join(tmpdir(), 'ssg-bench-budget-'));
  const clock = { now: () => Date.now() };
  const options = { home, clock, events: new DaemonEvents(), sessionStartedAt: clock.now() };
  try {
    // Creates the schema and the configuration, then the ledger is filled behind its back and reopened.
    const first = Budget.open(options);
    first.update({
      mode: 'enforce',
      global: everyCap(3),
      perClient: Object.fromEntries(CLIENTS.map((client) => [client, everyCap(1)])),
    });
    first.close();
    fillLedger(home, clock.now());
    const openStarted = performance.now();
    const budget = Budget.open(options);
    const openMs = performance.now() - openStarted;

    const calls = CLIENTS.map((client) => ({ tool: 'Bash', input: { command: 'ls' }, capability: 'execute', client }));
    for (let i = 0; i < WARM_UP; i++) budget.admit(calls[i % calls.length]);
    const samples = [];
    const started = performance.now();
    for (let i = 0; i < MEASURED; i++) {
      const t = performance.now();
      const admission = budget.admit(calls[i % calls.length]);
      samples.push(performance.now() - t);
      if (admission.blocked) throw new Error(`unexpectedly blocked: ${admission.blocked.message}`);
    }
    const totalMs = performance.now() - started;
    budget.close();
    const s = summarize(samples);
    const perSecond = Math.round(MEASURED / (totalMs / 1000));
    console.log(
      `ledger ${LEDGER_CALLS.toLocaleString('en')} calls + ${LEDGER_COSTS.toLocaleString('en')} responses; ` +
        `start-up rebuild ${fmt(openMs)}`,
    );
    console.log(
      `admit() enforce, 20 caps per call   ${String(perSecond).padStart(7)} calls/s   p50 ${fmt(s.p50)}   ` +
        `p99 ${fmt(s.p99)}   max ${fmt(s.max)}`,
    );
    return { ledgerCalls: LEDGER_CALLS, ledgerCosts: LEDGER_COSTS, openMs, perSecond, p50Ms: s.p50, p99Ms: s.p99 };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runBudgetAdmitBench();
