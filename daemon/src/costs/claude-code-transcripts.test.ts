// Claude Code transcript lines → usage records. fixtures/claude-code-session.jsonl was written by the real
// Claude Code CLI (2.1.330) running one Bash tool call against a fake Messages API (e2e/support), then trimmed
// of its largest bookkeeping lines and given neutral paths; the odd lines below are variations of its
// assistant line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { claudeCodeTranscripts, claudeConfigDirs, parseClaudeTranscriptLine } from './claude-code-transcripts';
import type { LineResult, UsageRecord } from './log-source';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'claude-code-session.jsonl');
const SESSION_ID = '145f3800-3307-4af3-8f1a-517935a476a0';
const file = { path: `/home/dev/.claude/projects/-home-dev-project/${SESSION_ID}.jsonl`, name: `${SESSION_ID}.jsonl` };
const fixtureLines = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');

type Line = Record<string, unknown> & { message: Record<string, unknown> & { usage: Record<string, unknown> } };
const realAssistantLine: Line = JSON.parse(fixtureLines.find((line) => line.includes('"type":"assistant"'))!);

/** The real assistant line with some fields changed (undefined deletes a field). */
function variant(change: (line: Line) => void): string {
  const line = structuredClone(realAssistantLine);
  change(line);
  return JSON.stringify(line);
}

const parse = (line: string): LineResult => parseClaudeTranscriptLine(line, file);

describe('Claude Code transcripts: a real session', () => {
  test('each of its two responses becomes one record; every other line is ignored', () => {
    const results = fixtureLines.map(parse);
    assert.equal(results.filter((result) => result === 'malformed').length, 0);
    const records = results.filter((result): result is UsageRecord => typeof result === 'object');
    assert.deepEqual(records, [
      {
        key: 'claude-code:msg_fake_1:req_fake_msg_fake_1',
        sessionId: SESSION_ID,
        model: 'claude-opus-5-5',
        at: Date.parse('2026-11-23T19:10:17.985Z'),
        usage: { inputTokens: 1200, outputTokens: 80, cacheWriteTokens: 0, cacheReadTokens: 0, cacheWrite1hTokens: 0 },
      },
      {
        key: 'claude-code:msg_fake_2:req_fake_msg_fake_2',
        sessionId: SESSION_ID,
        model: 'claude-opus-5-5',
        at: Date.parse('2026-11-23T19:10:18.222Z'),
        usage: { inputTokens: 1200, outputTokens: 80, cacheWriteTokens: 0, cacheReadTokens: 0, cacheWrite1hTokens: 0 },
      },
    ]);
  });
});

