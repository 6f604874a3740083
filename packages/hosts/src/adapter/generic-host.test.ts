import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EvalResult } from '@ssg/engine';
import { aiderAdapter } from '../aider/adapter';
import { antigravityAdapter } from '../antigravity/adapter';
import { claudeCoworkAdapter } from '../claude-cowork/adapter';
import { cursorAdapter } from '../cursor/adapter';
import { toWireResult } from '../generic/adapter';
import { grokBotAdapter } from '../grok-bot/adapter';
import { InvalidToolCallError } from './invalid-tool-call';
import { nemoclawAdapter } from '../nemoclaw/adapter';
import { piAdapter } from '../pi/adapter';
import { replitAdapter } from '../replit/adapter';

// The hosts that reach ssg through MCP or the shell wrapper all speak the generic wire format.
const adapters = [
  antigravityAdapter,
  nemoclawAdapter,
  claudeCoworkAdapter,
  cursorAdapter,
  grokBotAdapter,
  aiderAdapter,
  piAdapter,
  replitAdapter,
];

const bad: Array<{ name: string; raw: string; message: RegExp }> = [
  { name: 'empty stdin', raw: '', message: /stdin is empty/ },
  { name: 'not JSON', raw: 'bash -c ls', message: /stdin is not valid JSON/ },
  { name: 'an array', raw: '[{"tool":"bash","input":{}}]', message: /an array, not a JSON object/ },
  { name: 'no tool', raw: '{"input":{}}', message: /"tool" must be a non-empty string, got nothing/ },
  { name: 'the PreToolUse shape', raw: '{"tool_name":"bash","tool_input":{}}', message: /"tool" must be/ },
  {
    name: 'input a string',
    raw: '{"tool":"bash","input":"ls"}',
    message: /"input" must be a JSON object, got a string/,
  },
  { name: 'cwd a number', raw: '{"tool":"bash","input":{},"cwd":1}', message: /"cwd" must be a string/ },
  {
    name: 'huge truncated',
    raw: `{"tool":"bash","input":{"command":"${'q'.repeat(3_000_000)}`,
    message: /not valid JSON/,
  },
];

for (const adapter of adapters) {
  describe(`${adapter.name} wire format`, () => {
    it('reads {tool, input} as a call of this host, classified by its map', () => {
      const call = adapter.parseInput('{"tool":"bash","input":{"command":"ls"},"cwd":"/p","session_id":"s"}');
      assert.deepEqual(call, {
        tool: 'bash',
        input: { command: 'ls' },
        capability: adapter.toolCapability('bash'),
        client: adapter.name,
        cwd: '/p',
        sessionId: 's',
      });
    });

    for (const tc of bad) {
      it(`rejects ${tc.name}`, () => {
        assert.throws(
          () => adapter.parseInput(tc.raw),
          (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
        );
      });
    }

    const results: EvalResult[] = [
      { decision: 'allow', matched: [], durationMs: 0.5 },
      { decision: 'block', ruleId: 'no-rm', message: 'No.', matched: [], durationMs: 1 },
      { decision: 'ask', ruleId: 'push', prompt: 'Push?', matched: [], durationMs: 1 },
      { decision: 'force', ruleId: 'pnpm', substitute: 'pnpm i', matched: [], durationMs: 1 },
      { decision: 'log', ruleId: 'audit', matched: [], durationMs: 1 },
      { decision: 'shadow', ruleId: 'watch', matched: [], durationMs: 1 },
    ];
    for (const result of results) {
      it(`prints ${result.decision} as \`ssg eval\` does`, () => {
        assert.deepEqual(JSON.parse(adapter.formatOutput(result)), toWireResult(result));
      });
    }
  });
}
