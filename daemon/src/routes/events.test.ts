// The live stream over real HTTP, read the way a proxy or a test would, with fetch streaming: events arrive as
// `id`/`event`/`data` blocks, heartbeats keep a quiet stream alive, and a closed or stalled connection leaves no
// listener behind.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { ApprovalEvent } from '@ssg/contracts/approvals';
import type { AuditRecord } from '@ssg/contracts/audit';
import { DaemonEvents } from '../events';
import type { AuditEntry } from '../evaluation/ports';
import { buildApp } from '../server/app';
import { TestDaemon } from '../testing/test-daemon';
import { EVENTS_PATH, LIVE_EVENT_NAMES, type LiveEventName } from '@ssg/contracts/events';
import { eventStreamRoutes } from './events';
import { eventually } from '@ssg/testing/eventually';
import { DaemonIdentity } from '../server/daemon-identity';

/** The stream frames whatever payload an event carries; these tests send small stand-ins, not whole states. */
const emitStandIn = (events: DaemonEvents, name: LiveEventName, payload: object): boolean =>
  events.emit(name, payload as never);

interface SseBlock {
  comment?: string;
  id?: string;
  event?: string;
  data?: string;
}

/** A reader of one event stream: `next()` resolves to the next block (event or comment). */
async function openStream(url: string, token: string | false) {
  const controller = new AbortController();
  const response = await fetch(`${url}${EVENTS_PATH}`, {
    headers: token === false ? {} : { 'x-service-token': token },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<SseBlock> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const parsed: SseBlock = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) parsed.comment = line.slice(1).trim();
          else {
            const colon = line.indexOf(':');
            parsed[line.slice(0, colon) as 'id' | 'event' | 'data'] = line.slice(colon + 1).trim();
          }
        }
        return parsed;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** The next block that is an event, skipping heartbeats. */
  const nextEvent = async (): Promise<SseBlock> => {
    for (;;) {
      const block = await next();
      if (block.event !== undefined) return block;
    }
  };
  return { response, next, nextEvent, close: () => controller.abort() };
}

const listenerTotal = (events: DaemonEvents): number =>
  LIVE_EVENT_NAMES.reduce((sum, name) => sum + events.listenerCount(name), 0);

const decisionEntry = (command: string): AuditEntry => ({
  call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command } },
  result: { decision: 'allow', matched: [], durationMs: 0.1 },
  decidedBy: 'rules',
  at: Date.now(),
});

