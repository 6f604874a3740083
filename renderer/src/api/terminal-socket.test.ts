// The pane socket client without a browser: a fake WebSocket and a fake timer stand in for the network, a fake
// screen for xterm (it parses when the test says so).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { SocketClientMessage, SocketServerMessage } from '@ssg/contracts/terminal';
import { reconnectDelay, type SocketLike, splitInput, TerminalSocket, type TerminalEvent } from './terminal-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly sent: SocketClientMessage[] = [];
  constructor(readonly protocols: string[]) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data) as SocketClientMessage);
  }
  close(): void {
    this.drop();
  }
  accept(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }
  deliver(message: SocketServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

class FakeScreen {
  readonly log: string[] = [];
  readonly unparsed: (() => void)[] = [];
  reset(): void {
    this.log.push('reset');
  }
  write(data: string, parsed: () => void): void {
    this.log.push(data);
    this.unparsed.push(parsed);
  }
  parseAll(): void {
    for (const parsed of this.unparsed.splice(0)) parsed();
  }
}

/** `token` null: a tab without a session (the dev server's proxy adds the credential). */
function harness(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const delays: number[] = [];
  const retries: (() => void)[] = [];
  const events: TerminalEvent[] = [];
  const connected: boolean[] = [];
  const client = new TerminalSocket({
    url: 'ws://127.0.0.1:1/api/terminal/socket',
    open: (_url, protocols) => {
      const socket = new FakeSocket(protocols);
      sockets.push(socket);
      return socket;
    },
    sessionToken: () => token ?? undefined,
    onEvent: (event) => events.push(event),
    onConnected: (open) => connected.push(open),
    schedule: (run, ms) => {
      delays.push(ms);
      retries.push(run);
      return () => undefined;
    },
  });
  const last = () => sockets.at(-1)!;
  return { client, sockets, delays, retries, events, connected, last };
}

describe('TerminalSocket', () => {
  test('offers the session token as a subprotocol beside ssg-terminal', () => {
    const { client, last } = harness('abc');
    client.start();
    assert.deepEqual(last().protocols, ['ssg-terminal', 'ssg-bearer.abc']);
    const anonymous = harness(null);
    anonymous.client.start();
    assert.deepEqual(anonymous.last().protocols, ['ssg-terminal']);
  });

  test('acknowledges output only once the screen has parsed it, with its length', () => {
    const { client, last } = harness();
    client.start();
    last().accept();
    const screen = new FakeScreen();
    client.show('p1', screen);
    last().deliver({ type: 'snapshot', paneId: 'p1', data: 'old', cols: 80, rows: 24 });
    last().deliver({ type: 'output', paneId: 'p1', data: 'héllo' });
    assert.deepEqual(screen.log, ['reset', 'old', 'héllo']);
    assert.deepEqual(last().sent, [{ type: 'attach', paneId: 'p1' }]);
    screen.parseAll();
    assert.deepEqual(last().sent.at(-1), { type: 'ack', paneId: 'p1', chars: 5 });
    assert.equal(last().sent.filter((m) => m.type === 'ack').length, 1, 'the snapshot is not acknowledged');
  });

  test('after a drop: reconnects with growing delays, attaches every shown pane again with its size', () => {
    const { client, sockets, delays, retries, connected, last } = harness();
    client.start();
    last().accept();
    const one = new FakeScreen();
    client.show('p1', one);
    client.show('p2', new FakeScreen());
    client.resize('p1', 100, 30);
    last().deliver({ type: 'output', paneId: 'p1', data: 'before' });
    last().drop();
    one.parseAll();
    assert.equal(
      sockets[0]!.sent.filter((m) => m.type === 'ack').length,
      0,
      'output parsed after the drop is not acknowledged on another connection',
    );
    retries.shift()!();
    last().drop();
    retries.shift()!();
    last().drop();
    retries.shift()!();
    last().accept();
    assert.deepEqual(delays, [500, 1000, 2000]);
    assert.deepEqual(connected, [true, false, false, false, true]);
    assert.deepEqual(last().sent, [
      { type: 'attach', paneId: 'p1' },
      { type: 'resize', paneId: 'p1', cols: 100, rows: 30 },
      { type: 'attach', paneId: 'p2' },
    ]);
    last().deliver({ type: 'snapshot', paneId: 'p1', data: 'screen', cols: 100, rows: 30 });
    assert.deepEqual(one.log.slice(-2), ['reset', 'screen']);
    assert.equal(sockets.length, 4);
  });

  test('hiding a pane detaches it and it is not attached again; stop does not reconnect', () => {
    const { client, retries, last } = harness();
    client.start();
    last().accept();
    const hide = client.show('p1', new FakeScreen());
    hide();
    assert.deepEqual(last().sent.at(-1), { type: 'detach', paneId: 'p1' });
    last().drop();
    retries.shift()!();
    last().accept();
    assert.deepEqual(last().sent, []);
    client.stop();
    assert.equal(retries.length, 0);
  });

  test('a closed pane is forgotten without a detach, and its screen gets nothing more', () => {
    const { client, last } = harness();
    client.start();
    last().accept();
    const screen = new FakeScreen();
    const hide = client.show('p1', screen);
    client.forget('p1');
    hide();
    last().deliver({ type: 'output', paneId: 'p1', data: 'late' });
    assert.deepEqual(last().sent, [{ type: 'attach', paneId: 'p1' }]);
    assert.deepEqual(screen.log, []);
  });

  test('other messages go to onEvent; output for a pane not shown is ignored', () => {
    const { client, events, last } = harness();
    client.start();
    last().accept();
    last().deliver({ type: 'pane-closed', paneId: 'p9' });
    last().deliver({ type: 'output', paneId: 'p9', data: 'x' });
    assert.deepEqual(events, [{ type: 'pane-closed', paneId: 'p9' }]);
    assert.deepEqual(last().sent, []);
  });

  test('a paste over the limit goes as several input messages', () => {
    const { client, last } = harness();
    client.start();
    last().accept();
    client.input('p1', 'a'.repeat(65_536 * 2 + 3));
    assert.deepEqual(
      last().sent.map((m) => (m.type === 'input' ? m.data.length : -1)),
      [65_536, 65_536, 3],
    );
  });
});

describe('splitInput', () => {
  test('parts within the limit that join to the input, never splitting a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 2, max: 8 }), (text, max) => {
        const parts = splitInput(text, max);
        assert.equal(parts.join(''), text);
        for (const part of parts) {
          assert.ok(part.length <= max);
          assert.ok(!/[\ud800-\udbff]$/.test(part), 'ends in the first half of a surrogate pair');
        }
      }),
    );
    assert.deepEqual(splitInput(''), ['']);
  });
});

describe('reconnectDelay', () => {
  test('doubles from half a second and stays at ten', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay),
      [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000],
    );
  });
});