describe('Claude Code transcripts: odd lines', () => {
  const cases: Array<[string, string, LineResult | ((record: UsageRecord) => void)]> = [
    [
      'a second content block of the same response has the same key',
      variant((line) => (line.message.content = [{ type: 'text', text: 'and a second block' }])),
      (record) => assert.equal(record.key, 'claude-code:msg_fake_1:req_fake_msg_fake_1'),
    ],
    [
      'cache counts, with the 1-hour part',
      variant((line) => {
        line.message.usage.cache_creation_input_tokens = 5000;
        line.message.usage.cache_read_input_tokens = 70000;
        line.message.usage.cache_creation = { ephemeral_5m_input_tokens: 3000, ephemeral_1h_input_tokens: 2000 };
      }),
      (record) =>
        assert.deepEqual(record.usage, {
          inputTokens: 1200,
          outputTokens: 80,
          cacheWriteTokens: 5000,
          cacheReadTokens: 70000,
          cacheWrite1hTokens: 2000,
        }),
    ],
    [
      'a message Claude Code made up itself (<synthetic>)',
      variant((line) => (line.message.model = '<synthetic>')),
      'ignored',
    ],
    [
      'an assistant line without usage',
      variant((line) => delete (line.message as Record<string, unknown>).usage),
      'ignored',
    ],
    ['usage null', variant((line) => ((line.message as Record<string, unknown>).usage = null)), 'ignored'],
    ['a user line that mentions "usage"', JSON.stringify({ type: 'user', message: { content: '"usage"' } }), 'ignored'],
    ['a line cut short', variant(() => undefined).slice(0, 400), 'malformed'],
    ['an array', `[{"usage": {}}]`, 'malformed'],
    ['not JSON and no usage', 'garbage', 'ignored'],
    ['usage not an object', variant((line) => ((line.message as Record<string, unknown>).usage = 'lots')), 'malformed'],
    ['a negative count', variant((line) => (line.message.usage.output_tokens = -5)), 'malformed'],
    ['a count as a string', variant((line) => (line.message.usage.input_tokens = '1200')), 'malformed'],
    ['a fractional count', variant((line) => (line.message.usage.input_tokens = 1.5)), 'malformed'],
    ['a count beyond 2^53', variant((line) => (line.message.usage.input_tokens = 1e300)), 'malformed'],
    ['no message id', variant((line) => delete line.message.id), 'malformed'],
    ['a message id of 10,000 characters', variant((line) => (line.message.id = 'm'.repeat(10_000))), 'malformed'],
    ['a model that is not a string', variant((line) => (line.message.model = 42)), 'malformed'],
    ['message not an object', variant((line) => ((line as Record<string, unknown>).message = 'usage')), 'malformed'],
    [
      'no model: priced as an unknown model, not dropped',
      variant((line) => delete line.message.model),
      (record) => assert.equal(record.model, 'unknown'),
    ],
    [
      'no requestId (older versions): keyed by the message id alone',
      variant((line) => delete line.requestId),
      (record) => assert.equal(record.key, 'claude-code:msg_fake_1:'),
    ],
    [
      'no timestamp: left for ingestion to stamp',
      variant((line) => delete line.timestamp),
      (record) => assert.equal(record.at, undefined),
    ],
    [
      'an unreadable timestamp likewise',
      variant((line) => (line.timestamp = 'yesterday-ish')),
      (record) => assert.equal(record.at, undefined),
    ],
    [
      'no sessionId: the file name says it',
      variant((line) => delete line.sessionId),
      (record) => assert.equal(record.sessionId, SESSION_ID),
    ],
    [
      'hostile ids are kept verbatim as data',
      variant((line) => {
        line.message.id = `msg_'; DROP TABLE costs;--\u0000\u202e`;
        line.requestId = '../../etc/passwd';
      }),
      (record) => assert.equal(record.key, `claude-code:msg_'; DROP TABLE costs;--\u0000\u202e:../../etc/passwd`),
    ],
  ];
  for (const [name, line, expected] of cases) {
    test(name, () => {
      const result = parse(line);
      if (typeof expected === 'function') {
        assert.equal(typeof result, 'object', `expected a record, got ${String(result)}`);
        expected(result as UsageRecord);
      } else {
        assert.equal(result, expected);
      }
    });
  }
});

describe('Claude Code transcripts: where they are', () => {
  const cases: Array<[string, NodeJS.ProcessEnv, string[]]> = [
    ['CLAUDE_CONFIG_DIR wins', { CLAUDE_CONFIG_DIR: '/srv/claude', HOME: '/home/dev' }, ['/srv/claude']],
    [
      'otherwise ~/.claude and ~/.config/claude',
      { HOME: '/home/dev' },
      ['/home/dev/.claude', '/home/dev/.config/claude'],
    ],
    [
      'XDG_CONFIG_HOME moves the second',
      { HOME: '/home/dev', XDG_CONFIG_HOME: '/cfg' },
      ['/home/dev/.claude', '/cfg/claude'],
    ],
  ];
  for (const [name, env, dirs] of cases) test(name, () => assert.deepEqual(claudeConfigDirs(env), dirs));

  test('roots: the projects folder of each config dir and of every extra one, each once', () => {
    const source = claudeCodeTranscripts({
      env: { CLAUDE_CONFIG_DIR: '/srv/claude' },
      extraConfigDirs: () => ['/home/dev/.ssg/claude-accounts/work', '/srv/claude/'],
    });
    assert.deepEqual(source.roots(), ['/srv/claude/projects', '/home/dev/.ssg/claude-accounts/work/projects']);
    assert.equal(source.isLogFile(`${SESSION_ID}.jsonl`), true);
    assert.equal(source.isLogFile('settings.json'), false);
  });
});
