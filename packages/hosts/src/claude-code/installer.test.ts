import assert from 'node:assert/strict';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import type { InstallTarget } from '../install/adapter-installer';
import { claudeCodeInstaller } from './installer';

const USER_SETTINGS = 'home/.claude/settings.json';
const PROJECT_SETTINGS = 'project/.claude/settings.json';
const OUR_GROUP = { matcher: '*', hooks: [{ type: 'command', command: 'ssg hook eval', timeout: 10 }] };
const USER_GROUP = { matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

for (const scope of ['user', 'project'] as const) {
  describe(`claude-code installer, ${scope} scope`, () => {
    const SETTINGS = scope === 'user' ? USER_SETTINGS : PROJECT_SETTINGS;
    let fx: InstallFixture;
    beforeEach(() => (fx = new InstallFixture()));
    afterEach(() => fx.cleanup());
    const install = (target: Partial<InstallTarget> = {}) =>
      claudeCodeInstaller.install({ ...fx.target, scope, ...target }, new InstallReport());
    const uninstall = () => claudeCodeInstaller.uninstall(fx.target, new InstallReport());

    const cases: Array<{ name: string; before: string | undefined; want: string }> = [
      {
        name: 'no settings: creates them',
        before: undefined,
        want: json({ hooks: { PreToolUse: [OUR_GROUP] } }),
      },
      {
        name: 'other keys and hooks: ours appended, the rest in order',
        before: json({
          model: 'opus',
          hooks: { PreToolUse: [USER_GROUP], PostToolUse: [USER_GROUP] },
          permissions: { allow: ['Bash(ls)'] },
        }),
        want: json({
          model: 'opus',
          hooks: { PreToolUse: [USER_GROUP, OUR_GROUP], PostToolUse: [USER_GROUP] },
          permissions: { allow: ['Bash(ls)'] },
        }),
      },
      {
        name: 'hostile __proto__ keys stay plain keys',
        before: '{\n  "__proto__": {\n    "x": 1\n  },\n  "hooks": {\n    "__proto__": []\n  }\n}\n',
        want:
          '{\n  "__proto__": {\n    "x": 1\n  },\n  "hooks": {\n    "__proto__": [],\n    "PreToolUse": ' +
          `${JSON.stringify([OUR_GROUP], null, 2).replaceAll('\n', '\n    ')}\n  }\n}\n`,
      },
      {
        name: 'settings without hooks',
        before: json({ env: { A: '1' } }),
        want: json({ env: { A: '1' }, hooks: { PreToolUse: [OUR_GROUP] } }),
      },
    ];
    for (const tc of cases) {
      it(`${tc.name}; a second install changes nothing; uninstall gives the original back`, () => {
        if (tc.before !== undefined) fx.write(SETTINGS, tc.before);
        install();
        assert.equal(fx.read(SETTINGS), tc.want);
        const installed = fx.snapshot();
        install();
        assert.deepEqual(fx.snapshot(), installed);
        uninstall();
        assert.equal(fx.read(SETTINGS), tc.before);
      });
    }

    it('finds our hook by its command, whatever its matcher or timeout', () => {
      const moved = { matcher: 'Bash|Write', hooks: [{ type: 'command', command: 'ssg hook eval', timeout: 30 }] };
      fx.write(SETTINGS, json({ hooks: { PreToolUse: [moved, USER_GROUP] } }));
      install();
      assert.equal(fx.read(SETTINGS), json({ hooks: { PreToolUse: [moved, USER_GROUP] } }));
      uninstall();
      assert.equal(fx.read(SETTINGS), json({ hooks: { PreToolUse: [USER_GROUP] } }));
    });

    it('removes only our hook from a group it shares with the user', () => {
      const shared = { matcher: '*', hooks: [OUR_GROUP.hooks[0], USER_GROUP.hooks[0]] };
      fx.write(SETTINGS, json({ hooks: { PreToolUse: [shared] } }));
      uninstall();
      assert.equal(
        fx.read(SETTINGS),
        json({ hooks: { PreToolUse: [{ matcher: '*', hooks: [USER_GROUP.hooks[0]] }] } }),
      );
    });

    const malformed = ['{"hooks": ', '{"hooks": {"PreToolUse": {"matcher": "*"}}}', '{"hooks": []}', '[]', 'null'];
    for (const content of malformed) {
      it(`refuses ${JSON.stringify(content)} and leaves it untouched`, () => {
        fx.write(SETTINGS, content);
        assert.throws(install, ConfigFileError);
        assert.equal(fx.read(SETTINGS), content);
      });
    }

    it('names ssg by the program of this install, and brings an older bare `ssg` up to date', () => {
      fx.write(SETTINGS, json({ hooks: { PreToolUse: [OUR_GROUP] } }));
      install({ ssg: '/opt/ssg/bin/ssg' });
      const updated = { ...OUR_GROUP, hooks: [{ ...OUR_GROUP.hooks[0], command: '/opt/ssg/bin/ssg hook eval' }] };
      assert.equal(fx.read(SETTINGS), json({ hooks: { PreToolUse: [updated] } }));
      uninstall();
      assert.equal(fx.read(SETTINGS), undefined);
    });

    it('refuses, writing nothing, when ssg cannot be named by a path that exists', () => {
      assert.throws(() => install({ ssg: undefined }), /must name ssg by a path that exists/);
      assert.equal(fx.read(SETTINGS), undefined);
    });
  });
}

describe('claude-code installer, both scopes', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());

  it('defaults to user scope, in CLAUDE_CONFIG_DIR when it is set', () => {
    const target = { ...fx.target, env: { CLAUDE_CONFIG_DIR: `${fx.root}/claude-config` } };
    claudeCodeInstaller.install(target, new InstallReport());
    assert.equal(fx.read('claude-config/settings.json'), json({ hooks: { PreToolUse: [OUR_GROUP] } }));
    assert.equal(fx.read(USER_SETTINGS), undefined);
    assert.equal(fx.read(PROJECT_SETTINGS), undefined);
  });

  it('uninstall takes our hook out of both scopes', () => {
    fx.write(USER_SETTINGS, json({ hooks: { PreToolUse: [OUR_GROUP] } }));
    fx.write(PROJECT_SETTINGS, json({ model: 'opus', hooks: { PreToolUse: [OUR_GROUP] } }));
    claudeCodeInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(USER_SETTINGS), undefined);
    assert.equal(fx.read(PROJECT_SETTINGS), json({ model: 'opus' }));
  });

  it('is healthy with our hook in either scope, says which sessions it covers, and checks its program', () => {
    const problems = () => claudeCodeInstaller.problems(fx.target);
    assert.match(problems().join('\n'), /no PreToolUse hook `ssg hook eval` in the user or project settings/);
    assert.equal(claudeCodeInstaller.coverage?.(fx.target), undefined);
    fx.write(PROJECT_SETTINGS, json({ hooks: { PreToolUse: [OUR_GROUP] } }));
    assert.deepEqual(fx.withPath(true, problems), []);
    assert.match(claudeCodeInstaller.coverage?.(fx.target) ?? '', /only, not its subfolders/);
    assert.match(fx.withPath(false, problems).join('\n'), /ssg does not exist, so the host cannot run it/);
    const gone = { ...OUR_GROUP, hooks: [{ ...OUR_GROUP.hooks[0], command: `${fx.root}/gone/ssg hook eval` }] };
    fx.write(USER_SETTINGS, json({ hooks: { PreToolUse: [gone] } }));
    assert.match(problems().join('\n'), /gone\/ssg does not exist/);
    fx.write('broken/ssg', '#!/bin/sh\necho "cannot find module" >&2\nexit 1\n');
    chmodSync(join(fx.root, 'broken', 'ssg'), 0o755);
    const broken = { ...OUR_GROUP, hooks: [{ ...OUR_GROUP.hooks[0], command: `${fx.root}/broken/ssg hook eval` }] };
    fx.write(USER_SETTINGS, json({ hooks: { PreToolUse: [broken] } }));
    assert.match(problems().join('\n'), /broken\/ssg --version` fails \(cannot find module\)/);
    assert.match(claudeCodeInstaller.coverage?.(fx.target) ?? '', /^every folder/);
    fx.write(USER_SETTINGS, '{oops');
    fx.write(PROJECT_SETTINGS, '{}');
    assert.match(problems().join('\n'), /not valid JSON/);
  });
});
