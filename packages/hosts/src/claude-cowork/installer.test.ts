import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { MARKDOWN_BLOCK_END, MARKDOWN_BLOCK_START } from '../config-edit/markdown-block';
import { COWORK_PROMPT, claudeCoworkInstaller } from './installer';

const PROMPT = 'project/CLAUDE_COWORK.md';
const MCP = 'home/.claude/mcp.json';
const OURS = { command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'claude-cowork' } };
const BLOCK = `${MARKDOWN_BLOCK_START}\n${COWORK_PROMPT.trimEnd()}\n${MARKDOWN_BLOCK_END}\n`;
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('claude-cowork installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());
  const install = () => claudeCoworkInstaller.install(fx.target, new InstallReport());
  const uninstall = () => claudeCoworkInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{ name: string; prompt?: string; mcp?: string; wantPrompt: string; wantMcp: string }> = [
    {
      name: 'nothing before',
      wantPrompt: BLOCK,
      wantMcp: json({ mcpServers: { 'ssg-governance': OURS } }),
    },
    {
      name: 'a user prompt and other servers',
      prompt: '# Team notes\n\nBe brief.\n',
      mcp: json({ mcpServers: { docs: { command: 'docs' } } }),
      wantPrompt: `# Team notes\n\nBe brief.\n\n${BLOCK}`,
      wantMcp: json({ mcpServers: { docs: { command: 'docs' }, 'ssg-governance': OURS } }),
    },
    {
      name: 'stray markers in the user text',
      prompt: `Do not type ${MARKDOWN_BLOCK_END} or ${MARKDOWN_BLOCK_START} here.\n`,
      wantPrompt: `Do not type ${MARKDOWN_BLOCK_END} or ${MARKDOWN_BLOCK_START} here.\n\n${BLOCK}`,
      wantMcp: json({ mcpServers: { 'ssg-governance': OURS } }),
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.prompt !== undefined) fx.write(PROMPT, tc.prompt);
      if (tc.mcp !== undefined) fx.write(MCP, tc.mcp);
      install();
      assert.equal(fx.read(PROMPT), tc.wantPrompt);
      assert.equal(fx.read(MCP), tc.wantMcp);
      const installed = fx.snapshot();
      install();
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(PROMPT), tc.prompt);
      assert.equal(fx.read(MCP), tc.mcp);
    });
  }

  it('replaces an outdated block in place', () => {
    fx.write(PROMPT, `top\n${MARKDOWN_BLOCK_START}\nold text\n${MARKDOWN_BLOCK_END}\nbottom\n`);
    install();
    assert.equal(fx.read(PROMPT), `top\n${BLOCK}bottom\n`);
  });

  it('asks for ssg_evaluate before computer-use actions too', () => {
    assert.match(COWORK_PROMPT, /`ssg_evaluate`/);
    assert.match(COWORK_PROMPT, /computer-use action/);
  });

  const malformed = ['{"mcpServers": "x"}', '{', 'null'];
  for (const content of malformed) {
    it(`refuses ~/.claude/mcp.json ${JSON.stringify(content)}, writing nothing`, () => {
      fx.write(MCP, content);
      assert.throws(install, ConfigFileError);
      assert.equal(fx.read(MCP), content);
      assert.equal(fx.read(PROMPT), undefined);
    });
  }

  it('reports what is missing until installed with ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => claudeCoworkInstaller.problems(fx.target));
    assert.equal(problems().length, 2);
    fx.write(PROMPT, '# notes\n');
    assert.match(problems().join('\n'), /CLAUDE_COWORK\.md has no governance prompt block/);
    install();
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), ['`ssg` is not on PATH, so Claude Cowork cannot start the MCP server']);
  });
});
