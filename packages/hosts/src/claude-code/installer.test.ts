import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { claudeCodeInstaller } from './installer';

const SETTINGS = 'project/.claude/settings.json';
const OUR_GROUP = { matcher: '*', hooks: [{ type: 'command', command: 'ssg hook eval', timeout: 10 }] };
const USER_GROUP = { matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('claude-code installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());
  const install = () => claudeCodeInstaller.install(fx.target, new InstallReport());
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
    assert.equal(fx.read(SETTINGS), json({ hooks: { PreToolUse: [{ matcher: '*', hooks: [USER_GROUP.hooks[0]] }] } }));
  });

  const malformed = ['{"hooks": ', '{"hooks": {"PreToolUse": {"matcher": "*"}}}', '{"hooks": []}', '[]', 'null'];
  for (const content of malformed) {
    it(`refuses ${JSON.stringify(content)} and leaves it untouched`, () => {
      fx.write(SETTINGS, content);
      assert.throws(install, ConfigFileError);
      assert.equal(fx.read(SETTINGS), content);
    });
  }

  it('is healthy with our hook in the project or user settings and ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => claudeCodeInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /no PreToolUse hook `ssg hook eval` in the project or user settings/);
    fx.write('home/.claude/settings.json', json({ hooks: { PreToolUse: [OUR_GROUP] } }));
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so Claude Code cannot run the hook']);
    fx.write('home/.claude/settings.json', '{oops');
    assert.match(problems().join('\n'), /not valid JSON/);
    install();
    assert.deepEqual(problems(), []);
  });
});
