import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability, EvalResult } from '@ssg/engine';
import { InvalidToolCallError } from '../adapter/invalid-tool-call';
import { formatOpencodeOutput, opencodeAdapter, parseOpencodeEnvelope } from './adapter';

describe('opencode toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['run', 'execute'],
    ['edit', 'write'],
    ['write', 'write'],
    ['apply_patch', 'write'],
    ['create', 'write'],
    ['read', 'read'],
    ['grep', 'search'],
    ['glob', 'search'],
    ['list', 'search'],
    ['webfetch', 'network'],
    ['websearch', 'network'],
    ['fetch', 'network'],
    ['task', 'agent'],
    ['Bash', 'execute'],
    ['WebFetch', 'network'],
    // Not in the map: keywords.
    ['patch', 'write'],
    ['mcp__github__get_issue', 'read'],
    ['todowrite', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(opencodeAdapter.toolCapability(tool), want));
  }
});

describe('opencode parseInput', () => {
  const good: Array<{ name: string; raw: string; want: unknown }> = [
    {
      name: 'the full envelope',
      raw: '{"tool":"bash","sessionID":"ses_1","callID":"call_1","args":{"command":"ls"},"cwd":"/work/p"}',
      want: {
        tool: 'bash',
        input: { command: 'ls' },
        capability: 'execute',
        client: 'opencode',
        sessionId: 'ses_1',
        cwd: '/work/p',
      },
    },
    {
      name: 'only tool and args',
      raw: '{"tool":"read","args":{"filePath":"/a"}}',
      want: { tool: 'read', input: { filePath: '/a' }, capability: 'read', client: 'opencode' },
    },
    {
      name: 'null optional fields',
      raw: '{"tool":"read","args":{},"sessionID":null,"callID":null,"cwd":null}',
      want: { tool: 'read', input: {}, capability: 'read', client: 'opencode' },
    },
  ];
  for (const tc of good) {
    it(`reads ${tc.name}`, () => assert.deepEqual(parseOpencodeEnvelope(tc.raw), tc.want));
  }

  const bad: Array<{ name: string; raw: string; message: RegExp }> = [
    { name: 'empty stdin', raw: '  ', message: /stdin is empty/ },
    { name: 'not JSON', raw: '{"tool":"bash",', message: /stdin is not valid JSON/ },
    { name: 'a number', raw: '3', message: /a number, not a JSON object/ },
    { name: 'no tool', raw: '{"args":{}}', message: /"tool" must be a non-empty string, got nothing/ },
    { name: 'tool an object', raw: '{"tool":{},"args":{}}', message: /got an object/ },
    { name: 'no args', raw: '{"tool":"bash"}', message: /"args" must be a JSON object, got nothing/ },
    {
      name: 'args a JSON string',
      raw: '{"tool":"bash","args":"{}"}',
      message: /"args" must be a JSON object, got a string/,
    },
    {
      name: 'sessionID a number',
      raw: '{"tool":"bash","args":{},"sessionID":1}',
      message: /"sessionID" must be a string/,
    },
    {
      name: 'callID an array',
      raw: '{"tool":"bash","args":{},"callID":[]}',
      message: /"callID" must be a string, got an array/,
    },
    {
      name: 'cwd a boolean',
      raw: '{"tool":"bash","args":{},"cwd":true}',
      message: /"cwd" must be a string, got a boolean/,
    },
    {
      name: 'huge truncated',
      raw: `{"tool":"bash","args":{"command":"${'z'.repeat(4_000_000)}"`,
      message: /not valid JSON/,
    },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name}`, () => {
      assert.throws(
        () => parseOpencodeEnvelope(tc.raw),
        (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
      );
    });
  }
});

describe('opencode formatOutput', () => {
  const base: EvalResult = { decision: 'allow', matched: [], durationMs: 0 };
  const cases: Array<{ name: string; result: EvalResult; want: unknown }> = [
    {
      name: 'block',
      result: { ...base, decision: 'block', ruleId: 'no-rm', message: 'No.' },
      want: { decision: 'block', reason: 'ssg blocked this (rule no-rm): No.' },
    },
    {
      name: 'force with a substitute',
      result: { ...base, decision: 'force', ruleId: 'pnpm', message: 'Use pnpm.', substitute: 'pnpm i' },
      want: {
        decision: 'force',
        reason: 'ssg blocked this (rule pnpm): Use pnpm. Run this instead: pnpm i',
        substitute: 'pnpm i',
      },
    },
    {
      name: 'force without a substitute',
      result: { ...base, decision: 'force', ruleId: 'pnpm' },
      want: { decision: 'force', reason: 'ssg blocked this (rule pnpm)' },
    },
    {
      name: 'ask',
      result: { ...base, decision: 'ask', ruleId: 'push', prompt: 'Push?' },
      want: { decision: 'ask', reason: 'ssg asks (rule push): Push?' },
    },
    {
      name: 'allow by a rule',
      result: { ...base, ruleId: 'ok', message: 'Fine.' },
      want: { decision: 'allow', reason: 'Fine.' },
    },
    { name: 'no match', result: base, want: { decision: 'allow', reason: '' } },
    {
      name: 'log is allow',
      result: { ...base, decision: 'log', ruleId: 'a' },
      want: { decision: 'allow', reason: '' },
    },
    {
      name: 'shadow is allow',
      result: { ...base, decision: 'shadow', ruleId: 'w' },
      want: { decision: 'allow', reason: '' },
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.deepEqual(JSON.parse(formatOpencodeOutput(tc.result)), tc.want));
  }
});
