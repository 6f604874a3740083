// The role table as the docs state it: one row per role, what it may and may not do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRole, PERMISSIONS, type Permission, type Role, roleMay, ROLES } from './roles';

const expected: Record<Role, Permission[]> = {
  org_admin: Object.keys(PERMISSIONS) as Permission[],
  policy_author: ['org:read', 'rules:publish', 'rules:read'],
  auditor: ['org:read', 'members:read', 'rules:read', 'licences:read'],
  member: ['org:read', 'rules:read'],
};

for (const role of ROLES) {
  test(`${role} may do exactly what the docs say`, () => {
    const granted = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => roleMay(role, permission));
    assert.deepEqual(granted.sort(), [...expected[role]].sort());
  });
}

test('only the four roles are roles', () => {
  for (const value of ['org_admin', 'member']) assert.ok(isRole(value));
  for (const value of ['admin', 'ORG_ADMIN', '', null, 3, '__proto__']) assert.ok(!isRole(value));
});
