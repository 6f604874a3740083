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
/** What Codex 0.169's `hooks/list` reported as the currentHash of OUR_HOOK, read from the real CLI. */
const OUR_HOOK_HASH = 'sha256:0e24f7895f881f3e3b7ce0c84f9c3a81557301cf990d961cd1a6b66657fb1e26';
const trustTable = (root: string) =>
  `[hooks.state."${root}/home/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "${OUR_HOOK_HASH}"\n`;

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
        `args = ["mcp-server"]\nenv = { SSG_CLIENT = "codex" }\n\n${trustTable(fx.root)}`,
    );
    const hooks = JSON.parse(fx.read(HOOKS)!);
    assert.deepEqual(hooks.hooks.PreToolUse, [OUR_HOOK]);
    assert.deepEqual(hooks.hooks.Stop, JSON.parse(USER_HOOKS).hooks.Stop);
    assert.deepEqual(
      report.files.map((file) => file.action),
      ['updated', 'updated', 'updated'],
    );
    assert.match(report.manualSteps.join('\n'), /trusted its own hook in Codex for you.*\/hooks.*\n.*Restart Codex/);

    const installed = fx.snapshot();
    codexInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(fx.snapshot(), installed, 'second install touches nothing');

    codexInstaller.uninstall(fx.target, new InstallReport());
    assert.equal(fx.read(CONFIG), WITHOUT_LEGACY);
    assert.equal(fx.read(HOOKS), USER_HOOKS);
  });

  it("leaves the shell wrapper .ssg/bin/bash alone: other hosts' installs use it", () => {
    fx.write('project/.ssg/bin/bash', '#!/bin/sh\nssg hook shell "$@"\n');
    codexInstaller.install(fx.target, new InstallReport());
    assert.equal(fx.read('project/.ssg/bin/bash'), '#!/bin/sh\nssg hook shell "$@"\n');
  });

  it('follows CODEX_HOME', () => {
    const target = { ...fx.target, env: { CODEX_HOME: join(fx.root, 'codex-home') } };
    codexInstaller.install(target, new InstallReport());
    assert.ok(fx.read('codex-home/hooks.json')?.includes('hook codex --source=native'));
    assert.ok(fx.read('codex-home/config.toml')?.includes('hooks.json:pre_tool_use:0:0'));
    assert.equal(fx.read(HOOKS), undefined);
    assert.deepEqual(
      fx.withPath(true, () => codexInstaller.problems(target)),
      [],
    );
  });

  it('reports a hook Codex has not trusted, or that changed since it was trusted, as not governing', () => {
    fx.write(HOOKS, `${JSON.stringify({ hooks: { PreToolUse: [OUR_HOOK] } }, null, 2)}\n`);
    codexInstaller.install(fx.target, new InstallReport());
    const problems = () => fx.withPath(true, () => codexInstaller.problems(fx.target)).join('\n');
    assert.equal(problems(), '');
    const changed = { ...OUR_HOOK, hooks: [{ ...OUR_HOOK.hooks[0], timeout: 91 }] };
    fx.write(HOOKS, `${JSON.stringify({ hooks: { PreToolUse: [changed] } }, null, 2)}\n`);
    assert.match(problems(), /Codex has not trusted the hook \(or it changed since\), so Codex skips it/);
    fx.write(CONFIG, fx.read(CONFIG)!.replace(/\[hooks\.state[^]*$/, ''));
    fx.write(HOOKS, `${JSON.stringify({ hooks: { PreToolUse: [OUR_HOOK] } }, null, 2)}\n`);
    assert.match(problems(), /Codex has not trusted the hook/);
  });

  const legacy: Array<{ name: string; path: string; content: string; retired: boolean }> = [
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
