import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { codexInstaller } from './installer';
import { codexDesktopInstaller } from '../codex-desktop/installer';

const CONFIG = 'home/.codex/config.toml';
const HOOKS = 'home/.codex/hooks.json';
const USER_CONFIG = `# mine
model  =  "o3"

[mcp_servers.docs]
command = "docs-mcp"   # keeps its comment

[[hooks]]
command = "ssg hook eval"
`;
const WITHOUT_LEGACY = '# mine\nmodel  =  "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"   # keeps its comment\n';
const USER_HOOKS = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] } }, null, 2)}\n`;
const OUR_HOOK = { matcher: '*', hooks: [{ type: 'command', command: 'ssg hook codex --source=native', timeout: 90 }] };

describe('codex installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());

  it('writes the MCP table and native hook, strips [[hooks]], and is undone by uninstall', () => {
    fx.write(CONFIG, USER_CONFIG);
    fx.write(HOOKS, USER_HOOKS);
    const report = new InstallReport();
    codexInstaller.install(fx.target, report);
    assert.equal(
      fx.read(CONFIG),
      `${WITHOUT_LEGACY}\n[mcp_servers.ssg-governance]\n# installed by ssg init for: codex\ncommand = "ssg"\n` +
        'args = ["mcp-server"]\nenv = { SSG_CLIENT = "codex" }\n',
    );
    const hooks = JSON.parse(fx.read(HOOKS)!);
    assert.deepEqual(hooks.hooks.PreToolUse, [OUR_HOOK]);
    assert.deepEqual(hooks.hooks.Stop, JSON.parse(USER_HOOKS).hooks.Stop);
    assert.deepEqual(
      report.files.map((file) => file.action),
      ['updated', 'updated'],
    );
    assert.match(report.manualSteps.join('\n'), /\/hooks.*\n.*Restart Codex/);

    const installed = fx.snapshot();
    codexInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(fx.snapshot(), installed, 'second install touches nothing');

    codexInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(CONFIG), WITHOUT_LEGACY);
    assert.equal(fx.read(HOOKS), USER_HOOKS);
  });

  const legacy: Array<{ name: string; path: string; content: string; retired: boolean }> = [
    {
      name: 'ssg shell wrapper',
      path: 'project/.ssg/bin/bash',
      content: '#!/bin/sh\nssg hook shell "$@"\n',
      retired: true,
    },
    {
      name: 'user script named bash',
      path: 'project/.ssg/bin/bash',
      content: '#!/bin/sh\nexec bash\n',
      retired: false,
    },
    {
      name: 'ssg hooks.json',
      path: 'project/hooks.json',
      content: '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"ssg hook eval"}]}]}}',
      retired: true,
    },
    {
      name: 'hooks.json with a user hook too',
      path: 'project/hooks.json',
      content: '{"hooks":[{"command":"ssg hook eval"},{"command":"lint"}]}',
      retired: false,
    },
    { name: 'hooks.json that is not JSON', path: 'project/hooks.json', content: 'ssg hook', retired: false },
    {
      name: 'ssg project-mcp.json',
      path: 'project/project-mcp.json',
      content: '{"mcpServers":{"ssg-governance":{"command":"ssg"}}}',
      retired: true,
    },
    {
      name: 'project-mcp.json with other servers',
      path: 'project/project-mcp.json',
      content: '{"mcpServers":{"ssg-governance":{},"docs":{}}}',
      retired: false,
    },
  ];
  for (const tc of legacy) {
    it(`legacy artifact: ${tc.name} is ${tc.retired ? 'retired' : 'kept'}`, () => {
      fx.write(tc.path, tc.content);
      const report = new InstallReport();
      codexInstaller.install(fx.target, report);
      assert.equal(fx.read(tc.path), tc.retired ? undefined : tc.content);
      assert.equal(
        report.files.find((file) => file.path === join(fx.root, tc.path))?.action,
        tc.retired ? 'removed' : 'kept',
      );
    });
  }

  it('refuses a malformed hooks.json and leaves it untouched', () => {
    fx.write(HOOKS, '{"hooks": {');
    assert.throws(() => codexInstaller.install(fx.target, new InstallReport()), ConfigFileError);
    assert.equal(fx.read(HOOKS), '{"hooks": {');
  });

  it('reports what is missing until installed', () => {
    const problems = () => fx.withPath(true, () => codexInstaller.problems(fx.target));
    assert.match(problems()[0]!, /config\.toml does not exist/);
    fx.write(CONFIG, USER_CONFIG);
    assert.deepEqual(
      problems().map((problem) => problem.replace(fx.root, '<root>')),
      [
        'no valid [mcp_servers.ssg-governance] in <root>/home/.codex/config.toml',
        'legacy [[hooks]] in <root>/home/.codex/config.toml: Codex 0.134.0 and later refuse the file',
        'no PreToolUse hook `ssg hook codex --source=native` in <root>/home/.codex/hooks.json',
      ],
    );
    codexInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(problems(), []);
  });
});

describe('codex and codex-desktop side by side', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());
  const healthy = () =>
    fx.withPath(true, () => ({
      codex: codexInstaller.problems(fx.target).length === 0,
      desktop: codexDesktopInstaller.problems(fx.target).length === 0,
    }));

  const orders: Array<{ name: string; first: typeof codexInstaller; second: typeof codexInstaller }> = [
    { name: 'codex first', first: codexInstaller, second: codexDesktopInstaller },
    { name: 'desktop first', first: codexDesktopInstaller, second: codexInstaller },
  ];
  for (const tc of orders) {
    it(`${tc.name}: both healthy; uninstalling either leaves the other healthy`, () => {
      fx.write(CONFIG, USER_CONFIG);
      tc.first.install(fx.target, new InstallReport());
      tc.second.install(fx.target, new InstallReport());
      assert.deepEqual(healthy(), { codex: true, desktop: true });
      assert.match(fx.read(CONFIG)!, /SSG_CLIENT = "codex-desktop"/);

      codexInstaller.uninstall(fx.target, new InstallReport());
      assert.deepEqual(healthy(), { codex: false, desktop: true });
      codexInstaller.install(fx.target, new InstallReport());
      codexDesktopInstaller.uninstall(fx.target, new InstallReport());
      assert.deepEqual(healthy(), { codex: true, desktop: false });
      assert.match(fx.read(CONFIG)!, /SSG_CLIENT = "codex"/);
      codexInstaller.uninstall(fx.target, new InstallReport());
      assert.equal(fx.read(CONFIG), WITHOUT_LEGACY);
    });
  }
});
