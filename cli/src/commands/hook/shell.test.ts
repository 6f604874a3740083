import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';

// Proves the call is the shell hooks' one: a `bash` tool call, judged as execution.
const TOOL_RULE = `
rule shell-tool {
  DENY execution
  IF tool EQUALS "bash" AND command STARTS_WITH "shutdown"
  MESSAGE "No shutdown from a shell hook."
}
`;

describe('ssg hook shell (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES + TOOL_RULE);
    ws.trust();
  });
  after(() => ws.cleanup());

  const input = (fields: Record<string, unknown>): string => JSON.stringify({ cwd: ws.project, ...fields });

  const verdicts: Array<{ name: string; input: () => string; status: number; stderr: string }> = [
    {
      name: 'block → exit 1 with the rule and message',
      input: () => input({ command: 'rm -rf /' }),
      status: 1,
      stderr: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.\n',
    },
    {
      name: 'force → exit 1 with what to run instead',
      input: () => input({ command: 'npm install express' }),
      status: 1,
      stderr: 'ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install\n',
    },
    {
      name: 'ask with no daemon → exit 1: approval is required and nobody can be asked',
      input: () => input({ command: 'git push origin main' }),
      status: 1,
      stderr:
        'ssg blocked this (rule ask-push): it needs approval (Push to the remote?), ' +
        'and no ssg daemon is running to ask for it (start it with `ssg daemon` to approve such commands).\n',
    },
    {
      name: 'the call is the bash tool',
      input: () => input({ command: 'shutdown -h now' }),
      status: 1,
      stderr: 'ssg blocked this (rule shell-tool): No shutdown from a shell hook.\n',
    },
    {
      name: 'a blocked command hidden in a compound command',
      input: () => input({ command: 'echo start && rm -rf / ; echo done' }),
      status: 1,
      stderr: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.\n',
    },
    { name: 'no matching rule → exit 0, silent', input: () => input({ command: 'ls -la' }), status: 0, stderr: '' },
    { name: 'an empty command → exit 0', input: () => input({ command: '' }), status: 0, stderr: '' },
    {
      name: 'a client name is accepted',
      input: () => input({ command: 'rm -rf /', client: 'aider' }),
      status: 1,
      stderr: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.\n',
    },
    {
      name: 'a cwd without rules → exit 0',
      input: () => input({ command: 'rm -rf /tmp/scratch', cwd: ws.root }),
      status: 0,
      stderr: '',
    },
  ];
  for (const tc of verdicts) {
    it(tc.name, () => {
      // From an unrelated folder, so the rules can only come from the input's cwd.
      const run = ws.run(['hook', 'shell'], { input: tc.input(), cwd: ws.root });
      assert.equal(run.stderr, tc.stderr);
      assert.equal(run.stdout, '');
      assert.equal(run.status, tc.status);
    });
  }

  it('without a cwd in the input, uses the rules of its working directory', () => {
    const command = '{"command":"rm -rf /tmp/scratch"}';
    assert.equal(ws.run(['hook', 'shell'], { input: command, cwd: ws.project }).status, 1);
    assert.equal(ws.run(['hook', 'shell'], { input: command, cwd: ws.root }).status, 0);
  });

  const fromEnv: Array<{ name: string; command: string; status: number }> = [
    { name: 'blocked', command: 'rm -rf /', status: 1 },
    { name: 'allowed', command: 'echo "it\'s fine"', status: 0 },
    { name: 'quotes, newlines and a blocked line', command: 'echo "a\nb" \'c\'\nrm -rf /\n', status: 1 },
    { name: 'JSON-looking text is just a command', command: '{"command":"rm -rf /"}', status: 1 },
  ];
  for (const tc of fromEnv) {
    it(`--command-from-env: ${tc.name}`, () => {
      const run = ws.run(['hook', 'shell', '--command-from-env', 'MY_COMMAND'], {
        env: { MY_COMMAND: tc.command },
        input: '{"command":"ls"}',
      });
      assert.equal(run.status, tc.status);
      if (tc.status === 0) assert.equal(run.stderr, '');
      else assert.match(run.stderr, /^ssg blocked this \(rule no-rm-root\)/);
    });
  }

  const failures: Array<{ name: string; args?: string[]; input: string | Buffer; problem: RegExp }> = [
    { name: 'empty stdin', input: '', problem: /stdin is empty/ },
    { name: 'not JSON', input: '{"command":', problem: /not valid JSON/ },
    { name: 'an array', input: '["rm -rf /"]', problem: /an array, not a JSON object/ },
    { name: 'command missing', input: '{"cwd":"/"}', problem: /"command" must be a string, got nothing/ },
    { name: 'command not a string', input: '{"command":["rm","-rf","/"]}', problem: /"command" must be a string/ },
    { name: 'cwd not a string', input: '{"command":"ls","cwd":7}', problem: /"cwd" must be a string, got a number/ },
    { name: 'binary garbage', input: Buffer.from([0xff, 0xfe, 0x00, 0x01]), problem: /not valid JSON/ },
    { name: 'over 8 MiB', input: `{"command":"${'a'.repeat(9 * 1024 * 1024)}"}`, problem: /larger than 8 MiB/ },
    { name: 'unset variable', args: ['--command-from-env', 'NOT_SET'], input: '', problem: /NOT_SET is not set/ },
    { name: 'unknown arguments', args: ['--frobnicate'], input: '{"command":"ls"}', problem: /unexpected arguments/ },
  ];
  for (const tc of failures) {
    it(`fails open: ${tc.name}`, () => {
      const run = ws.run(['hook', 'shell', ...(tc.args ?? [])], { input: tc.input });
      assert.equal(run.status, 0);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, tc.problem);
      assert.match(run.stderr, /^ssg hook shell: .* — the command was not evaluated \(fail-open\)\n$/);
    });
  }

  it('fails closed when the sentinel exists: what cannot be evaluated, or reach the daemon, is blocked', () => {
    const sentinel = join(ws.home, 'fail-closed');
    writeFileSync(sentinel, '');
    try {
      const broken = ws.run(['hook', 'shell'], { input: 'not json' });
      assert.equal(broken.status, 1);
      assert.match(broken.stderr, /^This call could not be evaluated \(stdin is not valid JSON/);
      assert.match(broken.stderr, /fail-closed layer is on, so ssg blocked it\. Leave this step for a person/);
      // The agent reads this: nothing about switching protection off or the sentinel file.
      assert.doesNotMatch(broken.stderr, /fail-closed\b(?! layer)|sleep off|remove|fail open/i);
      const harmless = ws.run(['hook', 'shell'], { input: input({ command: 'ls' }) });
      assert.equal(harmless.status, 1);
      assert.match(
        harmless.stderr,
        /rule ssg_fail_closed\): This call could not be evaluated \(ssg's daemon is unreachable/,
      );
    } finally {
      rmSync(sentinel);
    }
  });

  it('reports broken rule files on stderr and still judges with the rest', () => {
    const broken = new Workspace();
    try {
      broken.write('project/.ssg/rules/a.rules', SAMPLE_RULES);
      broken.write('project/.ssg/rules/b.rules', 'rule broken {\n  DENY nonsense\n');
      broken.trust();
      const run = broken.run(['hook', 'shell'], { input: '{"command":"rm -rf /"}' });
      assert.equal(run.status, 1);
      assert.match(run.stderr, /b\.rules/);
      assert.match(run.stderr, /ssg blocked this \(rule no-rm-root\)/);
    } finally {
      broken.cleanup();
    }
  });

  it('`ssg hook shell --help` prints the usage', () => {
    const run = ws.run(['hook', 'shell', '--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /ssg hook shell/);
  });
});
