import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseToolGroups } from './tool-groups';

describe('parseToolGroups', () => {
  const cases: Array<{ name: string; value: string | undefined; groups: string[]; unknown: string[] }> = [
    { name: 'unset', value: undefined, groups: [], unknown: [] },
    { name: 'empty', value: '', groups: [], unknown: [] },
    { name: 'one group', value: 'onboarding', groups: ['onboarding'], unknown: [] },
    {
      name: 'all groups, spaces and case',
      value: ' Doctor , authoring,ONBOARDING ',
      groups: ['doctor', 'authoring', 'onboarding'],
      unknown: [],
    },
    { name: 'repeats count once', value: 'doctor,doctor', groups: ['doctor'], unknown: [] },
    { name: 'empty items skipped', value: ',,doctor,,', groups: ['doctor'], unknown: [] },
    { name: 'unknown names kept for the warning', value: 'hub,doctor,x', groups: ['doctor'], unknown: ['hub', 'x'] },
    {
      name: 'a hostile value',
      value: `${'a,'.repeat(10_000)}doctor`,
      groups: ['doctor'],
      unknown: Array(10_000).fill('a'),
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const parsed = parseToolGroups(tc.value);
      assert.deepEqual([...parsed.groups], tc.groups);
      assert.deepEqual(parsed.unknown, tc.unknown);
    });
  }
});
