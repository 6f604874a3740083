import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { cursorAdapter } from './adapter';

describe('cursor toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['run_terminal_command', 'execute'],
    ['edit_file', 'write'],
    ['create_file', 'write'],
    ['read_file', 'read'],
    ['codebase_search', 'search'],
    ['grep_search', 'search'],
    ['file_search', 'search'],
    ['list_dir', 'search'],
    ['web_search', 'network'],
    ['fetch', 'network'],
    ['Run_Terminal_Command', 'execute'],
    // Not in the map: the keyword classifier.
    ['delete_file', 'write'],
    ['search_replace', 'write'],
    ['fetch_rules', 'network'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(cursorAdapter.toolCapability(tool), want));
  }
});
