// Hostile input across every mutating route at once: each attack (oversized, too deep, malformed or mistyped
// bodies, a hostile field name, no token, a wrong token, a foreign Host) is refused with its own status and a
// clear message, and leaves everything as it was — the files in the home byte for byte, what the GET routes say,
// the waiting approval and the audit log. Every attack carries a body that WOULD change state if it got through;
// the last test proves that by sending the same bodies properly and seeing each change land.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ApprovalList } from '@ssg/contracts/approvals';
import type { ApprovalOutcome, ApprovalRequest } from '../evaluation/ports';
import { MAX_JSON_DEPTH } from '@ssg/contracts/eval-limits';
import { TestDaemon, type TestResponse } from '../testing/test-daemon';

/** Fixed, so the GET responses (which carry `at` and spend windows) compare equal when nothing changed. */
const clock = { now: () => Date.UTC(2025, 0, 15, 12) };

const waitingCall: ApprovalRequest = {
  call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command: 'git push' }, sessionId: 's1' },
  result: { decision: 'ask', ruleId: 'ask-push', prompt: 'Push to the remote?', matched: [], durationMs: 0.2 },
};

interface Route {
  name: string;
  path: (approvalId: string) => string;
  /** A body the route accepts and that changes state (the attacks carry it where the body is not the attack). */
  effective: unknown;
  /** The same route with its fields of the wrong JSON types. */
  wrongTypes: unknown;
  wrongTypesMessage: RegExp;
  /** A field no route knows, named with a right-to-left override and a quote (must not be echoed raw). */
  hostileField: Record<string, unknown>;
}

const HOSTILE_NAME = '\u202e"}<script>';

const routes: Route[] = [
  {
    name: 'eval',
    path: () => '/api/json/eval',
    effective: {
      call: { tool: 'Bash', input: { command: 'ls' }, capability: 'execute', client: 'codex' },
      askSupported: true,
    },
    wrongTypes: { call: { tool: 42, input: 'ls', capability: 'execute', client: 'codex' }, askSupported: 'yes' },
    wrongTypesMessage: /must be (string|object|boolean)/,
    hostileField: {
      call: { tool: 'Bash', input: {}, capability: 'execute', client: 'codex' },
      askSupported: true,
      [HOSTILE_NAME]: 1,
    },
  },
  {
    name: 'budget',
    path: () => '/api/json/budget',
    effective: { mode: 'enforce', global: { dailyCalls: 1 } },
    wrongTypes: { mode: 'enforce', global: { dailyCalls: '1' } },
    wrongTypesMessage: /dailyCalls/,
    hostileField: { mode: 'enforce', [HOSTILE_NAME]: 1 },
  },
  {
    name: 'sleep-mode',
    path: () => '/api/json/sleep-mode',
    effective: { enabled: true },
    wrongTypes: { enabled: 'true' },
    wrongTypesMessage: /"enabled" must be true or false/,
    hostileField: { enabled: true, [HOSTILE_NAME]: 1 },
  },
  {
    name: 'approvals/:id',
    path: (id) => `/api/json/approvals/${id}`,
    effective: { decision: 'allow' },
    wrongTypes: { decision: true },
    wrongTypesMessage: /decision must be string/,
    hostileField: { decision: 'allow', [HOSTILE_NAME]: 1 },
  },
];

interface Attack {
  name: string;
  status: number;
  message: RegExp;
  send(daemon: TestDaemon, path: string, route: Route): Promise<TestResponse<{ message?: string }>>;
}

const attacks: Attack[] = [
  {
    name: 'oversized body',
    status: 413,
    message: /too large/i,
    // Valid JSON that is only wrong in its size: an 9 MiB string inside the route's own accepted body.
    send: (daemon, path, route) =>
      daemon.request('POST', path, {
        rawBody: JSON.stringify({ ...(route.effective as object), padding: 'a'.repeat(9 * 1024 * 1024) }),
      }),
  },
  {
    name: 'deep JSON',
    status: 400,
    message: /nested deeper than 64 levels/,
    send: (daemon, path) =>
      daemon.request('POST', path, {
        rawBody: `{"x":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`,
      }),
  },
  {
    name: 'malformed JSON',
    status: 400,
    message: /not valid JSON/,
    send: (daemon, path, route) =>
      daemon.request('POST', path, { rawBody: JSON.stringify(route.effective).slice(0, -1) }),
  },
  {
    name: 'wrong types',
    status: 400,
    message: /./,
    send: (daemon, path, route) => daemon.request('POST', path, { body: route.wrongTypes }),
  },
  {
    name: 'hostile field name',
    status: 400,
    message: /./,
    send: (daemon, path, route) => daemon.request('POST', path, { body: route.hostileField }),
  },
  {
    name: 'missing token',
    status: 401,
    message: /missing X-Service-Token/,
    send: (daemon, path, route) => daemon.request('POST', path, { body: route.effective, token: false }),
  },
  {
    name: 'invalid token',
    status: 401,
    message: /^invalid X-Service-Token$/,
    send: (daemon, path, route) =>
      daemon.request('POST', path, { body: route.effective, token: `${daemon.daemon.token.slice(0, -1)}x` }),
  },
  {
    name: 'empty token',
    status: 401,
    message: /^invalid X-Service-Token$/,
    send: (daemon, path, route) => daemon.request('POST', path, { body: route.effective, token: '' }),
  },
  {
    name: 'foreign Host',
    status: 403,
    message: /Host "attacker\.example" is not allowed/,
    send: (daemon, path, route) => postWithHost(daemon, path, route.effective, 'attacker.example'),
  },
  {
    name: 'foreign Host on the right port',
    status: 403,
    message: /is not allowed/,
    send: (daemon, path, route) => postWithHost(daemon, path, route.effective, `evil.test:${daemon.daemon.port}`),
  },
];

