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

function load(url, headers, body, seconds, connections) {
  return autocannon({
    url: `${url}/api/json/eval`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
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
  const body = JSON.stringify({
    call: {
      tool: 'Bash',
      input: { command: 'git status && npm test' },
      capability: 'execute',
      client: 'claude-code',
      cwd: work,
      sessionId: 'bench',
    },
    askSupported: true,
  });
  try {
    // Warm both (JIT, compiled rules) before measuring.
    await load(bare.url, {}, body, 2, connections);
    await load(daemon.url, { 'x-service-token': token }, body, 2, connections);
    const b = await load(bare.url, {}, body, seconds, connections);
    const d = await load(daemon.url, { 'x-service-token': token }, body, seconds, connections);
    if (d.non2xx > 0 || d.errors > 0) throw new Error(`daemon: ${d.non2xx} non-2xx answers, ${d.errors} errors`);
    const row = (name, r) =>
      `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms`;
    console.log(`${connections} connections, ${seconds} s each, from a second process (autocannon)`);
    console.log(row('bare fastify route', b));
    console.log(row('daemon eval route', d));
    const ratio = d.requests.average / b.requests.average;
    console.log(`throughput ratio daemon / bare: ${ratio.toFixed(2)}`);
    return {
      seconds,
      connections,
      bare: { rps: b.requests.average, p50Ms: b.latency.p50, p99Ms: b.latency.p99 },
      daemon: { rps: d.requests.average, p50Ms: d.latency.p50, p99Ms: d.latency.p99 },
      throughputRatio: ratio,
    };
  } finally {
    daemon.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runDaemonBench(Number(process.argv[2]) || 10, Number(process.argv[3]) || 10);
}
