// Runs every benchmark and writes the figures to bench/results/latest.json.
// Run: npm run bench   (builds nothing: run `npm run build` first)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runDaemonBench } from './daemon-eval.mjs';
import { runDashboardLoadBench } from './dashboard-load.mjs';
import { runEngineBench } from './engine.mjs';
import { runFleetBench } from './fleet.mjs';
import { runHookBench } from './hook-eval.mjs';
import { runTerminalBench } from './terminal.mjs';
import { runWorstCaseBench } from './worst-case.mjs';

const results = { date: new Date().toISOString(), node: process.version, cpus: cpus().length };
console.log('── hook start-up ──');
results.hook = runHookBench();
console.log('\n── engine ──');
results.engine = runEngineBench();
console.log('\n── worst case ──');
results.worstCase = runWorstCaseBench();
console.log('\n── daemon eval route ──');
results.daemon = await runDaemonBench();
console.log('\n── dashboard first load ──');
results.dashboard = await runDashboardLoadBench();
console.log('\n── terminal ──');
results.terminal = await runTerminalBench();
console.log('\n── fleet ──');
results.fleet = await runFleetBench();
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL('results/latest.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwrote bench/results/latest.json');
