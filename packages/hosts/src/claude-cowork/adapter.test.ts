import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { claudeCoworkAdapter } from './adapter';

describe('claude-cowork toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['bash', 'execute'],
    ['read', 'read'],
    ['screenshot', 'read'],
    ['file_read', 'read'],
    ['write', 'write'],
    ['edit', 'write'],
    ['multiedit', 'write'],
    ['file_write', 'write'],
    ['glob', 'search'],
    ['grep', 'search'],
    ['webfetch', 'network'],
    ['websearch', 'network'],
    ['computer_use', 'execute'],
    ['click', 'execute'],
    ['double_click', 'execute'],
    ['right_click', 'execute'],
    ['type', 'execute'],
    ['key', 'execute'],
    ['scroll', 'execute'],
    ['mouse_move', 'execute'],
    ['drag', 'execute'],
    ['Bash', 'execute'],
    ['MultiEdit', 'write'],
    ['WebFetch', 'network'],
    // Not in the map: the keyword classifier.
    ['TodoWrite', 'write'],
    ['mcp__ssg__ssg_evaluate', 'execute'],
    ['list_files', 'search'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(claudeCoworkAdapter.toolCapability(tool), want));
  }
});
