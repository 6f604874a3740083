import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';

const meta = (name: string): string =>
  JSON.stringify({ kind: 'meta', name, description: 'test', claude_code_version: '2.1.0', tags: ['test'] });
const step = (toolName: string, toolInput: Record<string, unknown>, expected: string, ruleId?: string | null): string =>
  JSON.stringify({
    kind: 'step',
    tool_name: toolName,
    tool_input: toolInput,
    expected_decision: expected,
    ...(ruleId !== undefined ? { expected_rule_id: ruleId } : {}),
  });

describe('ssg certify (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/rules/sample.rules', SAMPLE_RULES);
    ws.write(
      'project/pass/a-shell.jsonl',
      [
        meta('shell'),
        step('Bash', { command: 'rm -rf /' }, 'block', 'no-rm-root'),
        step('Bash', { command: 'ls' }, 'allow', null),
        step('Bash', { command: 'npm install x' }, 'force'),
        '',
      ].join('\n'),
    );
    ws.write(
      'project/pass/b-files.jsonl',
      [
        meta('files'),
        step('Write', { file_path: '/p/x.env', content: '' }, 'ask', 'ask-env-files'),
        step('TodoWrite', { todos: [] }, 'allow'),
      ].join('\n'),
    );
    ws.write('project/pass/notes.txt', 'not a scenario');
    ws.write(
      'project/fail/mixed.jsonl',
      [
        meta('mixed'),
        step('Bash', { command: 'rm -rf /' }, 'block'),
        step('Bash', { command: 'git push' }, 'allow'),
        step('WebFetch', { url: 'https://x' }, 'log', 'some-other-rule'),
        step('Bash', { command: 'ls' }, 'allow', 'no-rm-root'),
      ].join('\n'),
    );
  });
  after(() => ws.cleanup());

  it('prints a table of passing steps and exits 0', () => {
    const run = ws.run(['certify', '--dir', 'pass', '--rules', 'rules/sample.rules']);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^scenario\s+step\s+tool\s+expected\s+got$/);
    assert.match(lines[2]!, /^shell\s+1\s+Bash\s+block \(no-rm-root\)\s+block \(no-rm-root\)\s+✓$/);
    assert.match(lines[4]!, /^shell\s+3\s+Bash\s+force\s+force \(use-pnpm\)\s+✓$/);
    assert.match(lines[5]!, /^files\s+1\s+Write\s+ask \(ask-env-files\)\s+ask \(ask-env-files\)\s+✓$/);
    assert.equal(lines.at(-1), 'certify: 5 passed, 0 failed');
  });

  it('marks failing steps, explains them and exits 1', () => {
    const run = ws.run(['certify', '--dir=fail', '--rules', 'rules/sample.rules']);
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^mixed\s+1\s+Bash\s+block\s+block \(no-rm-root\)\s+✓$/m);
    assert.match(run.stdout, /^mixed\s+2\s+Bash\s+allow\s+ask \(ask-push\)\s+✗$/m);
    assert.match(run.stdout, /^mixed\s+3\s+WebFetch\s+log \(some-other-rule\)\s+log \(audit-fetch\)\s+✗$/m);
    assert.match(run.stdout, /^mixed\s+4\s+Bash\s+allow \(no-rm-root\)\s+allow\s+✗$/m);
    assert.match(
      run.stdout,
      /^✗ mixed step 2 \(\S+mixed\.jsonl:3\) \{"command":"git push"\} — expected allow, got ask \(ask-push\): Pushing changes\.$/m,
    );
    assert.match(run.stdout, /certify: 1 passed, 3 failed\n$/);
  });

  it('--json reports every step', () => {
    const run = ws.run(['certify', '--dir', 'fail', '--rules', 'rules/sample.rules', '--json']);
    assert.equal(run.status, 1);
    const json = JSON.parse(run.stdout) as {
      passed: number;
      failed: number;
      scenarios: Array<{
        name: string;
        steps: Array<{ step: number; passed: boolean; got: { decision: string; rule_id: string | null } }>;
      }>;
    };
    assert.equal(json.passed, 1);
    assert.equal(json.failed, 3);
    assert.deepEqual(
      json.scenarios[0]!.steps.map((s) => [s.step, s.passed, s.got.decision, s.got.rule_id]),
      [
        [1, true, 'block', 'no-rm-root'],
        [2, false, 'ask', 'ask-push'],
        [3, false, 'log', 'audit-fetch'],
        [4, false, 'allow', null],
      ],
    );
  });

  it('gives the verdict `ssg hook eval` gives for the same call', () => {
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.trust();
    const hook = ws.run(['hook', 'eval'], {
      input: JSON.stringify({
        cwd: ws.project,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'git push' },
      }),
    });
    assert.match(hook.stdout, /"permissionDecision":"ask"/);
    const certify = ws.run(['certify', '--dir', 'fail', '--json']);
    assert.match(certify.stdout, /"decision": "ask",\s+"rule_id": "ask-push"/);
  });

  const malformed: Array<{ name: string; files: Record<string, string>; stderr: RegExp }> = [
    {
      name: 'a malformed line',
      files: { 'bad.jsonl': `${meta('x')}\n{"kind":"step",` },
      stderr: /bad\.jsonl:2: not valid JSON/,
    },
    {
      name: 'a missing meta line',
      files: { 'bad.jsonl': step('Bash', {}, 'allow') },
      stderr: /bad\.jsonl:1: the first line must be the meta line/,
    },
    {
      name: 'a bad decision',
      files: { 'bad.jsonl': `${meta('x')}\n${step('Bash', {}, 'deny')}` },
      stderr: /bad\.jsonl:2: "expected_decision" must be one of allow\|block\|log\|shadow\|ask\|force, got "deny"/,
    },
  ];
  for (const tc of malformed) {
    it(`exits 3 on ${tc.name}, naming file and line`, () => {
      const dir = `malformed-${tc.name.replace(/\W+/g, '-')}`;
      for (const [name, content] of Object.entries(tc.files)) ws.write(`project/${dir}/${name}`, content);
      const run = ws.run(['certify', '--dir', dir, '--rules', 'rules/sample.rules']);
      assert.equal(run.status, 3);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, tc.stderr);
      assert.match(
        run.stderr,
        /ssg certify: 1 problem in the scenario files \(listed above\) — fix the lines named above\n$/,
      );
    });
  }

  const usage: Array<{ name: string; args: string[]; status: number; stderr: RegExp }> = [
    { name: 'no --dir', args: ['certify'], status: 2, stderr: /^ssg certify: --dir is required — / },
    {
      name: 'a --dir that does not exist',
      args: ['certify', '--dir', 'nowhere'],
      status: 2,
      stderr: /--dir \S+nowhere is not a folder/,
    },
    {
      name: 'a --dir without scenarios',
      args: ['certify', '--dir', 'rules'],
      status: 3,
      stderr: /no \*\.jsonl scenario files in/,
    },
    {
      name: 'a missing --rules path',
      args: ['certify', '--dir', 'pass', '--rules', 'x.rules'],
      status: 4,
      stderr: /x\.rules does not exist/,
    },
  ];
  for (const tc of usage) {
    it(`exits ${tc.status} on ${tc.name}`, () => {
      const run = ws.run(tc.args);
      assert.equal(run.status, tc.status, run.stderr);
      assert.match(run.stderr, tc.stderr);
    });
  }
});

describe('ssg certify against the shipped scenarios', () => {
  const repo = join(import.meta.dirname, '..', '..', '..', '..');
  const scenariosDir = join(repo, 'resources', 'scenarios');
  const sets = existsSync(scenariosDir)
    ? readdirSync(scenariosDir).filter((name) => existsSync(join(repo, 'resources', 'rules', `${name}.rules`)))
    : [];
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
  });
  after(() => ws.cleanup());

  for (const set of sets) {
    it(`${set}: every step passes`, () => {
      const run = ws.run([
        'certify',
        '--dir',
        join(scenariosDir, set),
        '--rules',
        join(repo, 'resources', 'rules', `${set}.rules`),
      ]);
      assert.equal(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /certify: [1-9]\d* passed, 0 failed\n$/);
    });
  }
});
