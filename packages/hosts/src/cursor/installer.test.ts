import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { CURSOR_RULE, cursorInstaller } from './installer';

const MCP = 'project/.cursor/mcp.json';
const RULE = 'project/.cursor/rules/ssg-governance.mdc';
const USER_RULE = 'project/.cursor/rules/style.mdc';
const OURS = { command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'cursor' } };
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('cursor installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());
  const install = () => cursorInstaller.install(fx.target, new InstallReport());
  const uninstall = () => cursorInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{ name: string; mcp?: string; want: string; uninstalled?: string }> = [
    { name: 'no mcp.json', want: json({ mcpServers: { 'ssg-governance': OURS } }) },
    {
      name: 'other servers and keys, tab-indented',
      mcp: '{\n\t"mcpServers": {\n\t\t"docs": {\n\t\t\t"url": "https://d"\n\t\t}\n\t}\n}\n',
      want:
        '{\n\t"mcpServers": {\n\t\t"docs": {\n\t\t\t"url": "https://d"\n\t\t},\n\t\t"ssg-governance": ' +
        `${JSON.stringify(OURS, null, '\t').replaceAll('\n', '\n\t\t')}\n\t}\n}\n`,
    },
    {
      name: 'an outdated ssg-governance entry',
      mcp: json({ mcpServers: { 'ssg-governance': { command: 'old' } }, x: 1 }),
      want: json({ mcpServers: { 'ssg-governance': OURS }, x: 1 }),
      uninstalled: json({ x: 1 }),
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.mcp !== undefined) fx.write(MCP, tc.mcp);
      fx.write(USER_RULE, '---\nalwaysApply: false\n---\nTabs.\n');
      install();
      assert.equal(fx.read(MCP), tc.want);
      assert.equal(fx.read(RULE), CURSOR_RULE);
      const installed = fx.snapshot();
      install();
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(RULE), undefined);
      assert.equal(fx.read(USER_RULE), '---\nalwaysApply: false\n---\nTabs.\n');
      assert.equal(fx.read(MCP), tc.uninstalled ?? tc.mcp);
    });
  }

  it('writes a rule Cursor applies always, asking for ssg_evaluate', () => {
    assert.match(CURSOR_RULE, /^---\ndescription: .+\nalwaysApply: true\n---\n/);
    assert.match(CURSOR_RULE, /^Before every tool use .*call the `ssg_evaluate` tool/ms);
  });

  const malformed = ['{"mcpServers": ', '{"mcpServers": []}', '// note\n{}', '[]', '"x"'];
  for (const content of malformed) {
    it(`refuses mcp.json ${JSON.stringify(content)}, writing nothing`, () => {
      fx.write(MCP, content);
      assert.throws(install, ConfigFileError);
      assert.equal(fx.read(MCP), content);
      assert.equal(fx.read(RULE), undefined);
    });
  }

  it('reports what is missing until installed with ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => cursorInstaller.problems(fx.target));
    assert.match(problems().join('\n'), /mcp\.json does not exist\n.*ssg-governance\.mdc does not exist/);
    install();
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so Cursor cannot start the MCP server']);
    fx.write(MCP, '{oops');
    assert.match(problems().join('\n'), /not valid JSON/);
    fx.write(MCP, '{}');
    assert.match(problems().join('\n'), /has no mcpServers\.ssg-governance/);
  });
});
