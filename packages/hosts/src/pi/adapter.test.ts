import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { piAdapter } from './adapter';

describe('pi toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['bash', 'execute'],
    ['read', 'read'],
    ['write', 'write'],
    ['edit', 'write'],
    ['grep', 'search'],
    ['find', 'search'],
    ['ls', 'search'],
    ['Read', 'read'],
    // Not in the map: the keyword classifier.
    ['fetch', 'network'],
    ['subagent', 'agent'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(piAdapter.toolCapability(tool), want));
  }
});
