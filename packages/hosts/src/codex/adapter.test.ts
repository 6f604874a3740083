import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability, EvalResult } from '@ssg/engine';
import { codexAdapter, formatCodexHookOutput } from './adapter';
import { InvalidToolCallError } from '../adapter/invalid-tool-call';

describe('codex toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map.
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['command', 'execute'],
    // Case-insensitive: Codex's hook calls its shell tool `Bash`.
    ['Bash', 'execute'],
    ['SHELL', 'execute'],
    // Everything else: the keyword classifier.
    ['apply_patch', 'write'],
    ['read_file', 'read'],
    ['web_search', 'network'],
    ['mcp__github__list_issues', 'search'],
    ['update_plan', 'write'],
    ['frobnicate', 'execute'],
    ['hasOwnProperty', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(codexAdapter.toolCapability(tool), want));
  }
});

describe('codex parseInput', () => {
  it('reads the PreToolUse payload of the native hook', () => {
    const raw = JSON.stringify({
      session_id: 's-9',
      transcript_path: '/tmp/rollout.jsonl',
      cwd: '/work/p',
      hook_event_name: 'PreToolUse',
      model: 'gpt-5-codex',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
      tool_use_id: 'call_1',
    });
    assert.deepEqual(codexAdapter.parseInput(raw), {
      tool: 'Bash',
      input: { command: 'rm -rf build' },
      capability: 'execute',
      client: 'codex',
      cwd: '/work/p',
      sessionId: 's-9',
    });
  });

  const bad: Array<{ name: string; raw: string; message: RegExp }> = [
    { name: 'empty stdin', raw: '', message: /stdin is empty/ },
    { name: 'not JSON', raw: 'tool_name=Bash', message: /not valid JSON/ },
    { name: 'a JSON string', raw: '"Bash"', message: /a string, not a JSON object/ },
    { name: 'no tool_name', raw: '{"tool_input":{}}', message: /tool_name must be a non-empty string, got nothing/ },
    { name: 'tool_name an array', raw: '{"tool_name":["Bash"],"tool_input":{}}', message: /got an array/ },
    { name: 'tool_input a string', raw: '{"tool_name":"Bash","tool_input":"ls"}', message: /tool_input must be/ },
    {
      name: 'tool_input missing',
      raw: '{"tool_name":"Bash"}',
      message: /tool_input must be a JSON object, got nothing/,
    },
    {
      name: 'a PostToolUse payload',
      raw: '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{}}',
      message: /handles PreToolUse/,
    },
    {
      name: 'huge and truncated',
      raw: `{"tool_name":"Bash","tool_input":{"command":"${'a'.repeat(5_000_000)}`,
      message: /not valid JSON/,
    },
    { name: 'deeply nested array', raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, message: /an array/ },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name}`, () => {
      assert.throws(
        () => codexAdapter.parseInput(tc.raw),
        (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
      );
    });
  }

  it('reads a huge valid command', () => {
    const command = `echo ${'x'.repeat(2_000_000)}`;
    const call = codexAdapter.parseInput(JSON.stringify({ tool_name: 'shell', tool_input: { command } }));
    assert.equal(call.input.command, command);
  });
});

describe('codex formatOutput', () => {
  const base: EvalResult = { decision: 'allow', matched: [], durationMs: 0 };
  const deny = (reason: string) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
  const cases: Array<{ name: string; result: EvalResult; want: unknown }> = [
    {
      name: 'block',
      result: { ...base, decision: 'block', ruleId: 'no-rm', message: 'Do not delete.' },
      want: deny('ssg blocked this (rule no-rm): Do not delete.'),
    },
    {
      name: 'block without rule or message still has a reason',
      result: { ...base, decision: 'block' },
      want: deny('ssg blocked this (rule unnamed)'),
    },
    {
      name: 'force names the substitute',
      result: { ...base, decision: 'force', ruleId: 'pnpm', message: 'Use pnpm.', substitute: 'pnpm i' },
      want: deny('ssg blocked this (rule pnpm): Use pnpm. Run this instead: pnpm i'),
    },
    {
      name: 'ask degrades to deny and says a human must approve',
      result: { ...base, decision: 'ask', ruleId: 'push', prompt: 'Push to main?' },
      want: deny(
        'ssg asks (rule push): Push to main? — Codex hooks cannot ask, so ssg denied it: a human must approve this call',
      ),
    },
    { name: 'allow by a rule', result: { ...base, ruleId: 'ok' }, want: '' },
    { name: 'no match', result: base, want: '' },
    { name: 'log', result: { ...base, decision: 'log', ruleId: 'audit' }, want: '' },
    { name: 'shadow', result: { ...base, decision: 'shadow', ruleId: 'watch' }, want: '' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const out = formatCodexHookOutput(tc.result);
      assert.deepEqual(out === '' ? '' : JSON.parse(out), tc.want);
      assert.equal(codexAdapter.formatOutput(tc.result), out);
    });
  }
});
