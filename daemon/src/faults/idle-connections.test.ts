// Idle and stalled connections against the real `ssg daemon` under a low open-file limit (256, like a tight
// `ulimit -n`). An attacker on the machine opens far more sockets than the daemon has descriptors and sends
// nothing, or half a request; the daemon must stay up, close what stalls, and keep answering the hooks: a real
// evaluation still gets its correct verdict within a bounded time while the idle sockets are held.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { EvalResponse } from '@ssg/contracts/eval';
import { CONNECTIONS_CHECKING_INTERVAL_MS, REQUEST_TIMEOUT_MS } from '../server/connection-limits';
import { startDaemonProcess } from '../testing/daemon-process';
import { TestDaemon } from '../testing/test-daemon';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { eventually } from '@ssg/testing/eventually';

/** The daemon's open-file limit, soft and hard: nothing may raise it. */
const FD_LIMIT = 256;
/** Idle sockets the attacker opens: several times the daemon's descriptors. */
const IDLE_SOCKETS = 1200;
/** Evaluations sent, one after another, while the idle sockets are held. */
const EVALUATIONS = 5;
/** How long a hook's evaluation may take while the idle sockets are held (a hook's own timeout is seconds). */
const EVAL_DEADLINE_MS = 2_000;
/** How long a stalled request may keep its socket: the request timeout, Node's checking interval, and slack. */
const STALLED_REQUEST_CLOSED_WITHIN_MS = REQUEST_TIMEOUT_MS + 3_000;

/** Requests that stop half way; none is ever finished. */
const stalls: Array<{ name: string; sends: (port: number, hookToken: string) => string }> = [
  { name: 'sends nothing', sends: () => '' },
  {
    name: 'sends half the headers',
    sends: (port) => `POST /api/json/eval HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n`,
  },
  {
    name: 'sends the headers and half the body',
    // With the hooks' credential, so that the daemon waits for the body rather than refusing the request.
    sends: (port, hookToken) =>
      `POST /api/json/eval HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `X-Service-Token: ${hookToken}\r\nContent-Length: 100\r\n\r\n{"call":`,
  },
];

interface Daemon {
  child: ChildProcess;
  url: string;
  hookToken: string;
}

async function startLimitedDaemon(ws: Workspace): Promise<Daemon> {
  const { child, url } = await startDaemonProcess(ws, ['prlimit', `--nofile=${FD_LIMIT}:${FD_LIMIT}`]);
  return { child, url, hookToken: readFileSync(join(ws.home, 'daemon.token'), 'utf8').trim() };
}

/**
 * An attacker holding `count` idle sockets: each one the daemon closes is opened again at once, so the daemon
 * never sees fewer than it can hold. `stop()` closes them all.
 */
function holdIdleSockets(port: number, count: number): { connected: () => number; stop: () => void } {
  const sockets = new Set<Socket>();
  let stopped = false;
  let connected = 0;
  const open = (): void => {
    const socket = connect({ host: '127.0.0.1', port });
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => connected++);
    socket.once('close', () => {
      sockets.delete(socket);
      if (!stopped) open();
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    connected: () => connected,
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Opens a socket and resolves once it is connected (or refused, or closed by the daemon). */
function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    // Whatever the daemon answers (a 408) is read and dropped, so its closing the socket is seen.
    socket.resume();
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => resolve(socket));
  });
}

/** The most descriptors the process had open, sampled until `stop()`. */
function sampleOpenDescriptors(pid: number): { stop: () => number } {
  let most = 0;
  const timer = setInterval(() => (most = Math.max(most, readdirSync(`/proc/${pid}/fd`).length)), 5);
  return {
    stop: () => {
      clearInterval(timer);
      return most;
    },
  };
}

/** `kill -9 <daemon pid>` through the hooks' route: self-protection blocks it, whatever the rules say. */
async function evaluateKill(daemon: Daemon): Promise<{ verdict: EvalResponse; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${daemon.url}/api/json/eval`, {
    method: 'POST',
    headers: { 'x-service-token': daemon.hookToken, 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({
      call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command: `kill -9 ${daemon.child.pid}` } },
      askSupported: false,
    }),
    signal: AbortSignal.timeout(EVAL_DEADLINE_MS * 5),
  });
  const verdict = (await response.json()) as EvalResponse;
  return { verdict, ms: performance.now() - started };
}