/** fetch() will not send a foreign Host header, so this goes through node:http (with the right token). */
function postWithHost(
  daemon: TestDaemon,
  path: string,
  body: unknown,
  host: string,
): Promise<TestResponse<{ message?: string }>> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: daemon.daemon.port,
        path,
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-service-token': daemon.daemon.token,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text) as { message?: string },
            headers: new Headers(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every file under the home with its bytes (the WAL index `-shm` is shared memory, not content). */
function filesUnder(dir: string, found: Record<string, string> = {}): Record<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, found);
    else if (!entry.name.endsWith('-shm')) found[path] = readFileSync(path).toString('base64');
  }
  return found;
}

describe('hostile input on every mutating route', () => {
  let daemon: TestDaemon;
  let approvalId: string;
  let waiting: Promise<ApprovalOutcome>;

  /**
   * Everything an attack could have changed. The audit's stats first: asking for them flushes the audit's writer
   * thread, so a record of the set-up's call cannot land in the files between two observations.
   */
  const observe = async () => {
    const audit = (await daemon.request('GET', '/api/json/audit/stats')).body;
    return {
      files: filesUnder(daemon.home),
      budget: (await daemon.request('GET', '/api/json/budget')).body,
      sleepMode: (await daemon.request('GET', '/api/json/sleep-mode')).body,
      approvals: (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body,
      audit,
    };
  };

  before(async () => {
    daemon = await TestDaemon.start({ clock, approvalTimeoutMs: 120_000 });
    // A real starting state to protect: a budget, Sleep at Night off (written), one audited call, one waiting ASK.
    assert.equal((await daemon.request('POST', '/api/json/budget', { body: { mode: 'warn' } })).status, 200);
    assert.equal((await daemon.request('POST', '/api/json/sleep-mode', { body: { enabled: false } })).status, 200);
    assert.equal((await daemon.request('POST', '/api/json/eval', { body: routes[0]!.effective })).status, 200);
    waiting = daemon.daemon.approvals.wait(waitingCall);
    approvalId = (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body.pending[0]!.id;
  });
  after(() => daemon.stop());

  for (const route of routes) {
    for (const attack of attacks) {
      test(`${route.name}: ${attack.name} → ${attack.status}, nothing changed`, async () => {
        const before = await observe();
        const response = await attack.send(daemon, route.path(approvalId), route);
        assert.equal(response.status, attack.status, JSON.stringify(response.body));
        const message = response.body.message ?? '';
        assert.match(message, attack.name === 'wrong types' ? route.wrongTypesMessage : attack.message);
        assert.ok(!message.includes('\u202e'), `the answer echoes a raw control character: ${message}`);
        assert.ok(!message.includes(daemon.daemon.token), 'the answer quotes the token');
        assert.deepEqual(await observe(), before);
      });
    }
  }

  test('the same bodies, sent properly, do change state (so the checks above could fail)', async () => {
    const before = await observe();
    for (const route of routes) {
      const response = await daemon.request('POST', route.path(approvalId), { body: route.effective });
      assert.equal(response.status, 200, `${route.name}: ${JSON.stringify(response.body)}`);
    }
    assert.equal((await waiting).decision, 'allow');
    const after = await observe();
    assert.notDeepEqual(after.budget, before.budget);
    assert.notDeepEqual(after.sleepMode, before.sleepMode);
    assert.notDeepEqual(after.approvals, before.approvals);
    assert.notDeepEqual(after.audit, before.audit);
    assert.notDeepEqual(after.files, before.files);
  });
});
