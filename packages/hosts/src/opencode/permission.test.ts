import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRules } from '@ssg/engine';
import { addPermissions, type PermissionMaps, removePermissions, transpilePermissions } from './permission';
import type { JsonObject } from '../config-edit/json-config';

const transpile = (text: string) => transpilePermissions(parseRules(text, 'test.rules').rules);

describe('transpilePermissions', () => {
  const cases: Array<{ name: string; rules: string; maps: PermissionMaps; translated: number; skipped: number }> = [
    {
      name: 'STARTS_WITH on a command',
      rules: 'rule a {\n  DENY execution\n  IF command STARTS_WITH "git push"\n}\n',
      maps: { bash: { '*': 'allow', 'git push*': 'deny' } },
      translated: 1,
      skipped: 0,
    },
    {
      name: 'OR-groups, ASK, write and network',
      rules:
        'rule a {\n  ASK execution\n  IF command EQUALS "npm publish"\n  OR command CONTAINS "--force"\n}\n' +
        'rule b {\n  DENY write\n  IF path ENDS_WITH ".env"\n}\n' +
        'rule c {\n  FORCE network\n  IF input.url STARTS_WITH "http://"\n  SUBSTITUTE "use https"\n}\n',
      maps: {
        bash: { '*': 'allow', 'npm publish': 'ask', '*--force*': 'ask' },
        edit: { '*': 'allow', '*.env': 'deny' },
        webfetch: { '*': 'allow', 'http://*': 'deny' },
      },
      translated: 3,
      skipped: 0,
    },
    {
      name: 'untranslatable: REGEX, AND, NOT, wildcard characters, another field, target any or read',
      rules:
        'rule a {\n  DENY execution\n  IF command REGEX "^rm"\n}\n' +
        'rule b {\n  DENY execution\n  IF command STARTS_WITH "rm" AND command CONTAINS "-rf"\n}\n' +
        'rule c {\n  DENY execution\n  IF command NOT STARTS_WITH "ls"\n}\n' +
        'rule d {\n  DENY execution\n  IF command STARTS_WITH "rm *"\n}\n' +
        'rule e {\n  DENY execution\n  IF content CONTAINS "x"\n}\n' +
        'rule f {\n  DENY any\n  IF command STARTS_WITH "x"\n}\n' +
        'rule g {\n  DENY read\n  IF path ENDS_WITH ".pem"\n}\n' +
        'rule h {\n  DENY execution\n  IF command STARTS_WITH "ok"\n  OR command REGEX "x"\n}\n',
      maps: {},
      translated: 0,
      skipped: 8,
    },
    {
      name: 'ALLOW, LOG and disabled rules are not permissions',
      rules:
        'rule a {\n  ALLOW execution\n  IF command STARTS_WITH "git"\n}\n' +
        'rule b {\n  LOG execution\n  IF command STARTS_WITH "git"\n}\n' +
        'rule c {\n  enabled false\n  DENY execution\n  IF command STARTS_WITH "git"\n}\n',
      maps: {},
      translated: 0,
      skipped: 0,
    },
    {
      name: 'higher priority last; an unconditional rule sets the catch-all',
      rules:
        'rule hi {\n  priority 90\n  ASK execution\n  IF command STARTS_WITH "git"\n}\n' +
        'rule lo {\n  priority 10\n  DENY execution\n  IF command STARTS_WITH "git"\n}\n' +
        'rule all {\n  ASK write\n}\n',
      maps: { bash: { '*': 'allow', 'git*': 'ask' }, edit: { '*': 'ask' } },
      translated: 3,
      skipped: 0,
    },
    { name: 'no rules', rules: '', maps: {}, translated: 0, skipped: 0 },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const got = transpile(tc.rules);
      assert.deepEqual(got.maps, tc.maps);
      assert.deepEqual(Object.keys(got.maps.bash ?? {}), Object.keys(tc.maps.bash ?? {}), 'order');
      assert.equal(got.translated, tc.translated);
      assert.equal(got.skipped, tc.skipped);
    });
  }
});

describe('addPermissions / removePermissions', () => {
  const wanted: PermissionMaps = {
    bash: { '*': 'allow', 'git push*': 'deny' },
    edit: { '*': 'allow', '*.env': 'deny' },
  };
  const cases: Array<{ name: string; before: JsonObject; after: JsonObject; written: PermissionMaps }> = [
    {
      name: 'no permission yet',
      before: { theme: 'x' },
      after: { theme: 'x', permission: wanted },
      written: wanted,
    },
    {
      name: "the user's patterns stay, theirs win on the same pattern, catch-all first",
      before: { permission: { bash: { 'ls*': 'allow', 'git push*': 'ask' }, webfetch: 'ask' } },
      after: {
        permission: { bash: { '*': 'allow', 'ls*': 'allow', 'git push*': 'ask' }, webfetch: 'ask', edit: wanted.edit },
      },
      written: { bash: { '*': 'allow' }, edit: wanted.edit! },
    },
    {
      name: 'a tool set to one action is left alone',
      before: { permission: { bash: 'deny', edit: { '*': 'ask' } } },
      after: { permission: { bash: 'deny', edit: { '*': 'ask', '*.env': 'deny' } } },
      written: { edit: { '*.env': 'deny' } },
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}; removing what was written gives the original back`, () => {
      const config = structuredClone(tc.before);
      const written = addPermissions(config, wanted);
      assert.deepEqual(config, tc.after);
      assert.deepEqual(
        Object.keys((config.permission as JsonObject).bash ?? {}),
        Object.keys((tc.after.permission as JsonObject).bash ?? {}),
      );
      assert.deepEqual(written, tc.written);
      removePermissions(config, written);
      assert.deepEqual(config, tc.before);
    });
  }

  it('keeps an entry the user changed after ssg wrote it', () => {
    const config: JsonObject = { permission: { bash: { '*': 'allow', 'git push*': 'ask' } } };
    removePermissions(config, { bash: { '*': 'allow', 'git push*': 'deny' } });
    assert.deepEqual(config, { permission: { bash: { 'git push*': 'ask' } } });
  });

  it('refuses a permission that is not an object', () => {
    assert.throws(() => addPermissions({ permission: 'allow' }, wanted), TypeError);
  });
});