describe(`the daemon under ${FD_LIMIT} open files`, () => {
  let ws: Workspace;
  let daemon: Daemon;
  let port: number;

  before(async () => {
    ensureBuilt();
    ws = new Workspace();
    daemon = await startLimitedDaemon(ws);
    port = Number(new URL(daemon.url).port);
  });

  after(async () => {
    daemon.child.kill('SIGTERM');
    await new Promise((resolve) => (daemon.child.exitCode === null ? daemon.child.once('exit', resolve) : resolve(0)));
    ws.cleanup();
  });

  test(`answers real evaluations while an attacker holds ${IDLE_SOCKETS} idle sockets, and stays up`, async (t) => {
    const descriptors = sampleOpenDescriptors(daemon.child.pid!);
    const attacker = holdIdleSockets(port, IDLE_SOCKETS);
    try {
      await eventually(() => attacker.connected() >= IDLE_SOCKETS, `${IDLE_SOCKETS} idle sockets connected`, 60_000);
      for (let round = 0; round < EVALUATIONS; round++) {
        const { verdict, ms } = await evaluateKill(daemon);
        t.diagnostic(`evaluation ${round + 1} answered in ${ms.toFixed(1)} ms, ${attacker.connected()} sockets opened`);
        assert.equal(verdict.decision, 'block');
        assert.equal(verdict.ruleId, 'ssg_self_guard');
        assert.ok(ms < EVAL_DEADLINE_MS, `the evaluation took ${Math.round(ms)} ms`);
      }
    } finally {
      attacker.stop();
    }
    const most = descriptors.stop();
    t.diagnostic(`the daemon had at most ${most} descriptors open`);
    assert.ok(most < FD_LIMIT, `the daemon reached ${most} open descriptors`);
    assert.equal(daemon.child.exitCode, null, 'the daemon is still running');
    const health = await fetch(`${daemon.url}/api/json/health`, { headers: { 'x-service-token': daemon.hookToken } });
    assert.equal(health.status, 200);
  });

  for (const stall of stalls) {
    test(`closes a connection that ${stall.name}`, async () => {
      const socket = await openSocket(port);
      const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
      socket.write(stall.sends(port, daemon.hookToken));
      const started = performance.now();
      const outcome = await Promise.race([
        closed,
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), STALLED_REQUEST_CLOSED_WITHIN_MS)),
      ]);
      const ms = performance.now() - started;
      socket.destroy();
      assert.equal(outcome, 'closed', `still open after ${Math.round(ms)} ms`);
    });
  }
});

describe('an answer held on purpose', () => {
  /** Longer than every request timeout, so a timeout that cut held answers would show. */
  const HELD_MS = REQUEST_TIMEOUT_MS + 2 * CONNECTIONS_CHECKING_INTERVAL_MS;
  let daemon: TestDaemon;

  before(async () => {
    daemon = await TestDaemon.start({ approvalTimeoutMs: HELD_MS });
    mkdirSync(join(daemon.home, 'rules'), { recursive: true });
    writeFileSync(
      join(daemon.home, 'rules', 'ask.rules'),
      'rule ask_push {\n  ASK execution\n  IF command STARTS_WITH "git push"\n}\n',
    );
  });
  after(() => daemon.stop());

  test('is not cut while an approval waits longer than the request timeout', async () => {
    const started = performance.now();
    const response = await daemon.request<EvalResponse>('POST', '/api/json/eval', {
      token: daemon.hookToken,
      body: {
        call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command: 'git push' } },
        askSupported: false,
      },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.decidedBy, 'approval');
    assert.equal(response.body.decision, 'block');
    assert.ok(performance.now() - started >= HELD_MS - 50, 'the answer came from the approval timing out');
  });
});
