// Codex session log lines → usage records. The fixture rollout was written by the real Codex CLI (0.169.0):
// `codex exec` and then `codex exec resume --last` against a fake Responses API reporting 1200 and then 2400
// input tokens (1000 of them cached) and 50 output tokens (20 of them reasoning); the long instructions were
// trimmed and the paths made neutral.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { codexSessions, parseCodexSessionLine } from './codex-sessions';
import type { LineResult, ParseState, UsageRecord } from './log-source';

const NAME = 'rollout-2026-11-23T19-08-44-01a209cf-85a6-79c2-bc46-dbce41e636d4.jsonl';
const SESSION_ID = '01a209cf-85a6-79c2-bc46-dbce41e636d4';
const file = { path: `/home/dev/.codex/sessions/2026/11/23/${NAME}`, name: NAME };
const fixtureLines = readFileSync(join(import.meta.dirname, 'fixtures', NAME), 'utf8')
  .trimEnd()
  .split('\n');

function parseAll(lines: readonly string[], state: ParseState = {}): LineResult[] {
  return lines.map((line) => parseCodexSessionLine(line, file, state));
}

const records = (results: LineResult[]) =>
  results.filter((result): result is UsageRecord => typeof result === 'object');

function tokenCount(last: Record<string, unknown>, total: Record<string, unknown> = { total_tokens: 5000 }): string {
  return JSON.stringify({
    timestamp: '2026-11-23T20:00:00.000Z',
    type: 'event_msg',
    payload: {
      type: 'token_count',
      info: { total_token_usage: total, last_token_usage: last, model_context_window: 258400 },
      rate_limits: null,
    },
  });
}

const turnContext = (model: unknown) => JSON.stringify({ type: 'turn_context', payload: { turn_id: 't1', model } });

describe('Codex session logs: a real session, resumed once', () => {
  test('one record per response: its own tokens, keyed by the running total, with the turn model', () => {
    const results = parseAll(fixtureLines);
    assert.equal(results.filter((result) => result === 'malformed').length, 0);
    assert.deepEqual(records(results), [
      {
        key: `codex:${NAME}:1250`,
        sessionId: SESSION_ID,
        model: 'gpt-5-codex',
        at: Date.parse('2026-11-23T19:08:45.021Z'),
        usage: { inputTokens: 200, cacheReadTokens: 1000, cacheWriteTokens: 0, outputTokens: 50 },
      },
      {
        key: `codex:${NAME}:3700`,
        sessionId: SESSION_ID,
        model: 'gpt-5-codex',
        at: Date.parse('2026-11-23T19:08:55.042Z'),
        usage: { inputTokens: 1400, cacheReadTokens: 1000, cacheWriteTokens: 0, outputTokens: 50 },
      },
    ]);
  });

  test('the state carries the model across passes: a token count read later still knows it', () => {
    const state: ParseState = {};
    const split = fixtureLines.findIndex((line) => line.includes('"token_count"'));
    parseAll(fixtureLines.slice(0, split), state);
    assert.deepEqual(state, { sessionId: SESSION_ID, model: 'gpt-5-codex' });
    assert.equal(records(parseAll(fixtureLines.slice(split), state))[0]!.model, 'gpt-5-codex');
  });

  test('Codex repeating a token count (with the rate limits) gives the same key', () => {
    const line = fixtureLines.find((candidate) => candidate.includes('"token_count"'))!;
    const [first, again] = records(parseAll([line, line]));
    assert.equal(first!.key, again!.key);
  });
});

describe('Codex session logs: odd lines', () => {
  const cases: Array<[string, string[], LineResult | ((record: UsageRecord) => void)]> = [
    [
      'a token count with no usage yet (rate limits only)',
      [JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: null, rate_limits: {} } })],
      'ignored',
    ],
    [
      'before any turn_context: an unknown model, priced conservatively later',
      [tokenCount({ input_tokens: 10, output_tokens: 1 })],
      (record) => assert.equal(record.model, 'unknown'),
    ],
    [
      'without session_meta the session id comes from the file name',
      [tokenCount({ input_tokens: 10, output_tokens: 1 })],
      (record) => assert.equal(record.sessionId, SESSION_ID),
    ],
    [
      'cache writes are part of the input too',
      [
        turnContext('gpt-5.6-sol'),
        tokenCount({ input_tokens: 5000, cached_input_tokens: 1000, cache_write_input_tokens: 2000, output_tokens: 7 }),
      ],
      (record) =>
        assert.deepEqual(record.usage, {
          inputTokens: 2000,
          cacheReadTokens: 1000,
          cacheWriteTokens: 2000,
          outputTokens: 7,
        }),
    ],
    [
      'an older Codex without the cache fields',
      [tokenCount({ input_tokens: 300, output_tokens: 20, total_tokens: 320 })],
      (record) =>
        assert.deepEqual(record.usage, { inputTokens: 300, cacheReadTokens: 0, cacheWriteTokens: 0, outputTokens: 20 }),
    ],
    [
      'more cached than input never makes a negative count',
      [tokenCount({ input_tokens: 100, cached_input_tokens: 150, output_tokens: 1 })],
      (record) => assert.equal(record.usage.inputTokens, 0),
    ],
    ['a turn_context whose model is not a string', [turnContext({ name: 'gpt-5' })], 'malformed'],
    ['no running total', [tokenCount({ input_tokens: 10, output_tokens: 1 }, {})], 'malformed'],
    [
      'a running total that is not a count',
      [tokenCount({ input_tokens: 10, output_tokens: 1 }, { total_tokens: -1 })],
      'malformed',
    ],
    ['a count as a string', [tokenCount({ input_tokens: '10', output_tokens: 1 })], 'malformed'],
    [
      'no last_token_usage',
      [JSON.stringify({ type: 'event_msg', payload: { type: 'token_count', info: { total_token_usage: {} } } })],
      'malformed',
    ],
    ['a line cut short', [tokenCount({ input_tokens: 10, output_tokens: 1 }).slice(0, 120)], 'malformed'],
    [
      'a message that merely talks about token_count',
      [JSON.stringify({ type: 'response_item', payload: { type: 'message', content: [{ text: '"token_count"' }] } })],
      'ignored',
    ],
    ['an event without a payload object', [JSON.stringify({ type: 'event_msg', payload: 'token_count' })], 'ignored'],
  ];
  for (const [name, lines, expected] of cases) {
    test(name, () => {
      const result = parseAll(lines).at(-1)!;
      if (typeof expected === 'function') {
        assert.equal(typeof result, 'object', `expected a record, got ${String(result)}`);
        expected(result as UsageRecord);
      } else {
        assert.equal(result, expected);
      }
    });
  }
});

describe('Codex session logs: where they are', () => {
  test('CODEX_HOME, else ~/.codex: live and archived sessions', () => {
    assert.deepEqual(codexSessions({ env: { CODEX_HOME: '/srv/codex', HOME: '/home/dev' } }).roots(), [
      '/srv/codex/sessions',
      '/srv/codex/archived_sessions',
    ]);
    assert.deepEqual(codexSessions({ env: { HOME: '/home/dev' } }).roots(), [
      '/home/dev/.codex/sessions',
      '/home/dev/.codex/archived_sessions',
    ]);
  });

  test('only rollout files are logs', () => {
    const source = codexSessions({ env: { CODEX_HOME: '/srv/codex' } });
    assert.equal(source.isLogFile(NAME), true);
    assert.equal(source.isLogFile('history.jsonl'), false);
    assert.equal(source.isLogFile('rollout-x.json'), false);
  });
});
