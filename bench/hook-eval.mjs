// Wall time of `ssg hook eval` (a Claude Code PreToolUse call) as a ratio to bare `node -e 0`, both measured in
// this run, interleaved so machine noise hits both alike: evaluated in-process (no daemon), and answered by a
// running daemon (`ssg daemon`, started for the scenario on the same SSG_HOME).
// Run: node bench/hook-eval.mjs [runs]   (needs `npm run build` first)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCorpus } from './corpus.mjs';
import { fmt, summarize } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const ssg = join(root, 'cli/bin/ssg.cjs');

function timeRun(args, input, env) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

/** Starts `ssg daemon` on a free port for this home and waits (synchronously) until it has said where it is. */
function startDaemon(env, home) {
  const child = spawn(process.execPath, [ssg, 'daemon', '--port', '0'], { env, stdio: 'ignore' });
  const file = join(home, 'daemon.json');
  for (let waited = 0; !existsSync(file); waited += 20) {
    if (waited > 10_000) throw new Error('the daemon did not start');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return { child, url: JSON.parse(readFileSync(file, 'utf8')).url };
}

function scenario(name, setup, runs, { daemon = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'ssg-bench-'));
  const home = join(work, 'home');
  const project = join(work, 'project');
  mkdirSync(join(project, '.ssg/rules'), { recursive: true });
  mkdirSync(home, { recursive: true });
  setup(join(project, '.ssg/rules'));
  // A fresh home and no SSG_DAEMON_URL: the hook finds the daemon as it does on a user's machine, through the
  // daemon.json a running daemon writes, and the in-process scenarios find none announced.
  const env = { ...process.env, SSG_HOME: home, HOME: work, SSG_DAEMON_URL: '' };
  // Project rules apply once a person accepts them, as a user would with `ssg trust`.
  execFileSync(process.execPath, [ssg, 'trust'], { cwd: project, env, stdio: 'ignore' });
  const running = daemon ? startDaemon(env, home) : undefined;
  const payload = JSON.stringify({
    session_id: 'bench',
    transcript_path: join(work, 't.jsonl'),
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'git status && npm test' },
    tool_use_id: 'toolu_1',
  });
  // Fills the caches every later call reads, as the first call of a session does: the prepared rules and V8's
  // code cache of the hook bundle (both under SSG_HOME/cache/).
  timeRun([ssg, 'hook', 'eval'], payload, env);
  const base = [];
  const hook = [];
  for (let i = 0; i < runs; i++) {
    base.push(timeRun(['-e', '0'], payload, env).ms);
    hook.push(timeRun([ssg, 'hook', 'eval'], payload, env).ms);
  }
  running?.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  const b = summarize(base);
  const h = summarize(hook);
  const ratio = h.p50 / b.p50;
  console.log(
    `${name.padEnd(30)} node -e 0 median ${fmt(b.p50)}   ssg hook eval median ${fmt(h.p50)}   ratio ${ratio.toFixed(2)}`,
  );
  return { name, runs, nodeMedianMs: b.p50, hookMedianMs: h.p50, ratio };
}

export function runHookBench(runs = 40) {
  if (process.env.NODE_EXTRA_CA_CERTS) {
    // Node parses those certificates before running anything, which can double `node -e 0` and so flatter the ratio.
    console.log(`note: NODE_EXTRA_CA_CERTS is set; node -e 0 includes parsing ${process.env.NODE_EXTRA_CA_CERTS}`);
  }
  return [
    scenario(
      'default + sleep rules',
      (dir) => {
        for (const f of ['default.rules', 'sleep-at-night.rules'])
          copyFileSync(join(root, 'resources/rules', f), join(dir, f));
      },
      runs,
    ),
    scenario('1,500-rule hub corpus', (dir) => writeFileSync(join(dir, 'hub.rules'), makeCorpus(1500)), runs),
    scenario(
      'default + sleep rules, daemon up',
      (dir) => {
        for (const f of ['default.rules', 'sleep-at-night.rules'])
          copyFileSync(join(root, 'resources/rules', f), join(dir, f));
      },
      runs,
      { daemon: true },
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) runHookBench(Number(process.argv[2] ?? 40));
