import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { piInstaller } from './installer';

const MCP = 'home/.pi/mcp.json';
const OURS = { command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'pi' } };
const CODER = { command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'aider' } };
const USER_SERVER = { command: 'docs-server', args: ['--stdio'] };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

// Outside the fixture's root, so that snapshots of the root do not see it.
const aiderBin = mkdtempSync(join(tmpdir(), 'ssg-pi-aider-'));
writeFileSync(join(aiderBin, 'aider'), '#!/bin/sh\n');
chmodSync(join(aiderBin, 'aider'), 0o755);
after(() => rmSync(aiderBin, { recursive: true, force: true }));

describe('pi installer', () => {
  let fx: InstallFixture;
  beforeEach(() => {
    fx = new InstallFixture({ ssgHome: true });
  });
  afterEach(() => fx.cleanup());

  /** Runs `body` with ssg on PATH, and aider too when asked. */
  const withAider = <T>(aider: boolean, body: () => T): T =>
    fx.withPath(true, () => {
      if (aider) process.env.PATH = `${process.env.PATH}${delimiter}${aiderBin}`;
      return body();
    });

  const cases: Array<{ name: string; before?: string; aider: boolean; want: string }> = [
    { name: 'no mcp.json, no aider', aider: false, want: json({ mcpServers: { 'ssg-governance': OURS } }) },
    {
      name: 'no mcp.json, aider on PATH',
      aider: true,
      want: json({ mcpServers: { 'ssg-governance': OURS, 'ssg-coder': CODER } }),
    },
    {
      name: "the user's servers and keys",
      before: json({ theme: 'dark', mcpServers: { docs: USER_SERVER } }),
      aider: true,
      want: json({ theme: 'dark', mcpServers: { docs: USER_SERVER, 'ssg-governance': OURS, 'ssg-coder': CODER } }),
    },
    {
      name: 'four-space layout',
      before: JSON.stringify({ mcpServers: { docs: USER_SERVER } }, null, 4),
      aider: false,
      want: JSON.stringify({ mcpServers: { docs: USER_SERVER, 'ssg-governance': OURS } }, null, 4),
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls to the original`, () => {
      if (tc.before !== undefined) fx.write(MCP, tc.before);
      withAider(tc.aider, () => piInstaller.install(fx.target, new InstallReport()));
      assert.equal(fx.read(MCP), tc.want);
      assert.ok(fx.read('home/.ssg/hooks/bin/bash'));
      const installed = fx.snapshot();
      withAider(tc.aider, () => piInstaller.install(fx.target, new InstallReport()));
      assert.deepEqual(fx.snapshot(), installed);
      piInstaller.uninstall(fx.target, new InstallReport());
      assert.equal(fx.read(MCP), tc.before);
    });
  }

  it('drops ssg-coder when aider is no longer on PATH', () => {
    withAider(true, () => piInstaller.install(fx.target, new InstallReport()));
    withAider(false, () => piInstaller.install(fx.target, new InstallReport()));
    assert.equal(fx.read(MCP), json({ mcpServers: { 'ssg-governance': OURS } }));
  });

  const malformed = ['{"mcpServers": ', '{"mcpServers": []}', '{"mcpServers": "x"}', '[]', 'null'];
  for (const content of malformed) {
    it(`refuses ${JSON.stringify(content)} and leaves it untouched`, () => {
      fx.write(MCP, content);
      assert.throws(() => piInstaller.install(fx.target, new InstallReport()), ConfigFileError);
      assert.equal(fx.read(MCP), content);
    });
  }

  it('is healthy with our server, the hooks and ssg on PATH', () => {
    const problems = () => fx.withPath(true, () => piInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /mcp\.json does not exist/);
    fx.write(MCP, json({ mcpServers: { docs: USER_SERVER } }));
    assert.match(problems().join('\n'), /has no MCP server ssg-governance/);
    piInstaller.install(fx.target, new InstallReport());
    assert.deepEqual(problems(), []);
    fx.write(MCP, '{oops');
    assert.match(problems().join('\n'), /not valid JSON/);
  });
});
