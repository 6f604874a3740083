import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '@ssg/engine';
import { nemoclawAdapter } from './adapter';

describe('nemoclaw toolCapability', () => {
  const cases: Array<[string, Capability]> = [
    // The spec's map (case-insensitive).
    ['process_exec', 'execute'],
    ['shell_exec', 'execute'],
    ['bash', 'execute'],
    ['shell', 'execute'],
    ['fs_read', 'read'],
    ['file_read', 'read'],
    ['fs_write', 'write'],
    ['file_write', 'write'],
    ['fs_edit', 'write'],
    ['net_egress', 'network'],
    ['network_request', 'network'],
    ['inference', 'network'],
    ['sandbox_spawn', 'agent'],
    ['FS_READ', 'read'],
    // Not in the map: the keyword classifier.
    ['fs_list', 'search'],
    ['http_get', 'network'],
    ['frobnicate', 'execute'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool} → ${want}`, () => assert.equal(nemoclawAdapter.toolCapability(tool), want));
  }
});
