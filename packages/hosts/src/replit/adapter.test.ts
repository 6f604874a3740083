import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { replitAdapter } from './adapter';

describe('replit toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['run', 'execute'],
    ['execute', 'execute'],
    ['read_file', 'read'],
    ['write_file', 'write'],
    ['edit_file', 'write'],
    ['str_replace_editor', 'write'],
    ['create_file', 'write'],
    ['search_filesystem', 'search'],
    ['list_files', 'search'],
    ['web_search', 'network'],
    ['web_fetch', 'network'],
    ['fetch', 'network'],
    ['Str_Replace_Editor', 'write'],
    // Not in the map: the keyword classifier.
    ['packager_install', 'execute'],
    ['view_file', 'read'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(replitAdapter.toolCapability(tool), want));
  }
});
