import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability, EvalResult } from '@ssg/engine';
import {
  CLAUDE_CODE_TOOLS,
  claudeCodeAdapter,
  claudeCodeToolCapability,
  formatClaudeCodeOutput,
  parseClaudeCodePayload,
} from './adapter';
import { InvalidToolCallError } from '../adapter/invalid-tool-call';

describe('claude-code toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    ['Bash', 'execute'],
    ['PowerShell', 'execute'],
    ['KillShell', 'execute'],
    ['Monitor', 'execute'],
    ['Read', 'read'],
    ['NotebookRead', 'read'],
    ['BashOutput', 'read'],
    ['Write', 'write'],
    ['Edit', 'write'],
    ['MultiEdit', 'write'],
    ['NotebookEdit', 'write'],
    ['Glob', 'search'],
    ['Grep', 'search'],
    ['LS', 'search'],
    ['WebFetch', 'network'],
    ['WebSearch', 'network'],
    ['Agent', 'agent'],
    ['Task', 'agent'],
    ['TodoWrite', 'agent'],
    ['ExitPlanMode', 'agent'],
    ['AskUserQuestion', 'agent'],
    ['Skill', 'agent'],
    ['ListMcpResourcesTool', 'search'],
    ['ReadMcpResourceTool', 'read'],
    // MCP and unknown tools go to the keyword classifier.
    ['mcp__filesystem__write_file', 'write'],
    ['mcp__github__search_code', 'search'],
    ['SomeFutureFetchTool', 'network'],
    // Names are case-sensitive, as in Claude Code's matchers; a lowercase name is classified by keywords.
    ['bash', 'execute'],
    ['toString', 'execute'],
    ['__proto__', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(claudeCodeToolCapability(tool), want));
  }

  it('maps more than 30 tools explicitly', () => {
    assert.ok(Object.keys(CLAUDE_CODE_TOOLS).length > 30);
  });
});

describe('claude-code parseInput', () => {
  const payload = {
    session_id: 's-1',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/work/project',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls -la' },
    tool_use_id: 'toolu_1',
  };

  it('turns a PreToolUse payload into a tool call', () => {
    assert.deepEqual(parseClaudeCodePayload(JSON.stringify(payload)), {
      tool: 'Bash',
      input: { command: 'ls -la' },
      capability: 'execute',
      client: 'claude-code',
      cwd: '/work/project',
      sessionId: 's-1',
    });
  });

  it('accepts the minimal certification shape', () => {
    const call = parseClaudeCodePayload('{"tool_name":"Write","tool_input":{"file_path":"/a","content":"b"}}');
    assert.deepEqual(call, {
      tool: 'Write',
      input: { file_path: '/a', content: 'b' },
      capability: 'write',
      client: 'claude-code',
    });
  });

  const bad: Array<{ name: string; raw: string; message: RegExp }> = [
    { name: 'empty', raw: '', message: /empty/ },
    { name: 'whitespace', raw: ' \n\t', message: /empty/ },
    { name: 'not JSON', raw: '{"tool_name":', message: /not valid JSON/ },
    { name: 'an array', raw: '[]', message: /an array, not a JSON object/ },
    { name: 'null', raw: 'null', message: /null, not a JSON object/ },
    { name: 'a number', raw: '42', message: /a number/ },
    { name: 'no tool_name', raw: '{"tool_input":{}}', message: /tool_name must be a non-empty string/ },
    { name: 'empty tool_name', raw: '{"tool_name":"","tool_input":{}}', message: /tool_name/ },
    { name: 'numeric tool_name', raw: '{"tool_name":7,"tool_input":{}}', message: /got a number/ },
    { name: 'no tool_input', raw: '{"tool_name":"Bash"}', message: /tool_input must be a JSON object/ },
    { name: 'string tool_input', raw: '{"tool_name":"Bash","tool_input":"ls"}', message: /got a string/ },
    { name: 'array tool_input', raw: '{"tool_name":"Bash","tool_input":[]}', message: /got an array/ },
    {
      name: 'another hook event',
      raw: '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{}}',
      message: /handles PreToolUse/,
    },
  ];
  for (const tc of bad) {
    it(`rejects ${tc.name}`, () => {
      assert.throws(
        () => parseClaudeCodePayload(tc.raw),
        (e: unknown) => e instanceof InvalidToolCallError && tc.message.test(e.message),
      );
    });
  }

  it('ignores cwd and session_id of the wrong type', () => {
    const call = parseClaudeCodePayload('{"tool_name":"Read","tool_input":{},"cwd":5,"session_id":["x"]}');
    assert.equal(call.cwd, undefined);
    assert.equal(call.sessionId, undefined);
  });
});

describe('claude-code formatOutput', () => {
  const base: EvalResult = { decision: 'allow', matched: [], durationMs: 0.1 };
  const hookJson = (decision: string, reason: string) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  });
  const cases: Array<{ name: string; result: EvalResult; want: unknown }> = [
    {
      name: 'block',
      result: { ...base, decision: 'block', ruleId: 'no-rm', message: 'Do not delete /.' },
      want: hookJson('deny', 'ssg blocked this (rule no-rm): Do not delete /.'),
    },
    {
      name: 'block without a message',
      result: { ...base, decision: 'block', ruleId: 'no-rm' },
      want: hookJson('deny', 'ssg blocked this (rule no-rm)'),
    },
    {
      name: 'force with a substitute',
      result: {
        ...base,
        decision: 'force',
        ruleId: 'use-pnpm',
        message: 'This repo uses pnpm.',
        substitute: 'pnpm install',
      },
      want: hookJson('deny', 'ssg blocked this (rule use-pnpm): This repo uses pnpm. Run this instead: pnpm install'),
    },
    {
      name: 'ask with a prompt',
      result: { ...base, decision: 'ask', ruleId: 'push', message: 'Pushing.', prompt: 'Push to main?' },
      want: hookJson('ask', 'ssg asks (rule push): Push to main?'),
    },
    {
      name: 'ask with only a message',
      result: { ...base, decision: 'ask', ruleId: 'push', message: 'Pushing.' },
      want: hookJson('ask', 'ssg asks (rule push): Pushing.'),
    },
    { name: 'allow by a rule', result: { ...base, decision: 'allow', ruleId: 'ok' }, want: '' },
    { name: 'no match', result: base, want: '' },
    { name: 'log', result: { ...base, decision: 'log', ruleId: 'audit' }, want: '' },
    { name: 'shadow', result: { ...base, decision: 'shadow', ruleId: 'watch' }, want: '' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const out = formatClaudeCodeOutput(tc.result);
      assert.deepEqual(out === '' ? '' : JSON.parse(out), tc.want);
    });
  }
});

describe('claude-code adapter', () => {
  it('detects Claude Code by its environment variables', () => {
    const names = ['CLAUDE_CODE_VERSION', 'CLAUDE_CODE_API_KEY', 'CLAUDE_CODE_ENTRYPOINT'];
    const saved = names.map((name) => process.env[name]);
    try {
      for (const name of names) delete process.env[name];
      assert.equal(claudeCodeAdapter.detect(), false);
      for (const name of names) {
        process.env[name] = 'cli';
        assert.equal(claudeCodeAdapter.detect(), true, name);
        delete process.env[name];
      }
    } finally {
      names.forEach((name, i) => {
        if (saved[i] === undefined) delete process.env[name];
        else process.env[name] = saved[i];
      });
    }
  });
});
