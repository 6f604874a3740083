import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { grokBotAdapter } from './adapter';

describe('grok-bot toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // No map in the spec: the keyword classifier decides every tool.
    ['bash', 'execute'],
    ['write_file', 'write'],
    ['read_file', 'read'],
    ['web_search', 'network'],
    ['list_dir', 'search'],
    ['spawn_agent', 'agent'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(grokBotAdapter.toolCapability(tool), want));
  }
});
