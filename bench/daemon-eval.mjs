// Throughput and latency of the daemon's eval route under concurrent load from this (second) process, as a ratio
// to a bare fastify route (bench/bare-fastify.mjs) measured in the same run with the same body and load.
// The daemon runs for real: a temp SSG_HOME, the bundled default and Sleep at Night rules, the audit log and the
// ledger writing every call to SQLite.
// Run: node bench/daemon-eval.mjs [seconds] [connections]   (needs `npm run build` first)
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const ssg = join(root, 'cli/bin/ssg.cjs');

/** Starts a server process and resolves with its url, read from its first stdout line that holds one. */
function startServer(args, env) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
      if (url) resolve({ child, url });
    });
  });
}

/** A coding session's mix of tool calls, in Claude Code's names: mostly reads, edits and searches, some shell. */
const SESSION_MIX = [
  ['Read', 'read', { file_path: 'src/server/app.ts' }],
  ['Grep', 'search', { pattern: 'TODO', path: 'src' }],
  ['Edit', 'write', { file_path: 'src/server/app.ts', old_string: 'const a = 1;', new_string: 'const a = 2;' }],
  ['Bash', 'execute', { command: 'git status' }],
  ['Read', 'read', { file_path: 'package.json' }],
  ['Glob', 'search', { pattern: '**/*.test.ts' }],
  ['Bash', 'execute', { command: 'npm test -- server' }],
  ['Write', 'write', { file_path: 'notes.md', content: '# Notes\n\nRefactor the loader.\n' }],
  ['Bash', 'execute', { command: 'git diff --stat && git log --oneline -5' }],
  ['WebFetch', 'network', { url: 'https://nodejs.org/api/fs.html', prompt: 'fs.watch caveats' }],
];

function evalBody(tool, capability, input, cwd) {
  return JSON.stringify({
    call: { tool, input, capability, client: 'claude-code', cwd, sessionId: 'bench' },
    askSupported: true,
  });
}

function load(url, headers, bodies, seconds, connections) {
  return autocannon({
    url: `${url}/api/json/eval`,
    headers: { 'content-type': 'application/json', ...headers },
    requests: bodies.map((body) => ({ method: 'POST', body })),
    connections,
    duration: seconds,
  });
}

export async function runDaemonBench(seconds = 10, connections = 10) {
  const work = mkdtempSync(join(tmpdir(), 'ssg-bench-daemon-'));
  const home = join(work, 'home');
  mkdirSync(join(home, 'rules'), { recursive: true });
  for (const file of ['default.rules', 'sleep-at-night.rules']) {
    copyFileSync(join(root, 'resources/rules', file), join(home, 'rules', file));
  }
  const env = { ...process.env, SSG_HOME: home, HOME: work };
  const daemon = await startServer([ssg, 'daemon', '--port', '0'], env);
  const bare = await startServer([join(root, 'bench/bare-fastify.mjs')], env);
  const token = readFileSync(join(home, 'daemon.token'), 'utf8').trim();
  const auth = { 'x-service-token': token };
  const httpLayer = await startServer(['--import', 'tsx', join(root, 'bench/daemon-http-layer.mjs')], {
    ...env,
    SSG_BENCH_TOKEN: token,
  });
  const mix = SESSION_MIX.map(([tool, capability, input]) => evalBody(tool, capability, input, work));
  const heavy = [evalBody('Bash', 'execute', { command: 'git status && npm test' }, work)];
  try {
    // Warm both (JIT, compiled rules) before measuring.
    await load(bare.url, {}, mix, 2, connections);
    await load(daemon.url, auth, mix, 2, connections);
    await load(httpLayer.url, auth, mix, 2, connections);
    const runs = {
      bare: await load(bare.url, {}, mix, seconds, connections),
      httpLayer: await load(httpLayer.url, auth, mix, seconds, connections),
      daemonMix: await load(daemon.url, auth, mix, seconds, connections),
      daemonShell: await load(daemon.url, auth, heavy, seconds, connections),
      bareOne: await load(bare.url, {}, mix, seconds, 1),
      daemonOne: await load(daemon.url, auth, mix, seconds, 1),
    };
    for (const [name, r] of Object.entries(runs)) {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    }
    const row = (name, r) =>
      `${name.padEnd(44)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`;
    console.log(`${seconds} s per run, load from a second process (autocannon)`);
    console.log(row(`bare fastify route, ${connections} connections`, runs.bare));
    console.log(row(`daemon's HTTP layer alone, ${connections} connections`, runs.httpLayer));
    console.log(row(`daemon, session mix, ${connections} connections`, runs.daemonMix));
    console.log(row(`daemon, one compound shell command, ${connections} conn.`, runs.daemonShell));
    console.log(row('bare fastify route, 1 connection', runs.bareOne));
    console.log(row('daemon, session mix, 1 connection', runs.daemonOne));
    const ratio = runs.daemonMix.requests.average / runs.bare.requests.average;
    const ceiling = runs.httpLayer.requests.average / runs.bare.requests.average;
    console.log(`throughput ratio daemon (session mix) / bare: ${ratio.toFixed(2)}`);
    console.log(`throughput ratio daemon's HTTP layer alone / bare (the ceiling): ${ceiling.toFixed(2)}`);
    const summary = (r) => ({ rps: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99 });
    return {
      seconds,
      connections,
      ...Object.fromEntries(Object.entries(runs).map(([name, r]) => [name, summary(r)])),
      throughputRatio: ratio,
      httpLayerRatio: ceiling,
    };
  } finally {
    daemon.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    httpLayer.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runDaemonBench(Number(process.argv[2]) || 10, Number(process.argv[3]) || 10);
}
