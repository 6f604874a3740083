// The audit log's one-line view of a call: readable per capability, redacted, and bounded however big the input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Capability, ToolCall } from '@ssg/engine';
import { MAX_SUMMARY_CHARS, summarizeInput, summarizeText } from './input-summary';

const call = (tool: string, capability: Capability, input: Record<string, unknown>): ToolCall => ({
  tool,
  capability,
  input,
  client: 'claude-code',
});

describe('summarizeInput', () => {
  const cases: Array<[string, ToolCall, string]> = [
    ['execute: the command', call('Bash', 'execute', { command: 'ls -la', timeout: 5 }), 'ls -la'],
    [
      'execute: the command, redacted',
      call('Bash', 'execute', { command: 'mysql --password hunter2' }),
      'mysql --password [redacted:flag]',
    ],
    ['execute without a command: JSON', call('shell', 'execute', { argv: ['ls'] }), '{"argv":["ls"]}'],
    [
      'write: the path and the size of the content',
      call('Write', 'write', { file_path: '/p/a.txt', content: 'hello' }),
      '/p/a.txt (5 bytes)',
    ],
    ['write: sizes in bytes of UTF-8', call('Write', 'write', { file_path: '/p/é', content: 'é' }), '/p/é (2 bytes)'],
    [
      'write: kilobytes',
      call('Write', 'write', { file_path: 'big.bin', content: 'x'.repeat(1536) }),
      'big.bin (1.5 KB)',
    ],
    [
      'write: megabytes',
      call('Write', 'write', { file_path: 'huge.log', content: 'x'.repeat(3 * 1024 * 1024) }),
      'huge.log (3.0 MB)',
    ],
    [
      'edit: the size of the new text',
      call('Edit', 'write', { file_path: 'a.ts', old_string: 'x', new_string: 'y' }),
      'a.ts (1 byte)',
    ],
    ['write without content: the path', call('Delete', 'write', { path: 'gone.txt' }), 'gone.txt'],
    ['write without a path: JSON', call('apply_patch', 'write', { patch: '*** x' }), '{"patch":"*** x"}'],
    [
      'network: the url, redacted',
      call('WebFetch', 'network', { url: 'https://u:pw@example.com/x', prompt: 'summarise' }),
      'https://u:[redacted:url-password]@example.com/x',
    ],
    ['network without a url: JSON', call('WebSearch', 'network', { query: 'ssg' }), '{"query":"ssg"}'],
    ['read: JSON', call('Read', 'read', { file_path: '/etc/hosts' }), '{"file_path":"/etc/hosts"}'],
    [
      'JSON, redacted',
      call('mcp__db__connect', 'agent', { dsn: 'x', password: 'hunter2' }),
      '{"dsn":"x","password":"[redacted:password]"}',
    ],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.equal(summarizeInput(input), expected));
  }

  test('a huge command is cut to the limit, with an ellipsis', () => {
    const summary = summarizeInput(call('Bash', 'execute', { command: `echo ${'word '.repeat(100_000)}` }));
    assert.equal(summary.length, MAX_SUMMARY_CHARS);
    assert.ok(summary.startsWith('echo word word'));
    assert.ok(summary.endsWith('…'));
  });

  test('a huge JSON input is bounded too, and cheap', () => {
    const started = performance.now();
    const summary = summarizeInput(call('Task', 'agent', { prompt: 'p'.repeat(8 * 1024 * 1024), n: 1 }));
    assert.ok(performance.now() - started < 200);
    assert.equal(summary.length, MAX_SUMMARY_CHARS);
    assert.ok(summary.startsWith('{"prompt":"ppp'));
  });
});

describe('summarizeText', () => {
  test('short text stays as it is', () => assert.equal(summarizeText('git status'), 'git status'));

  test('a secret that straddles the scan limit leaves no partial trace', () => {
    // Redaction shortens the private key block to a few characters, pulling the end of the scanned text into view.
    const key = `-----BEGIN PRIVATE KEY-----\n${'k'.repeat(15_000)}\n-----END PRIVATE KEY-----`;
    const token = ['gh', 'p_', 'Z'.repeat(36)].join('');
    const text = `${key} ${'x '.repeat(650)}${token}`;
    for (let shift = 0; shift < 40; shift++) {
      const summary = summarizeText(`${'y'.repeat(shift)} ${text}`);
      assert.ok(!summary.includes('ZZZZ'), `shift ${shift}: ${summary.slice(-60)}`);
      assert.ok(summary.includes('[redacted:private-key]'));
      assert.ok(summary.endsWith('…'));
    }
  });

  test('the cut never splits an emoji into half a surrogate pair', () => {
    for (let pad = 0; pad < 3; pad++) {
      const summary = summarizeText(`${'a'.repeat(pad)}${'😀'.repeat(MAX_SUMMARY_CHARS)}`);
      assert.ok(summary.length <= MAX_SUMMARY_CHARS);
      assert.doesNotMatch(summary, /[\ud800-\udbff](?![\udc00-\udfff])/);
    }
  });
});
