import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EvalResult } from '@ssg/engine';
import { genericAdapter, parseGenericPayload, toWireResult } from './adapter';
import { InvalidToolCallError } from '../adapter/invalid-tool-call';

describe('parseGenericPayload', () => {
  const good: Array<{ name: string; raw: string; want: unknown }> = [
    {
      name: 'tool and input',
      raw: '{"tool":"Bash","input":{"command":"ls"}}',
      want: { tool: 'Bash', input: { command: 'ls' } },
    },
    {
      name: 'all optional fields',
      raw: '{"tool":"Read","input":{},"client":"claude-code","cwd":"/p","session_id":"s"}',
      want: { tool: 'Read', input: {}, client: 'claude-code', cwd: '/p', sessionId: 's' },
    },
    {
      name: 'null optional fields',
      raw: '{"tool":"Read","input":{},"client":null}',
      want: { tool: 'Read', input: {} },
    },
    {
      name: 'a leading byte-order-free blank line',
      raw: '\n{"tool":"x","input":{}}\n',
      want: { tool: 'x', input: {} },
    },
  ];
  for (const tc of good) {
    it(`reads ${tc.name}`, () => assert.deepEqual(parseGenericPayload(tc.raw), tc.want));
  }

  const bad: Array<{ name: string; raw: string; message: RegExp }> = [
    { name: 'empty stdin', raw: '', message: /^stdin is empty$/ },
    { name: 'malformed JSON', raw: '{"tool": "Bash", oops}', message: /^stdin is not valid JSON \(.+\)$/ },
    { name: 'an array', raw: '[{"tool":"Bash"}]', message: /stdin is an array, not a JSON object/ },
    { name: 'a string', raw: '"Bash"', message: /stdin is a string/ },
    { name: 'no tool', raw: '{"input":{}}', message: /"tool" must be a non-empty string, got nothing/ },
    { name: 'tool a number', raw: '{"tool":1,"input":{}}', message: /"tool" must be a non-empty string, got a number/ },
    {
      name: 'input a string',
      raw: '{"tool":"Bash","input":"ls"}',
      message: /"input" must be a JSON object, got a string/,
    },
    { name: 'input null', raw: '{"tool":"Bash","input":null}', message: /got null/ },
    { name: 'input an array', raw: '{"tool":"Bash","input":["ls"]}', message: /got an array/ },
    { name: 'cwd a number', raw: '{"tool":"Bash","input":{},"cwd":1}', message: /"cwd" must be a string/ },
    { name: 'client an object', raw: '{"tool":"Bash","input":{},"client":{}}', message: /"client" must be a string/ },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name}`, () => {
      assert.throws(
        () => parseGenericPayload(tc.raw),
        (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
      );
    });
  }
});

describe('toWireResult', () => {
  const matched = [{ field: 'command', op: 'CONTAINS' as const, negated: false, value: 'rm' }];
  const cases: Array<{ name: string; result: EvalResult; explain?: boolean; want: unknown }> = [
    {
      name: 'no match',
      result: { decision: 'allow', matched: [], durationMs: 0.0123456 },
      want: { decision: 'allow', rule_id: null, reason: null, duration_ms: 0.012 },
    },
    {
      name: 'block with message',
      result: { decision: 'block', ruleId: 'r', message: 'm', matched, durationMs: 1 },
      want: { decision: 'block', rule_id: 'r', reason: 'm', duration_ms: 1 },
    },
    {
      name: 'force with substitute and prompt, explained',
      result: { decision: 'force', ruleId: 'r', substitute: 's', prompt: 'p', matched, durationMs: 0 },
      explain: true,
      want: { decision: 'force', rule_id: 'r', reason: null, duration_ms: 0, prompt: 'p', substitute: 's', matched },
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.deepEqual(toWireResult(tc.result, tc.explain), tc.want));
  }

  it('is what the generic adapter prints', () => {
    const result: EvalResult = { decision: 'log', ruleId: 'audit', matched: [], durationMs: 0 };
    assert.deepEqual(JSON.parse(genericAdapter.formatOutput(result)), toWireResult(result));
  });
});

describe('generic adapter', () => {
  it('classifies by keywords and always detects', async () => {
    const call = genericAdapter.parseInput('{"tool":"run_terminal_command","input":{"command":"ls"},"cwd":"/p"}');
    assert.deepEqual(call, {
      tool: 'run_terminal_command',
      input: { command: 'ls' },
      capability: 'execute',
      client: 'generic',
      cwd: '/p',
    });
    assert.equal(genericAdapter.detect(), true);
  });
});
