// The live stream's parser without a browser: what the daemon writes, cut into chunks anywhere, and the corners of
// the format it must read as EventSource would. Node runs these (scripts/test.mjs); the renderer program has no
// Node types otherwise (tsconfig "types": []).
/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type ServerSentEvent, ServerSentEventParser } from './server-sent-events';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = new ServerSentEventParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

/** Every way to cut `text` in two. */
const splits = (text: string): string[][] =>
  [...Array(text.length + 1).keys()].map((i) => [text.slice(0, i), text.slice(i)]);

/** What the daemon writes: a comment on connecting, events with ids, a heartbeat comment. */
const daemonOutput = [
  ': connected',
  '',
  'id: 1',
  'event: sleep-mode',
  'data: {"enabled":true}',
  '',
  ': heartbeat',
  '',
  'id: 2',
  'event: decision',
  'data: {"id":7}',
  '',
  '',
].join('\n');
const daemonEvents = [
  { event: 'sleep-mode', data: '{"enabled":true}' },
  { event: 'decision', data: '{"id":7}' },
];

describe('ServerSentEventParser', () => {
  test("the daemon's stream, cut into two chunks at every position, gives the same events", () => {
    for (const chunks of splits(daemonOutput)) assert.deepEqual(parse(chunks), daemonEvents, JSON.stringify(chunks));
  });

  const cases: Array<[string, string[], ServerSentEvent[]]> = [
    ['one character at a time', [...daemonOutput], daemonEvents],
    ['CRLF line ends', ['event: a\r\ndata: 1\r\n\r\n'], [{ event: 'a', data: '1' }]],
    ['CRLF split across chunks', ['event: a\r', '\ndata: 1\r', '\n\r', '\n'], [{ event: 'a', data: '1' }]],
    ['CR line ends', ['event: a\rdata: 1\r\r'], [{ event: 'a', data: '1' }]],
    ['data lines join with LF', ['data: one\ndata: two\n\n'], [{ event: 'message', data: 'one\ntwo' }]],
    ['no space after the colon', ['event:a\ndata:1\n\n'], [{ event: 'a', data: '1' }]],
    ['only the first space is dropped', ['data:  x\n\n'], [{ event: 'message', data: ' x' }]],
    ['an event without data is not dispatched', ['event: a\n\ndata: 1\n\n'], [{ event: 'message', data: '1' }]],
    ['an unfinished event waits for its blank line', ['event: a\ndata: 1\n'], []],
    ['id and retry lines are read over', ['id: 9\nretry: 10\ndata: 1\n\n'], [{ event: 'message', data: '1' }]],
    ['a field with no colon has an empty value', ['data\n\n'], [{ event: 'message', data: '' }]],
  ];
  for (const [name, chunks, expected] of cases) {
    test(name, () => assert.deepEqual(parse(chunks), expected));
  }
});
