import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { antigravityAdapter } from './adapter';

describe('antigravity toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['run_command', 'execute'],
    ['send_command_input', 'execute'],
    ['bash', 'execute'],
    ['view_file', 'read'],
    ['write_to_file', 'write'],
    ['replace_file_content', 'write'],
    ['multi_replace_file_content', 'write'],
    ['list_dir', 'search'],
    ['grep_search', 'search'],
    ['read_url_content', 'network'],
    ['search_web', 'network'],
    ['browser_subagent', 'agent'],
    ['View_File', 'read'],
    // Not in the map: the keyword classifier.
    ['find_by_name', 'search'],
    ['codebase_search', 'search'],
    ['view_code_item', 'read'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(antigravityAdapter.toolCapability(tool), want));
  }
});
