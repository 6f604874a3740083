import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability, EvalResult } from '@ssg/engine';
import { formatCodexHookOutput } from '../codex/adapter';
import { codexDesktopAdapter } from './adapter';

describe('codex-desktop toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['local_shell', 'execute'],
    ['unified_exec', 'execute'],
    ['command', 'execute'],
    ['apply_patch', 'write'],
    ['update_plan', 'write'],
    ['view_image', 'read'],
    ['screenshot', 'read'],
    ['web_search', 'network'],
    ['in_app_browser', 'network'],
    ['computer_use', 'execute'],
    ['click', 'execute'],
    ['type', 'execute'],
    ['key', 'execute'],
    ['Apply_Patch', 'write'],
    ['Screenshot', 'read'],
    // Not in the map: keywords.
    ['read_file', 'read'],
    ['list_mcp_resources', 'search'],
    ['spawn_agent', 'agent'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(codexDesktopAdapter.toolCapability(tool), want));
  }
});

describe('codex-desktop wire format', () => {
  it('reads the PreToolUse shape as codex-desktop', () => {
    const call = codexDesktopAdapter.parseInput('{"tool_name":"apply_patch","tool_input":{"input":"*** Begin Patch"}}');
    assert.deepEqual(call, {
      tool: 'apply_patch',
      input: { input: '*** Begin Patch' },
      capability: 'write',
      client: 'codex-desktop',
    });
  });

  it('answers like the Codex CLI', () => {
    const results: EvalResult[] = [
      { decision: 'block', ruleId: 'r', matched: [], durationMs: 0 },
      { decision: 'ask', ruleId: 'r', matched: [], durationMs: 0 },
      { decision: 'allow', matched: [], durationMs: 0 },
    ];
    for (const result of results) assert.equal(codexDesktopAdapter.formatOutput(result), formatCodexHookOutput(result));
  });
});