describe('GET /api/json/events', () => {
  let daemon: TestDaemon;
  /** Listeners other areas hold on the daemon's events, before any stream. */
  let baseline: number;
  before(async () => {
    daemon = await TestDaemon.start();
    baseline = listenerTotal(daemon.daemon.events);
  });
  after(() => daemon.stop());

  test('needs the token', async () => {
    const response = await fetch(`${daemon.url}${EVENTS_PATH}`);
    assert.equal(response.status, 401);
    assert.match(((await response.json()) as { message: string }).message, /missing X-Service-Token/);
  });

  test('refuses query parameters it does not know', async () => {
    const response = await daemon.request<{ message: string }>('GET', `${EVENTS_PATH}?since=0`);
    assert.equal(response.status, 400);
  });

  test('streams decisions, approvals and the other areas’ events, each with an id', async () => {
    const events = daemon.daemon.events;
    const stream = await openStream(daemon.url, daemon.daemon.token);
    try {
      assert.equal(stream.response.status, 200);
      assert.equal(stream.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.equal(stream.response.headers.get('cache-control'), 'no-cache, no-transform');
      assert.deepEqual(await stream.next(), { comment: 'connected' });
      assert.equal(listenerTotal(events), baseline + LIVE_EVENT_NAMES.length);

      const auditId = daemon.daemon.audit.record(decisionEntry('curl https://u:pw@x.example'));
      const decision = await stream.nextEvent();
      assert.equal(decision.event, 'decision');
      assert.equal(decision.id, '1');
      const record = JSON.parse(decision.data!) as AuditRecord;
      assert.equal(record.id, auditId);
      assert.equal(record.summary, 'curl https://u:[redacted:url-password]@x.example');
      const stored = await daemon.request<AuditRecord>('GET', `/api/json/audit/${auditId}`);
      assert.deepEqual(record, stored.body);

      const waiting = daemon.daemon.approvals.wait({
        call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command: 'git push' } },
        result: { decision: 'ask', ruleId: 'ask-push', matched: [], durationMs: 0 },
      });
      const created = await stream.nextEvent();
      assert.equal(created.event, 'approval');
      assert.equal(created.id, '2');
      const { approval } = JSON.parse(created.data!) as ApprovalEvent;
      assert.equal((JSON.parse(created.data!) as ApprovalEvent).type, 'created');
      await daemon.request('POST', `/api/json/approvals/${approval.id}`, { body: { decision: 'deny' } });
      const answered = JSON.parse((await stream.nextEvent()).data!) as ApprovalEvent;
      assert.equal(answered.type, 'answered');
      assert.equal((await waiting).decision, 'block');

      emitStandIn(events, 'sleep-mode', { enabled: true, note: 'line one\nline two' });
      const sleep = await stream.nextEvent();
      assert.equal(sleep.event, 'sleep-mode');
      assert.deepEqual(JSON.parse(sleep.data!), { enabled: true, note: 'line one\nline two' });
      emitStandIn(events, 'budget', { mode: 'warn' });
      emitStandIn(events, 'rules', { files: [] });
      assert.deepEqual(
        [await stream.nextEvent(), await stream.nextEvent()].map((block) => [block.id, block.event]),
        [
          ['5', 'budget'],
          ['6', 'rules'],
        ],
      );
    } finally {
      stream.close();
    }
    await eventually(() => listenerTotal(events) === baseline, 'the listeners were removed after disconnect');
  });

  test('every open stream gets every event', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => openStream(daemon.url, daemon.daemon.token)));
    try {
      for (const stream of streams) await stream.next();
      emitStandIn(daemon.daemon.events, 'budget', { n: 1 });
      for (const stream of streams) assert.deepEqual(JSON.parse((await stream.nextEvent()).data!), { n: 1 });
    } finally {
      for (const stream of streams) stream.close();
    }
    await eventually(() => listenerTotal(daemon.daemon.events) === baseline, 'the three streams were cleaned up');
  });

  test('a client that stops reading is dropped, and its listeners with it', async () => {
    const events = daemon.daemon.events;
    const req = request(`${daemon.url}${EVENTS_PATH}`, { headers: { 'x-service-token': daemon.daemon.token } });
    const closed = new Promise<void>((resolve) => {
      req.on('response', (res) => {
        res.pause();
        res.on('close', () => resolve());
        res.on('error', () => resolve());
      });
      req.on('error', () => resolve());
    });
    req.end();
    await eventually(() => listenerTotal(events) === baseline + LIVE_EVENT_NAMES.length, 'the stream opened');
    const big = { blob: 'x'.repeat(256 * 1024) };
    for (let i = 0; i < 64 && listenerTotal(events) > baseline; i++) {
      emitStandIn(events, 'budget', big);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await eventually(() => listenerTotal(events) === baseline, 'the stalled stream was dropped');
    req.destroy();
    await closed;
  });
});

describe('event stream heartbeat and shutdown', () => {
  test('a comment every heartbeat while nothing happens', async () => {
    const events = new DaemonEvents();
    let port = 0;
    const app = await buildApp({
      identity: DaemonIdentity.create(),
      credentials: { hookToken: 't'.repeat(64), adminToken: 'a'.repeat(64) },
      port: () => port,
      routes: [eventStreamRoutes({ events, heartbeatMs: 20 })],
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    const stream = await openStream(`http://127.0.0.1:${port}`, 't'.repeat(64));
    try {
      assert.deepEqual(await stream.next(), { comment: 'connected' });
      assert.deepEqual(await stream.next(), { comment: 'heartbeat' });
      assert.deepEqual(await stream.next(), { comment: 'heartbeat' });
    } finally {
      stream.close();
      await app.close();
    }
  });

  test('stopping the daemon ends open streams at once', async () => {
    const daemon = await TestDaemon.start();
    const stream = await openStream(daemon.url, daemon.daemon.token);
    await stream.next();
    const started = Date.now();
    await daemon.stop();
    assert.ok(Date.now() - started < 2000, `stop took ${Date.now() - started} ms`);
    await assert.rejects(stream.nextEvent(), /the stream ended|terminated|aborted/);
    assert.equal(listenerTotal(daemon.daemon.events), 0);
  });
});
