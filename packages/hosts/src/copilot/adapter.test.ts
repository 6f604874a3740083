import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability, EvalResult } from '@ssg/engine';
import { copilotAdapter, formatCopilotOutput, parseCopilotPayload } from './adapter';
import { InvalidToolCallError } from '../adapter/invalid-tool-call';

describe('copilot toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's keyword rules, in order.
    ['run_in_terminal', 'execute'],
    ['get_terminal_output', 'execute'],
    ['runCommand', 'execute'],
    ['run_tests', 'execute'],
    ['insert_edit_into_file', 'write'],
    ['edit_notebook', 'write'],
    ['replace_string_in_file', 'write'],
    ['read_file', 'read'],
    ['open_simple_browser', 'read'],
    ['get_errors', 'read'],
    ['file_search', 'search'],
    ['findTestFiles', 'search'],
    ['list_dir', 'search'],
    ['semantic_search', 'search'],
    // Earlier rules win: terminal before get, edit before read.
    ['read_and_edit', 'write'],
    ['list_terminals', 'execute'],
    // Matched by words, not substrings: `truncate` is not `run`, `target` is not `get`.
    ['truncate_log', 'execute'],
    ['widget_target', 'execute'],
    // None of Copilot's words: the shared keyword classifier.
    ['bash', 'execute'],
    ['view', 'read'],
    ['create', 'write'],
    ['str_replace_editor', 'write'],
    ['fetch_webpage', 'network'],
    ['web_fetch', 'network'],
    ['delegate_task', 'agent'],
    ['glob', 'search'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(copilotAdapter.toolCapability(tool), want));
  }
});

describe('copilot parseInput', () => {
  const good: Array<{ name: string; raw: string; want: unknown }> = [
    {
      name: 'toolArgs as a JSON string',
      raw: JSON.stringify({
        timestamp: 1704614600000,
        cwd: '/work/p',
        toolName: 'bash',
        toolArgs: JSON.stringify({ command: 'rm -rf dist', description: 'Clean' }),
      }),
      want: {
        tool: 'bash',
        input: { command: 'rm -rf dist', description: 'Clean' },
        capability: 'execute',
        client: 'copilot',
        cwd: '/work/p',
      },
    },
    {
      name: 'toolArgs as an object',
      raw: '{"toolName":"edit","toolArgs":{"path":"a.ts"}}',
      want: { tool: 'edit', input: { path: 'a.ts' }, capability: 'write', client: 'copilot' },
    },
    {
      name: 'a cwd of the wrong type, ignored',
      raw: '{"toolName":"view","toolArgs":"{}","cwd":7}',
      want: { tool: 'view', input: {}, capability: 'read', client: 'copilot' },
    },
  ];
  for (const tc of good) {
    it(`reads ${tc.name}`, () => assert.deepEqual(parseCopilotPayload(tc.raw), tc.want));
  }

  const bad: Array<{ name: string; raw: string; message: RegExp }> = [
    { name: 'empty stdin', raw: '', message: /stdin is empty/ },
    { name: 'not JSON', raw: '{toolName: bash}', message: /stdin is not valid JSON/ },
    { name: 'an array', raw: '[]', message: /an array, not a JSON object/ },
    { name: 'no toolName', raw: '{"toolArgs":"{}"}', message: /toolName must be a non-empty string, got nothing/ },
    { name: 'empty toolName', raw: '{"toolName":"","toolArgs":"{}"}', message: /toolName must be a non-empty string/ },
    { name: 'numeric toolName', raw: '{"toolName":1,"toolArgs":"{}"}', message: /got a number/ },
    { name: 'Claude Code field names', raw: '{"tool_name":"Bash","tool_input":{}}', message: /toolName/ },
    {
      name: 'no toolArgs',
      raw: '{"toolName":"bash"}',
      message: /toolArgs must be a JSON object or a string holding one, got nothing/,
    },
    { name: 'toolArgs null', raw: '{"toolName":"bash","toolArgs":null}', message: /got null/ },
    { name: 'toolArgs an array', raw: '{"toolName":"bash","toolArgs":["ls"]}', message: /got an array/ },
    {
      name: 'toolArgs not JSON',
      raw: '{"toolName":"bash","toolArgs":"{command: ls}"}',
      message: /toolArgs is not valid JSON/,
    },
    {
      name: 'toolArgs holding a string',
      raw: '{"toolName":"bash","toolArgs":"\\"ls\\""}',
      message: /toolArgs must hold a JSON object, got a string/,
    },
    {
      name: 'toolArgs holding null',
      raw: '{"toolName":"bash","toolArgs":"null"}',
      message: /must hold a JSON object, got null/,
    },
    { name: 'toolArgs empty', raw: '{"toolName":"bash","toolArgs":""}', message: /toolArgs is not valid JSON/ },
    {
      name: 'huge truncated toolArgs',
      raw: JSON.stringify({ toolName: 'bash', toolArgs: `{"command":"${'y'.repeat(3_000_000)}` }),
      message: /toolArgs is not valid JSON/,
    },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name}`, () => {
      assert.throws(
        () => parseCopilotPayload(tc.raw),
        (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
      );
    });
  }
});

describe('copilot formatOutput', () => {
  const base: EvalResult = { decision: 'allow', matched: [], durationMs: 0 };
  const cases: Array<{ name: string; result: EvalResult; want: unknown }> = [
    {
      name: 'block',
      result: { ...base, decision: 'block', ruleId: 'no-rm', message: 'No.' },
      want: { permissionDecision: 'deny', permissionDecisionReason: 'ssg blocked this (rule no-rm): No.' },
    },
    {
      name: 'force',
      result: { ...base, decision: 'force', ruleId: 'pnpm', substitute: 'pnpm i' },
      want: {
        permissionDecision: 'deny',
        permissionDecisionReason: 'ssg blocked this (rule pnpm) Run this instead: pnpm i',
      },
    },
    {
      name: 'ask',
      result: { ...base, decision: 'ask', ruleId: 'push', message: 'Pushing.', prompt: 'Push?' },
      want: { permissionDecision: 'ask', permissionDecisionReason: 'ssg asks (rule push): Push?' },
    },
    { name: 'allow', result: { ...base, ruleId: 'ok' }, want: '' },
    { name: 'no match', result: base, want: '' },
    { name: 'log', result: { ...base, decision: 'log', ruleId: 'a' }, want: '' },
    { name: 'shadow', result: { ...base, decision: 'shadow', ruleId: 'w' }, want: '' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const out = formatCopilotOutput(tc.result);
      assert.deepEqual(out === '' ? '' : JSON.parse(out), tc.want);
    });
  }
});
