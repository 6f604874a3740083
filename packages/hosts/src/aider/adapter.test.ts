import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { aiderAdapter } from './adapter';

describe('aider toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['run', 'execute'],
    ['edit', 'write'],
    ['write', 'write'],
    ['create', 'write'],
    ['read', 'read'],
    ['grep', 'search'],
    ['find', 'search'],
    ['RUN', 'execute'],
    // Not in the map: the keyword classifier.
    ['web', 'network'],
    ['ls', 'search'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(aiderAdapter.toolCapability(tool), want));
  }
});
