// The multi-account terminal end to end (issue 14): a pane's output on the renderer's path — pty → pty host
// (batching, flow control, the headless screen mirror) → IPC → daemon → WebSocket → window — against the same
// process in a bare node-pty, measured in the same run:
//   1. throughput: a shell pane runs `seq` printing numbered lines; the window acknowledges each output message
//      as it arrives (and, second, only after parsing it in a headless xterm, as a browser's xterm.js would);
//      every line is checked, so one lost, changed or reordered byte fails the run;
//   2. keystroke to echo: one character per input message to `cat` in raw mode, timed until it is back;
//   3. the pty host's memory (VmRSS of its process) idle, with 1 and with 8 panes that each printed ~1 MB.
// The daemon runs in a process of its own (bench/terminal-daemon.mjs), its pty host from a bundle built here.
// Run: node --import tsx bench/terminal.mjs [MB per flood = 100] [runs = 3] [echo samples = 200]
//      (Linux: it reads /proc; figures also land in bench/results/terminal.json)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import headless from '@xterm/headless';
import { build } from 'esbuild';
import { spawn as ptySpawn } from 'node-pty';
import WebSocket from 'ws';
import { licensePath } from '@ssg/node/license/active-license';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';
import { NODE_BUNDLE } from '../scripts/node-bundle.mjs';
import { summarize } from './stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const COLS = 120;
const ROWS = 40;
/** 98 bytes a line with its newline: a full-width terminal line, under the pane's 120 columns. */
const LINE_TEXT = ' the quick brown fox jumps over the lazy dog, again and again, to fill a terminal line.';
const LINE_BYTES = 10 + LINE_TEXT.length + 1;
const seqCommand = (lines) => `seq -f '%010.0f${LINE_TEXT}' 1 ${lines}`;
const MB = 1e6;

/**
 * Checks a pty's output as it streams in: after the shell's own text, lines 1..n of the generator, each exactly
 * once, in order and byte for byte (the pty adds a carriage return to each newline). Any other line once counting
 * has started is a failure: lost, changed or reordered output.
 */
class FloodChecker {
  constructor(lines) {
    this.lines = lines;
    this.next = 1;
    this.carry = '';
    this.bad = 0;
    this.firstBadLine = undefined;
    this.startedAt = undefined;
    this.endedAt = undefined;
    this.chars = 0;
  }

  get done() {
    return this.next > this.lines || this.bad > 0;
  }

  push(text) {
    if (this.done) return;
    const now = performance.now();
    const parts = (this.carry + text).split('\n');
    this.carry = parts.pop();
    for (const part of parts) {
      const line = part.endsWith('\r') ? part.slice(0, -1) : part;
      const expected = String(this.next).padStart(10, '0') + LINE_TEXT;
      // The first line follows the shell's own escape sequences on the same row.
      if (line === expected || (this.next === 1 && line.endsWith(`\r${expected}`))) {
        if (this.next === 1) this.startedAt = now;
        this.chars += expected.length + 2;
        this.next += 1;
        if (this.next > this.lines) {
          this.endedAt = now;
          return;
        }
      } else if (this.next > 1) {
        this.bad += 1;
        this.firstBadLine ??= `expected line ${this.next}, got ${JSON.stringify(line.slice(0, 40))}`;
        return;
      }
    }
  }

  result() {
    const seconds = (this.endedAt - this.startedAt) / 1000;
    return {
      lines: this.next - 1,
      bytesPrinted: (this.next - 1) * LINE_BYTES,
      charsReceived: this.chars,
      lost: this.lines * LINE_BYTES - (this.next - 1) * LINE_BYTES,
      bad: this.bad,
      firstBadLine: this.firstBadLine,
      seconds,
      mbPerSecond: ((this.next - 1) * LINE_BYTES) / MB / seconds,
    };
  }
}

