import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';

describe('ssg eval (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.write(
      'other/.ssg/rules/other.rules',
      'rule other-only {\n  DENY execution\n  IF command EQUALS "ls"\n  MESSAGE "other project"\n}\n',
    );
    ws.write(
      'explicit.rules',
      'rule explicit-only {\n  DENY read\n  IF path ENDS_WITH ".pem"\n  MESSAGE "no keys"\n}\n',
    );
    ws.trust('project');
    ws.trust('other');
  });
  after(() => ws.cleanup());

  const call = (tool: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
    JSON.stringify({ tool, input, ...extra });

  const cases: Array<{
    name: string;
    args?: string[];
    input: () => string;
    env?: Record<string, string>;
    want: Record<string, unknown>;
  }> = [
    {
      name: 'block',
      input: () => call('Bash', { command: 'sudo rm -rf / --no-preserve-root' }),
      want: { decision: 'block', rule_id: 'no-rm-root', reason: 'Recursive delete of / is blocked.' },
    },
    {
      name: 'no matching rule',
      input: () => call('Bash', { command: 'ls -la' }),
      want: { decision: 'allow', rule_id: null, reason: null },
    },
    {
      name: 'ask adds the prompt',
      input: () => call('Bash', { command: 'git push origin main' }),
      want: { decision: 'ask', rule_id: 'ask-push', reason: 'Pushing changes.', prompt: 'Push to the remote?' },
    },
    {
      name: 'force adds the substitute',
      input: () => call('Bash', { command: 'npm install left-pad' }),
      want: { decision: 'force', rule_id: 'use-pnpm', reason: 'This project uses pnpm.', substitute: 'pnpm install' },
    },
    {
      name: 'log',
      input: () => call('WebFetch', { url: 'https://example.com' }),
      want: { decision: 'log', rule_id: 'audit-fetch', reason: 'Fetching a URL.' },
    },
    {
      name: 'generic classification: TodoWrite is a write',
      input: () => call('TodoWrite', { todos: [] }),
      want: { decision: 'block', rule_id: 'no-todo-writes' },
    },
    {
      name: '--client claude-code: TodoWrite is agent bookkeeping',
      args: ['--client', 'claude-code'],
      input: () => call('TodoWrite', { todos: [] }),
      want: { decision: 'allow', rule_id: null },
    },
    {
      name: '"client" in the input selects the adapter',
      input: () => call('TodoWrite', { todos: [] }, { client: 'claude-code' }),
      want: { decision: 'allow' },
    },
    {
      name: 'SSG_CLIENT selects the adapter',
      env: { SSG_CLIENT: 'claude-code' },
      input: () => call('TodoWrite', { todos: [] }),
      want: { decision: 'allow' },
    },
    {
      name: 'Claude Code detected from its environment',
      env: { CLAUDE_CODE_ENTRYPOINT: 'cli' },
      input: () => call('TodoWrite', { todos: [] }),
      want: { decision: 'allow' },
    },
    {
      name: '"cwd" in the input picks that project\'s rules',
      input: () => call('Bash', { command: 'ls' }, { cwd: `${ws.root}/other` }),
      want: { decision: 'block', rule_id: 'other-only' },
    },
    {
      name: '--rules replaces the default rules',
      args: ['--rules', '../explicit.rules'],
      input: () => call('Read', { file_path: '/home/me/key.pem' }),
      want: { decision: 'block', rule_id: 'explicit-only' },
    },
    {
      name: '--rules: the project rules no longer apply',
      args: ['--rules', '../explicit.rules'],
      input: () => call('Bash', { command: 'rm -rf /' }),
      want: { decision: 'allow', rule_id: null },
    },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const run = ws.run(['eval', ...(tc.args ?? [])], { input: tc.input(), ...(tc.env ? { env: tc.env } : {}) });
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stderr, '');
      const lines = run.stdout.split('\n');
      assert.equal(lines.length, 2, 'one JSON line');
      const result = JSON.parse(lines[0]!) as Record<string, unknown>;
      for (const [key, value] of Object.entries(tc.want)) assert.deepEqual(result[key], value, key);
      assert.equal(typeof result.duration_ms, 'number');
      assert.equal('matched' in result, false);
    });
  }

  it('--explain adds the matched conditions', () => {
    const run = ws.run(['eval', '--explain'], { input: call('Bash', { command: 'rm -rf /' }) });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { matched: Array<{ field: string; value: string }> };
    assert.ok(Array.isArray(result.matched));
    assert.ok(
      result.matched.some((m) => m.field === 'command' && m.value === 'rm -rf /'),
      run.stdout,
    );
  });

  it('reports parse errors on stderr and still applies the other rules', () => {
    const broken = ws.write(
      'broken.rules',
      `rule broken {\n  DENY execution\n  IF command FROBNICATES "x"\n}\n\n${SAMPLE_RULES}`,
    );
    const run = ws.run(['eval', '--rules', broken], { input: call('Bash', { command: 'rm -rf /' }) });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /broken\.rules:3:\d+: error: /);
    assert.equal((JSON.parse(run.stdout) as { rule_id: string }).rule_id, 'no-rm-root');
  });

  const errors: Array<{ name: string; args?: string[]; input: string | Buffer; status: number; stderr: RegExp }> = [
    {
      name: 'malformed JSON',
      input: '{"tool": "Bash", "input": {',
      status: 3,
      stderr: /^ssg eval: stdin is not valid JSON \(.+\) — send \{"tool": "\.\.\.", "input": \{\.\.\.\}\}\n$/,
    },
    { name: 'empty stdin', input: '', status: 3, stderr: /^ssg eval: stdin is empty — send/ },
    { name: 'whitespace only', input: '  \n', status: 3, stderr: /^ssg eval: stdin is empty/ },
    {
      name: 'an array',
      input: '[{"tool":"Bash","input":{}}]',
      status: 3,
      stderr: /^ssg eval: stdin is an array, not a JSON object — /,
    },
    {
      name: 'input a string',
      input: '{"tool":"Bash","input":"rm -rf /"}',
      status: 3,
      stderr: /^ssg eval: "input" must be a JSON object, got a string — /,
    },
    {
      name: 'tool missing',
      input: '{"input":{}}',
      status: 3,
      stderr: /"tool" must be a non-empty string, got nothing/,
    },
    {
      name: 'binary garbage',
      input: Buffer.from([0xff, 0xfe, 0x00, 0x01]),
      status: 3,
      stderr: /stdin is not valid JSON/,
    },
    {
      name: 'huge stdin',
      input: `{"tool":"Bash","input":{"command":"${'x'.repeat(9 * 1024 * 1024)}"}}`,
      status: 3,
      stderr: /^ssg eval: stdin is larger than 8 MiB — /,
    },
    {
      name: 'unknown option',
      args: ['--frobnicate'],
      input: '{}',
      status: 2,
      stderr: /^ssg eval: unknown option '--frobnicate' — run `ssg eval --help` for usage\n$/,
    },
    {
      name: 'unexpected argument',
      args: ['now'],
      input: '{}',
      status: 2,
      stderr: /^ssg eval: unexpected argument 'now'/,
    },
    {
      name: '--rules without a value',
      args: ['--rules'],
      input: '{}',
      status: 2,
      stderr: /^ssg eval: option --rules needs a value/,
    },
    {
      name: 'unknown client',
      args: ['--client', 'cursr'],
      input: '{"tool":"Bash","input":{}}',
      status: 2,
      stderr: /^ssg eval: unknown client 'cursr' — use one of: aider, antigravity, claude-code, .+, replit, generic /,
    },
    {
      name: 'missing --rules path',
      args: ['--rules', 'nowhere/at/all.rules'],
      input: '{"tool":"Bash","input":{}}',
      status: 4,
      stderr: /^ssg eval: rules path \S+nowhere\/at\/all\.rules does not exist — check the --rules paths/,
    },
  ];
  for (const tc of errors) {
    it(`exits ${tc.status} on ${tc.name}, with one line on stderr and nothing on stdout`, () => {
      const run = ws.run(['eval', ...(tc.args ?? [])], { input: tc.input });
      assert.equal(run.status, tc.status, run.stderr);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, tc.stderr);
      assert.equal(run.stderr.trimEnd().split('\n').length, 1, 'one line, no stack trace');
    });
  }
});
