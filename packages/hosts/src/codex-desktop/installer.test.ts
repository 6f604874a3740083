import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { codexDesktopInstaller } from './installer';

const CONFIG = 'home/.codex/config.toml';
const PROJECT_MCP = 'project/.codex/mcp.json';
const OURS = { command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'codex-desktop' } };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('codex-desktop installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());

  const cases: Array<{ name: string; config?: string; mcp?: string; wantMcp: string }> = [
    { name: 'nothing before', wantMcp: json({ mcpServers: { 'ssg-governance': OURS } }) },
    {
      name: 'other servers and a legacy [[hooks]]',
      config: '[[hooks]]\ncommand = "x"\n\n[mcp_servers.a]\ncommand = "a"\n',
      mcp: json({ mcpServers: { docs: { command: 'docs' } }, other: true }),
      wantMcp: json({ mcpServers: { docs: { command: 'docs' }, 'ssg-governance': OURS }, other: true }),
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.config !== undefined) fx.write(CONFIG, tc.config);
      if (tc.mcp !== undefined) fx.write(PROJECT_MCP, tc.mcp);
      codexDesktopInstaller.install(fx.target, new InstallReport());
      assert.equal(fx.read(PROJECT_MCP), tc.wantMcp);
      assert.doesNotMatch(fx.read(CONFIG)!, /\[\[hooks\]\]/);
      assert.match(fx.read(CONFIG)!, /^\[mcp_servers\.ssg-governance\]$/m);
      const installed = fx.snapshot();
      codexDesktopInstaller.install(fx.target, new InstallReport());
      assert.deepEqual(fx.snapshot(), installed);
      codexDesktopInstaller.uninstall(fx.target, new InstallReport());
      assert.equal(fx.read(PROJECT_MCP), tc.mcp);
      assert.equal(fx.read(CONFIG), tc.config?.replace('[[hooks]]\ncommand = "x"\n\n', ''));
    });
  }

  it('refuses a config.toml that is not TOML, writing nothing', () => {
    fx.write(CONFIG, '[mcp_servers\n');
    assert.throws(() => codexDesktopInstaller.install(fx.target, new InstallReport()), ConfigFileError);
    assert.equal(fx.read(CONFIG), '[mcp_servers\n');
    assert.equal(fx.read(PROJECT_MCP), undefined);
  });
});