/** A window on the pane socket that keeps nothing: hands each output to `onOutput` and acknowledges it. */
class BenchWindow {
  static connect(url, adminToken) {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/terminal/socket`, ['ssg-terminal'], {
      headers: { 'x-service-token': adminToken },
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new BenchWindow(socket)));
      socket.once('error', reject);
    });
  }

  constructor(socket) {
    this.socket = socket;
    this.listeners = new Set();
    this.messages = 0;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'output') this.messages += 1;
      for (const listener of this.listeners) listener(message);
    });
  }

  send(message) {
    this.socket.send(JSON.stringify(message));
  }

  ack(paneId, chars) {
    this.send({ type: 'ack', paneId, chars });
  }

  /** Calls `listener` with each message until it returns true. */
  until(listener, timeoutMs = 120_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (message) => {
        if (!listener(message)) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(message);
      };
      this.listeners.add(check);
    });
  }

  close() {
    this.socket.close();
  }
}

/** How this window consumes output: acknowledge at once, or after a headless xterm has parsed it. */
function consumer(kind) {
  if (kind === 'ack') return (data, acknowledge) => acknowledge();
  const terminal = new headless.Terminal({ cols: COLS, rows: ROWS, scrollback: 1_000, allowProposedApi: true });
  return (data, acknowledge) => terminal.write(data, acknowledge);
}

class BenchDaemon {
  static async start(work) {
    const home = join(work, 'home');
    mkdirSync(home, { recursive: true });
    const issuer = newTestIssuer();
    trustTestIssuer(home, issuer);
    writeFileSync(
      licensePath(home),
      mintLicense(issuer.privateKey, { iss: 'test-issuer', exp: 4_102_444_800, tier: 'pro' }),
    );
    const hostFile = join(work, 'terminal-host.cjs');
    await build({
      ...NODE_BUNDLE,
      sourcemap: false,
      define: { 'import.meta.url': '__ssgModuleUrl' },
      banner: { js: "const __ssgModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
      entryPoints: [fileURLToPath(import.meta.resolve('@ssg/terminal/host-main'))],
      outfile: hostFile,
      external: ['node-pty', '@napi-rs/keyring'],
    });
    const env = {
      ...process.env,
      HOME: work,
      SSG_HOME: home,
      SHELL: '/bin/bash',
      SSG_BENCH_HOST: hostFile,
      // The bundle is outside the repository: its native packages are found here.
      NODE_PATH: join(root, 'node_modules'),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/terminal-daemon.mjs')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const { url, adminToken } = await new Promise((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`the daemon exited ${code}`)));
      createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    });
    return new BenchDaemon(child, url, adminToken, work, hostFile);
  }

  constructor(child, url, adminToken, work, hostFile) {
    this.child = child;
    this.hostFile = hostFile;
    this.url = url;
    this.adminToken = adminToken;
    this.work = work;
  }

  async request(method, path, body) {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'x-service-token': this.adminToken, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    const parsed = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  }

  openShell() {
    return this.request('POST', '/api/terminal/sessions', { kind: 'shell', cwd: this.work, cols: COLS, rows: ROWS });
  }

  closePane(id) {
    return this.request('DELETE', `/api/terminal/sessions/${id}`);
  }

  /** The pty host: the daemon's child process running the host bundle (tsx has one of its own, esbuild's). */
  hostPid() {
    const hosts = readdirSync('/proc').filter((name) => {
      if (!/^\d+$/.test(name)) return false;
      try {
        // The parent pid is the 2nd field after the command name, which is in parentheses.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === this.child.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(this.hostFile);
      } catch {
        return false;
      }
    });
    if (hosts.length !== 1) throw new Error(`expected one pty host, found ${hosts.length}`);
    return Number(hosts[0]);
  }

  stop() {
    this.child.kill('SIGTERM');
    return new Promise((resolve) => this.child.once('exit', resolve));
  }
}

/** CPU time a process has used so far (user + system), in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** VmRSS of a process, in MB. */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  return (kb * 1024) / MB;
}

/** Attaches `window` to a new shell pane and waits for the shell's prompt to settle. */
async function shellPane(daemon, window) {
  const pane = await daemon.openShell();
  window.send({ type: 'attach', paneId: pane.id });
  let last = performance.now();
  const listener = (message) => {
    if (message.paneId !== pane.id) return false;
    if (message.type === 'output') window.ack(pane.id, message.data.length);
    last = performance.now();
    return false;
  };
  window.listeners.add(listener);
  while (performance.now() - last < 300) await sleep(50);
  window.listeners.delete(listener);
  return pane;
}

/** Runs the flood in a pane through the whole path; the window consumes each output as `kind` says. */
async function floodThroughSsg(daemon, lines, kind) {
  const window = await BenchWindow.connect(daemon.url, daemon.adminToken);
  const pane = await shellPane(daemon, window);
  const checker = new FloodChecker(lines);
  const consume = consumer(kind);
  const before = window.messages;
  const hostPid = daemon.hostPid();
  const cpuBefore = { host: cpuMs(hostPid), daemon: cpuMs(daemon.child.pid), window: process.cpuUsage() };
  const done = window.until(
    (message) => {
      if (message.type !== 'output' || message.paneId !== pane.id) return false;
      checker.push(message.data);
      consume(message.data, () => window.ack(pane.id, message.data.length));
      return checker.done;
    },
    // Slower than 1 MB/s is a failure.
    Math.max(120_000, (lines * LINE_BYTES) / 1_000),
  );
  window.send({ type: 'input', paneId: pane.id, data: `${seqCommand(lines)}\r` });
  await done;
  const windowCpu = process.cpuUsage(cpuBefore.window);
  const cpu = {
    host: cpuMs(hostPid) - cpuBefore.host,
    daemon: cpuMs(daemon.child.pid) - cpuBefore.daemon,
    window: (windowCpu.user + windowCpu.system) / 1000,
  };
  const messages = window.messages - before;
  window.close();
  await daemon.closePane(pane.id);
  const result = checker.result();
  const perMb = (ms) => ms / (result.bytesPrinted / MB);
  return {
    ...result,
    messages,
    charsPerMessage: Math.round(result.charsReceived / messages),
    cpuMsPerMb: { host: perMb(cpu.host), daemon: perMb(cpu.daemon), window: perMb(cpu.window) },
  };
}

/** The same flood read by a bare node-pty in this process: what a pty delivers with no ssg layer. */
function floodThroughNodePty(lines) {
  const checker = new FloodChecker(lines);
  const decoder = new TextDecoder();
  // The shell waits after seq: node-pty can drop the last reads of a process that exits at once.
  const pty = ptySpawn('/bin/sh', ['-c', `${seqCommand(lines)}; sleep 5`], {
    name: 'xterm-256color',
    cols: COLS,
    rows: ROWS,
    cwd: tmpdir(),
    env: process.env,
    encoding: null,
  });
  return new Promise((resolve) => {
    pty.onData((data) => {
      checker.push(decoder.decode(data, { stream: true }));
      if (checker.done) {
        pty.kill('SIGKILL');
        resolve(checker.result());
      }
    });
  });
}

/** The generator alone, into /dev/null: the ceiling any pty path is under. */
function floodToDevNull(lines) {
  const started = performance.now();
  const run = spawnSync('/bin/sh', ['-c', `${seqCommand(lines)} > /dev/null`]);
  if (run.status !== 0) throw new Error(`seq failed: ${run.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, mbPerSecond: (lines * LINE_BYTES) / MB / seconds };
}

const CHARS = 'abcdefghijklmnopqrstuvwxyz';

/** Keystroke to echo through the whole path: `cat` in raw mode echoes each character as it reads it. */
async function echoThroughSsg(daemon, samples) {
  const window = await BenchWindow.connect(daemon.url, daemon.adminToken);
  const pane = await shellPane(daemon, window);
  let received = '';
  window.listeners.add((message) => {
    if (message.type !== 'output' || message.paneId !== pane.id) return false;
    window.ack(pane.id, message.data.length);
    received += message.data;
    return false;
  });
  window.send({ type: 'input', paneId: pane.id, data: "stty raw -echo; echo ready''; cat\r" });
  while (!received.includes('ready\r\n') && !received.includes('ready\n')) await sleep(20);
  await sleep(200);
  const timings = await timeEchoes(samples, (char) => {
    received = '';
    window.send({ type: 'input', paneId: pane.id, data: char });
    return () => received.includes(char);
  });
  window.close();
  await daemon.closePane(pane.id);
  return timings;
}

/** The same through a bare node-pty in this process. */
async function echoThroughNodePty(samples) {
  const pty = ptySpawn('/bin/sh', ['-c', "stty raw -echo; echo ready''; cat"], {
    name: 'xterm-256color',
    cols: COLS,
    rows: ROWS,
    cwd: tmpdir(),
    env: process.env,
  });
  let received = '';
  pty.onData((data) => (received += data));
  while (!received.includes('ready')) await sleep(20);
  await sleep(200);
  const timings = await timeEchoes(samples, (char) => {
    received = '';
    pty.write(char);
    return () => received.includes(char);
  });
  pty.kill('SIGKILL');
  return timings;
}

/** `type(char)` sends one character and returns whether it is back; resolves as soon as it is (setImmediate). */
async function timeEchoes(samples, type) {
  const warmUp = 20;
  const timings = [];
  for (let i = 0; i < samples + warmUp; i += 1) {
    const started = performance.now();
    const back = type(CHARS[i % CHARS.length]);
    while (!back()) await new Promise((resolve) => setImmediate(resolve));
    if (i >= warmUp) timings.push(performance.now() - started);
    await sleep(5);
  }
  return summarize(timings);
}

/** The pty host's RSS idle, then with 1 and with 8 shell panes that each printed ~1 MB (the mirrors' scrollback). */
async function hostMemory(daemon) {
  await daemon.request('GET', '/api/terminal/sessions');
  await sleep(2_000);
  const pid = daemon.hostPid();
  const idle = rssMb(pid);
  const window = await BenchWindow.connect(daemon.url, daemon.adminToken);
  const linesPerMb = Math.ceil(MB / LINE_BYTES);
  const panes = [];
  const openPrinting = async () => {
    const pane = await shellPane(daemon, window);
    const checker = new FloodChecker(linesPerMb);
    const done = window.until((message) => {
      if (message.type !== 'output' || message.paneId !== pane.id) return false;
      window.ack(pane.id, message.data.length);
      checker.push(message.data);
      return checker.done;
    });
    window.send({ type: 'input', paneId: pane.id, data: `${seqCommand(linesPerMb)}\r` });
    await done;
    panes.push(pane);
  };
  await openPrinting();
  await sleep(2_000);
  const one = rssMb(pid);
  for (let i = 1; i < 8; i += 1) await openPrinting();
  await sleep(2_000);
  const eight = rssMb(pid);
  window.close();
  for (const pane of panes) await daemon.closePane(pane.id);
  return { pid, idleMb: idle, onePaneMb: one, eightPanesMb: eight, perPaneMb: (eight - idle) / 8 };
}

const median = (values) => summarize(values).p50;

export async function runTerminalBench(floodMb = 100, runs = 3, echoSamples = 200) {
  const lines = Math.round((floodMb * MB) / LINE_BYTES);
  const work = mkdtempSync(join(tmpdir(), 'ssg-bench-terminal-'));
  let daemon;
  try {
    daemon = await BenchDaemon.start(work);
    const memory = await hostMemory(daemon);
    console.log(
      `pty host RSS: idle ${memory.idleMb.toFixed(1)} MB, 1 pane ${memory.onePaneMb.toFixed(1)} MB, ` +
        `8 panes ${memory.eightPanesMb.toFixed(1)} MB (each printed ~1 MB)`,
    );

    console.log(`\nflood: ${seqCommand(lines)}  (${((lines * LINE_BYTES) / MB).toFixed(0)} MB), ${runs} runs each`);
    const flood = { devNull: [], nodePty: [], ssgAck: [], ssgParse: [] };
    for (let run = 0; run < runs; run += 1) {
      flood.devNull.push(floodToDevNull(lines));
      flood.nodePty.push(await floodThroughNodePty(lines));
      flood.ssgAck.push(await floodThroughSsg(daemon, lines, 'ack'));
      flood.ssgParse.push(await floodThroughSsg(daemon, lines, 'parse'));
      const row = (name) => `${flood[name].at(-1).mbPerSecond.toFixed(1)} MB/s`;
      console.log(
        `  run ${run + 1}: seq > /dev/null ${row('devNull')}, bare node-pty ${row('nodePty')}, ` +
          `ssg (window acks) ${row('ssgAck')}, ssg (window parses, then acks) ${row('ssgParse')}`,
      );
    }
    for (const name of ['nodePty', 'ssgAck', 'ssgParse']) {
      for (const result of flood[name]) {
        if (result.lost !== 0 || result.bad !== 0)
          throw new Error(`${name}: output lost or changed: ${result.firstBadLine}`);
      }
    }
    const mbps = Object.fromEntries(
      Object.entries(flood).map(([name, results]) => [name, median(results.map((r) => r.mbPerSecond))]),
    );
    console.log(
      `median MB/s: seq > /dev/null ${mbps.devNull.toFixed(1)}, bare node-pty ${mbps.nodePty.toFixed(1)}, ` +
        `ssg (acks) ${mbps.ssgAck.toFixed(1)}, ssg (parses) ${mbps.ssgParse.toFixed(1)}`,
    );
    console.log(
      `ratio ssg / bare node-pty: ${(mbps.ssgAck / mbps.nodePty).toFixed(2)} (acks), ` +
        `${(mbps.ssgParse / mbps.nodePty).toFixed(2)} (parses); every line of every run arrived once, in order, intact`,
    );
    console.log(`output messages: median ${median(flood.ssgAck.map((r) => r.charsPerMessage))} characters each`);
    const cpu = (name, part) => median(flood[name].map((r) => r.cpuMsPerMb[part])).toFixed(1);
    for (const name of ['ssgAck', 'ssgParse']) {
      console.log(
        `CPU ms per MB, ${name === 'ssgAck' ? 'window acks' : 'window parses'}: pty host ${cpu(name, 'host')}, ` +
          `daemon ${cpu(name, 'daemon')}, window ${cpu(name, 'window')}`,
      );
    }

    console.log(`\nkeystroke to echo (cat in raw mode), ${echoSamples} samples`);
    const echo = { nodePty: await echoThroughNodePty(echoSamples), ssg: await echoThroughSsg(daemon, echoSamples) };
    const ms = (s) => `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms`;
    console.log(`  bare node-pty: ${ms(echo.nodePty)}`);
    console.log(`  ssg (pty host, daemon, WebSocket): ${ms(echo.ssg)}`);
    return { floodMb: (lines * LINE_BYTES) / MB, runs, memory, flood, medianMbPerSecond: mbps, echo };
  } finally {
    await daemon?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [floodMb, runs, echoSamples] = process.argv.slice(2).map(Number);
  const results = await runTerminalBench(floodMb || 100, runs || 3, echoSamples || 200);
  const report = { date: new Date().toISOString(), node: process.version, cpus: cpus().length, ...results };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/terminal.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nwrote bench/results/terminal.json');
}
