import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { editCodexConfig, governanceOwners, hasGovernanceServer, hasLegacyHooks } from './config';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallReport } from '../install/install-report';

const USER_CONFIG = `# Codex settings, by hand
model    =   "o3"   # fast enough

[mcp_servers.docs]
command = "docs-mcp"
args    = [ "--port",  "9000" ]

[[hooks]]
event = "PreToolUse"
command = "ssg hook eval"

# profiles follow
[profiles.work]
model = "gpt-5"
`;

const WITHOUT_LEGACY_HOOKS = USER_CONFIG.replace('[[hooks]]\nevent = "PreToolUse"\ncommand = "ssg hook eval"\n\n', '');

const table = (owners: string, client: string): string =>
  `[mcp_servers.ssg-governance]\n# installed by ssg init for: ${owners}\ncommand = "ssg"\nargs = ["mcp-server"]\nenv = { SSG_CLIENT = "${client}" }\n`;

describe('editCodexConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-codex-config-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const configWith = (content: string): string => {
    const path = join(dir, `config-${count++}.toml`);
    writeFileSync(path, content);
    return path;
  };
  type Step = ['codex' | 'codex-desktop', 'install' | 'uninstall'];
  const run = (path: string, ...steps: Step[]): string => {
    for (const [client, action] of steps) editCodexConfig(path, client, action, new InstallReport());
    return readFileSync(path, 'utf8');
  };

  const cases: Array<{ name: string; steps: Step[]; want: string }> = [
    {
      name: 'codex: appends our table, strips [[hooks]], keeps the rest byte for byte',
      steps: [['codex', 'install']],
      want: `${WITHOUT_LEGACY_HOOKS}\n${table('codex', 'codex')}`,
    },
    {
      name: 'both: one table, listing both, with the desktop client',
      steps: [
        ['codex', 'install'],
        ['codex-desktop', 'install'],
        ['codex', 'install'],
      ],
      want: `${WITHOUT_LEGACY_HOOKS}\n${table('codex codex-desktop', 'codex-desktop')}`,
    },
    {
      name: 'uninstalling one keeps the table for the other',
      steps: [
        ['codex-desktop', 'install'],
        ['codex', 'install'],
        ['codex-desktop', 'uninstall'],
      ],
      want: `${WITHOUT_LEGACY_HOOKS}\n${table('codex', 'codex')}`,
    },
    {
      name: 'uninstalling both gives the user config back',
      steps: [
        ['codex', 'install'],
        ['codex-desktop', 'install'],
        ['codex', 'uninstall'],
        ['codex-desktop', 'uninstall'],
      ],
      want: WITHOUT_LEGACY_HOOKS,
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => assert.equal(run(configWith(USER_CONFIG), ...tc.steps), tc.want));
  }

  it('replaces a hand-written ssg-governance table and adopts it', () => {
    const path = configWith(`a = 1\n\n[mcp_servers.ssg-governance]\ncommand = "/old/ssg"\n\n[b]\n`);
    assert.equal(run(path, ['codex', 'install']), `a = 1\n\n${table('codex', 'codex')}\n[b]\n`);
  });

  it('creates the file, and removes it when only our table was in it', () => {
    const path = join(dir, 'fresh', 'config.toml');
    assert.equal(run(path, ['codex-desktop', 'install']), table('codex-desktop', 'codex-desktop'));
    editCodexConfig(path, 'codex-desktop', 'uninstall', new InstallReport());
    assert.throws(() => readFileSync(path), /ENOENT/);
  });

  const refused: Array<{ name: string; content: string; error: RegExp }> = [
    { name: 'invalid TOML', content: 'model = "o3\n', error: /not valid TOML/ },
    { name: 'duplicate keys', content: 'a = 1\na = 2\n', error: /not valid TOML/ },
    {
      name: 'our server as dotted keys',
      content: 'mcp_servers.ssg-governance.command = "x"\n',
      error: /not valid TOML|cannot edit safely|would not parse/,
    },
    {
      name: 'our server inside an inline table',
      content: 'mcp_servers = { ssg-governance = { command = "x" } }\n',
      error: /cannot edit safely|would not parse/,
    },
    {
      name: 'a table header inside a multi-line string',
      content: 'note = """\n[mcp_servers.ssg-governance]\n"""\n',
      error: /cannot edit safely|would not parse/,
    },
  ];
  for (const tc of refused) {
    it(`refuses ${tc.name} and leaves the file untouched`, () => {
      const path = configWith(tc.content);
      assert.throws(
        () => editCodexConfig(path, 'codex', 'install', new InstallReport()),
        (error) => error instanceof ConfigFileError && tc.error.test(error.message),
      );
      assert.equal(readFileSync(path, 'utf8'), tc.content);
    });
  }
});

describe('reading the config', () => {
  it('finds the server by name whoever wrote it, and the legacy hooks', () => {
    assert.equal(hasGovernanceServer('[mcp_servers."ssg-governance"]\ncommand = "x"\n'), true);
    assert.equal(hasGovernanceServer('[mcp_servers.other]\n'), false);
    assert.equal(hasGovernanceServer('not toml ['), false);
    assert.equal(hasLegacyHooks(USER_CONFIG), true);
    assert.equal(hasLegacyHooks(WITHOUT_LEGACY_HOOKS), false);
    assert.deepEqual(governanceOwners(table('codex-desktop codex', 'x')), ['codex-desktop', 'codex']);
    assert.deepEqual(governanceOwners('[mcp_servers.ssg-governance]\n# installed by ssg init for: evil\n'), []);
  });
});
