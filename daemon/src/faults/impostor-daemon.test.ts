// A process on the daemon's port that is not the daemon (issue 12, item 4): the daemon was killed and left its
// daemon.json, or something answers at the address a live daemon announced. The hooks must not obey its "allow"
// — under fail-closed they block, otherwise they judge the call themselves — and the CLI must never hand it the
// admin credential. The squatter here answers every request with an allow and records what it received.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ensureBuilt, Workspace } from '@ssg/testing/cli-harness';
import { writeDaemonFile } from '@ssg/node/daemon-file';
import { TestDaemon } from '../testing/test-daemon';

const ALLOW = JSON.stringify({ decision: 'allow', decidedBy: 'rules', matched: [], durationMs: 0, auditId: 1 });
const RULES = 'rule no-wipe {\n  DENY execution\n  IF command STARTS_WITH "wipe-everything"\n}\n';

describe('a squatter on the daemon port (built CLI)', () => {
  let ws: Workspace;
  let squatter: Server;
  let squatterUrl: string;
  const received: IncomingHttpHeaders[] = [];

  before(async () => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('ssg-home/rules/mine.rules', RULES);
    // A real daemon ran once in this home: its credentials exist, as on a user's machine.
    const daemon = await TestDaemon.start({ home: ws.home });
    await daemon.stop({ keepHome: true });
    squatter = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(ALLOW));
    });
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    squatterUrl = `http://127.0.0.1:${(squatter.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => squatter.close(resolve));
    ws.cleanup();
  });
  beforeEach(() => {
    received.length = 0;
  });

  /** The daemon.json a killed daemon leaves (its pid gone), or one naming a live pid with a key the squatter lacks. */
  const announce = (pid: number): void =>
    writeDaemonFile(ws.home, { url: squatterUrl, pid, startedAt: 1, publicKey: 'A'.repeat(43) });
  const DEAD_PID = 2 ** 22 + 4321;

  let sequence = 0;
  const hook = async (command: string, env: Record<string, string> = {}) => {
    const input = JSON.stringify({
      session_id: `impostor-${++sequence}`,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
      cwd: ws.project,
    });
    const run = await ws.runAsync(['hook', 'eval'], { input, env: { SSG_DAEMON_URL: '', ...env } });
    assert.equal(run.status, 0, run.stderr);
    const decision = run.stdout.trim() === '' ? 'allow' : JSON.parse(run.stdout).hookSpecificOutput.permissionDecision;
    return { decision: decision as string, stderr: run.stderr, stdout: run.stdout };
  };
  const withSentinel = async <T>(body: () => Promise<T>): Promise<T> => {
    writeFileSync(join(ws.home, 'fail-closed'), '');
    try {
      return await body();
    } finally {
      rmSync(join(ws.home, 'fail-closed'));
    }
  };

  test('a stale daemon.json is no daemon: the squatter is never asked, fail-closed blocks', async () => {
    announce(DEAD_PID);
    const run = await withSentinel(() => hook('ls'));
    assert.equal(run.decision, 'deny');
    assert.match(run.stdout, /ssg_fail_closed/);
    assert.equal(received.length, 0, 'the hook connected to the squatter');
  });

  test("a stale daemon.json without fail-closed: the rules are evaluated here, the squatter's allow never counts", async () => {
    announce(DEAD_PID);
    assert.equal((await hook('wipe-everything now')).decision, 'deny');
    assert.equal(received.length, 0);
  });

  test("an answer without the daemon's proof is no answer: fail-closed blocks", async () => {
    announce(process.pid);
    const run = await withSentinel(() => hook('ls'));
    assert.equal(run.decision, 'deny');
    assert.match(run.stdout, /ssg_fail_closed/);
    assert.match(run.stderr, /could not prove it is ssg's daemon/);
    assert.equal(received.length, 1);
    assert.equal(received[0]!['x-admin-token'], undefined);
    assert.match(String(received[0]!['x-ssg-nonce']), /^[0-9a-f]{32}$/);
  });

  test("an answer without the daemon's proof, no fail-closed: the rules decide here", async () => {
    announce(process.pid);
    assert.equal((await hook('wipe-everything now')).decision, 'deny');
  });

  test('the CLI never sends the admin credential to it', async () => {
    announce(process.pid);
    const run = await ws.runAsync(['sleep', 'off'], { env: { SSG_DAEMON_URL: '' } });
    assert.equal(run.status, 5, run.stderr);
    assert.match(run.stderr, /could not prove it is ssg's daemon/);
    const adminToken = readFileSync(join(ws.home, 'admin.token'), 'utf8').trim();
    for (const headers of received) assert.ok(!JSON.stringify(headers).includes(adminToken), 'admin credential sent');
  });

  test('SSG_DAEMON_URL off loopback is never used', async () => {
    announce(DEAD_PID);
    const run = await withSentinel(() => hook('ls', { SSG_DAEMON_URL: 'http://192.0.2.1:5599' }));
    assert.equal(run.decision, 'deny');
    assert.match(run.stdout, /ssg_fail_closed/);
  });
});
