import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ConfigFileError } from '../config-edit/config-file-error';
import { InstallFixture } from '../install/install-fixture.testing';
import { InstallReport } from '../install/install-report';
import { MARKDOWN_BLOCK_END, MARKDOWN_BLOCK_START } from '../config-edit/markdown-block';
import { COPILOT_INSTRUCTIONS, copilotHooksFile, copilotInstaller } from './installer';

const COPILOT_HOOKS_FILE = copilotHooksFile('ssg');

const MCP = 'project/.vscode/mcp.json';
const INSTRUCTIONS = 'project/.github/copilot-instructions.md';
const HOOKS = 'home/.copilot/hooks/ssg-governance.json';
const OURS = { type: 'stdio', command: 'ssg', args: ['mcp-server'], env: { SSG_CLIENT: 'copilot' } };
const BLOCK = `${MARKDOWN_BLOCK_START}\n${COPILOT_INSTRUCTIONS.trimEnd()}\n${MARKDOWN_BLOCK_END}\n`;
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('copilot installer', () => {
  let fx: InstallFixture;
  beforeEach(() => (fx = new InstallFixture()));
  afterEach(() => fx.cleanup());
  const install = () => copilotInstaller.install(fx.target, new InstallReport());
  const uninstall = () => copilotInstaller.uninstall(fx.target, new InstallReport());

  const cases: Array<{
    name: string;
    mcp?: string;
    instructions?: string;
    wantMcp: string;
    wantInstructions: string;
  }> = [
    { name: 'nothing before', wantMcp: json({ servers: { 'ssg-governance': OURS } }), wantInstructions: BLOCK },
    {
      name: 'other servers, inputs and instructions',
      mcp: json({ inputs: [{ id: 'k' }], servers: { gh: { type: 'http', url: 'https://g' } } }),
      instructions: '# Conventions\n\nUse pnpm.\n',
      wantMcp: json({
        inputs: [{ id: 'k' }],
        servers: { gh: { type: 'http', url: 'https://g' }, 'ssg-governance': OURS },
      }),
      wantInstructions: `# Conventions\n\nUse pnpm.\n\n${BLOCK}`,
    },
    {
      name: 'instructions already mentioning SSG Governance: left alone',
      instructions: '## SSG Governance\n\nOur own wording.\n',
      wantMcp: json({ servers: { 'ssg-governance': OURS } }),
      wantInstructions: '## SSG Governance\n\nOur own wording.\n',
    },
  ];
  for (const tc of cases) {
    it(`${tc.name}: installs, changes nothing the second time, uninstalls`, () => {
      if (tc.mcp !== undefined) fx.write(MCP, tc.mcp);
      if (tc.instructions !== undefined) fx.write(INSTRUCTIONS, tc.instructions);
      install();
      assert.equal(fx.read(MCP), tc.wantMcp);
      assert.equal(fx.read(INSTRUCTIONS), tc.wantInstructions);
      assert.equal(fx.read(HOOKS), COPILOT_HOOKS_FILE);
      const installed = fx.snapshot();
      install();
      assert.deepEqual(fx.snapshot(), installed);
      uninstall();
      assert.equal(fx.read(MCP), tc.mcp);
      assert.equal(fx.read(INSTRUCTIONS), tc.instructions);
      assert.equal(fx.read(HOOKS), undefined);
    });
  }

  it('keeps its own block current', () => {
    fx.write(INSTRUCTIONS, `x\n\n${MARKDOWN_BLOCK_START}\n## SSG Governance\nold\n${MARKDOWN_BLOCK_END}\n`);
    install();
    assert.equal(fx.read(INSTRUCTIONS), `x\n\n${BLOCK}`);
  });

  it('writes the Copilot CLI hook file of the spec', () => {
    const hook = { type: 'command', bash: 'ssg hook copilot', timeoutSec: 30 };
    assert.deepEqual(JSON.parse(COPILOT_HOOKS_FILE), {
      version: 1,
      hooks: { preToolUse: [hook], postToolUse: [hook] },
    });
  });

  it('rewrites a hook file of ours that was edited', () => {
    fx.write(HOOKS, '{"version": 1, "hooks": {}}');
    install();
    assert.equal(fx.read(HOOKS), COPILOT_HOOKS_FILE);
  });

  // VS Code reads mcp.json as JSON with comments: ssg keeps them, and edits around them.
  it('installs into an mcp.json with comments and trailing commas, keeping them; uninstall leaves them', () => {
    const before = '{\n  // my servers\n  "servers": {\n    "gh": { "type": "http", "url": "https://g" },\n  },\n}\n';
    fx.write(MCP, before);
    install();
    const installed = fx.read(MCP)!;
    assert.match(installed, /\/\/ my servers/);
    assert.match(installed, /"ssg-governance": \{\n {6}"type": "stdio"/);
    install();
    assert.equal(fx.read(MCP), installed);
    uninstall();
    const after = fx.read(MCP)!;
    assert.match(after, /\/\/ my servers/);
    assert.match(after, /"gh"/);
    assert.doesNotMatch(after, /ssg-governance/);
  });

  const malformed = ['{\n  "servers": {\n', '{"servers": ["ssg"]}', '[]'];
  for (const content of malformed) {
    it(`refuses .vscode/mcp.json ${JSON.stringify(content)}, writing nothing`, () => {
      fx.write(MCP, content);
      assert.throws(install, ConfigFileError);
      assert.equal(fx.read(MCP), content);
      assert.equal(fx.read(INSTRUCTIONS), undefined);
      assert.equal(fx.read(HOOKS), undefined);
    });
  }

  it('reports what is missing until installed with ssg on PATH', () => {
    const problems = (ssgOnPath = true) => fx.withPath(ssgOnPath, () => copilotInstaller.problems(fx.target));
    assert.equal(problems().length, 3);
    install();
    assert.deepEqual(problems(), []);
    assert.deepEqual(problems(false), [
      'the hook runs `ssg hook copilot`, but ssg does not exist, so the host cannot run it: run `ssg init` again',
      '`ssg` is not on PATH, so VS Code cannot start the MCP server',
    ]);
    fx.write(MCP, json({ mcpServers: { 'ssg-governance': OURS } }));
    assert.match(problems().join('\n'), /mcp\.json has no servers\.ssg-governance/);
  });
});
