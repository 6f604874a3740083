import assert from 'node:assert/strict';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';
import { breakerDir } from '@ssg/hosts/hook/circuit-breaker';
import { bundledRulesDir } from '@ssg/node/resources';

interface HookJson {
  systemMessage?: string;
  hookSpecificOutput?: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string };
}

describe('ssg hook eval (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.trust();
  });
  after(() => ws.cleanup());

  const payload = (toolName: string, toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
    JSON.stringify({
      session_id: 'session-1',
      transcript_path: '/tmp/transcript.jsonl',
      cwd: ws.project,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: toolName,
      tool_input: toolInput,
      tool_use_id: 'toolu_01',
      ...extra,
    });

  /** Runs the hook from an unrelated folder, so rules can only come from the payload's cwd. */
  const hook = (input: string | Buffer, env?: Record<string, string>) => {
    const run = ws.run(['hook', 'eval'], { input, cwd: ws.root, ...(env ? { env } : {}) });
    assert.equal(run.status, 0, 'a hook always exits 0');
    return run;
  };

  const decisions: Array<{ name: string; input: () => string; want: HookJson['hookSpecificOutput'] | null }> = [
    {
      name: 'block → deny with the rule and message',
      input: () => payload('Bash', { command: 'rm -rf /' }, { session_id: 'decisions-1' }),
      want: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.',
      },
    },
    {
      name: 'force → deny that says what to run instead',
      input: () => payload('Bash', { command: 'npm install express' }, { session_id: 'decisions-2' }),
      want: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          'ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install',
      },
    },
    {
      name: 'ask → ask with the prompt',
      input: () => payload('Bash', { command: 'git push' }),
      want: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'ssg asks (rule ask-push): Push to the remote?',
      },
    },
    {
      name: 'a write with an AWS key → deny',
      input: () =>
        payload(
          'Write',
          { file_path: `${ws.project}/a.ts`, content: 'const k = "AKIAABCDEFGHIJKLMNOP";' },
          { session_id: 'decisions-3' },
        ),
      want: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'ssg blocked this (rule no-aws-keys): Do not write AWS keys.',
      },
    },
    {
      name: 'log → no output',
      input: () => payload('WebFetch', { url: 'https://example.com', prompt: 'x' }),
      want: null,
    },
    { name: 'no matching rule → no output', input: () => payload('Bash', { command: 'ls' }), want: null },
    {
      name: 'TodoWrite is agent bookkeeping for Claude Code → no output',
      input: () => payload('TodoWrite', { todos: [] }),
      want: null,
    },
    {
      name: 'a call from a folder without rules → no output',
      input: () => payload('Bash', { command: 'rm -rf /tmp/scratch' }, { cwd: ws.root }),
      want: null,
    },
  ];
  for (const tc of decisions) {
    it(tc.name, () => {
      const run = hook(tc.input());
      assert.equal(run.stderr, '');
      if (tc.want === null) assert.equal(run.stdout, '');
      else assert.deepEqual((JSON.parse(run.stdout) as HookJson).hookSpecificOutput, tc.want);
    });
  }

  it('caches the prepared rules in the home, so the next process skips parsing and regex analysis', () => {
    hook(payload('Bash', { command: 'ls' }));
    const entries = readdirSync(join(ws.home, 'cache', 'rules'));
    assert.equal(entries.length, 1);
    assert.match(entries[0]!, /^[0-9a-f]{32}\.json$/);
  });

  it('runs the hook bundle from a V8 code cache that later runs accept, and replaces a damaged one', () => {
    const input = payload('Bash', { command: 'git push' });
    const first = hook(input);
    const dir = join(ws.home, 'cache', 'code');
    const names = readdirSync(dir);
    assert.equal(names.length, 1);
    assert.match(names[0]!, /^hook-[0-9a-f]{16}-v\d+\.\d+\.\d+-\w+\.bin$/);
    const file = join(dir, names[0]!);
    const written = statSync(file);
    assert.deepEqual(hook(input), first);
    assert.equal(
      statSync(file).ino,
      written.ino,
      'accepted, so not written again (the launcher sets the engine’s V8 flags)',
    );
    writeFileSync(file, 'damaged');
    writeFileSync(join(dir, 'hook-0123456789abcdef-v1.0.0-x64.bin'), 'of an earlier build');
    assert.deepEqual(hook(input), first);
    assert.ok(statSync(file).size > 10_000, 'rejected by V8 and written anew');
    assert.deepEqual(readdirSync(dir), names, 'the earlier build’s cache removed, no temp files left');
  });

  it('answers the same from the cache, and from a corrupt cache entry, which it rewrites', () => {
    const input = payload('Bash', { command: 'git push' });
    const first = hook(input);
    assert.equal((JSON.parse(first.stdout) as HookJson).hookSpecificOutput?.permissionDecision, 'ask');
    const [entry] = readdirSync(join(ws.home, 'cache', 'rules')).map((name) => join(ws.home, 'cache', 'rules', name));
    assert.deepEqual(hook(input), first);
    writeFileSync(entry!, 'garbage');
    assert.deepEqual(hook(input), first);
    assert.match(readFileSync(entry!, 'utf8'), /^\{"format":/);
  });

  it('circuit breaker: 5 denials, the 6th is let through with a warning, then denials resume (separate processes)', () => {
    // A FORCE by an ordinary rule: the breaker may override it (`rm -rf /` would reach ssg's home, which it never may).
    const deny = () => hook(payload('Bash', { command: 'npm install express' }, { session_id: 'breaker-session' }));
    const decisionOf = (stdout: string) => (JSON.parse(stdout) as HookJson).hookSpecificOutput?.permissionDecision;
    for (let i = 1; i <= 5; i++) assert.equal(decisionOf(deny().stdout), 'deny', `call ${i}`);
    const sixth = JSON.parse(deny().stdout) as HookJson;
    assert.equal(sixth.hookSpecificOutput, undefined, 'no permission decision: the host decides');
    assert.match(sixth.systemMessage ?? '', /circuit breaker/);
    assert.match(sixth.systemMessage ?? '', /after 5 blocked calls/);
    assert.match(sixth.systemMessage ?? '', /rule use-pnpm/);
    assert.equal(decisionOf(deny().stdout), 'deny', 'the count starts over');
    // An allowed call resets the count: five more denials are needed again.
    hook(payload('Bash', { command: 'ls' }, { session_id: 'breaker-session' }));
    for (let i = 1; i <= 5; i++) assert.equal(decisionOf(deny().stdout), 'deny', `after reset, call ${i}`);
    assert.match(deny().stdout, /systemMessage/);
  });

  describe('the circuit breaker never lets through', () => {
    const decisionOf = (stdout: string) => (JSON.parse(stdout) as HookJson).hookSpecificOutput?.permissionDecision;
    /** Eight denials in a row for one session: every one must stay a deny. */
    const assertAlwaysDenied = (workspace: Workspace, command: string, session: string) => {
      const input = JSON.stringify({
        session_id: session,
        cwd: workspace.project,
        tool_name: 'Bash',
        tool_input: { command },
      });
      for (let i = 1; i <= 8; i++) {
        const run = workspace.run(['hook', 'eval'], { input, cwd: workspace.root });
        assert.equal(run.status, 0);
        assert.equal(decisionOf(run.stdout), 'deny', `call ${i}: ${run.stdout}`);
        assert.doesNotMatch(run.stdout, /circuit breaker/);
      }
    };
    let guarded: Workspace;
    before(() => {
      guarded = new Workspace();
      guarded.write(
        'project/.ssg/rules/guard.rules',
        '# override: never\nrule keep-home {\n  DENY execution\n  IF command STARTS_WITH "wipe-home"\n}\n',
      );
      guarded.trust();
    });
    after(() => guarded.cleanup());

    it('a rule marked `# override: never`', () => assertAlwaysDenied(guarded, 'wipe-home now', 'never-rule'));

    it("the armed Sleep at Night bundle's rules", () => {
      mkdirSync(join(guarded.home, 'rules'), { recursive: true });
      copyFileSync(
        join(bundledRulesDir(), 'sleep-at-night.rules'),
        join(guarded.home, 'rules', 'ssg-sleep-at-night.rules'),
      );
      try {
        assertAlwaysDenied(guarded, 'rm -rf ~', 'sleep-rules');
      } finally {
        rmSync(join(guarded.home, 'rules', 'ssg-sleep-at-night.rules'));
      }
    });

    it('a fail-closed block while the daemon is down', () => {
      writeFileSync(join(guarded.home, 'fail-closed'), 'armed\n');
      try {
        assertAlwaysDenied(guarded, 'ls', 'fail-closed');
      } finally {
        rmSync(join(guarded.home, 'fail-closed'));
      }
    });
  });

  it('keeps the breaker state valid when hook processes for one session run at once', async () => {
    const input = payload('Bash', { command: 'rm -rf /' }, { session_id: 'concurrent-session' });
    const runs = await Promise.all(
      Array.from({ length: 12 }, () => ws.runAsync(['hook', 'eval'], { input, cwd: ws.root })),
    );
    for (const run of runs) {
      assert.equal(run.status, 0);
      assert.equal(run.stderr, '');
      assert.doesNotThrow(() => JSON.parse(run.stdout));
    }
    const dir = breakerDir(ws.home);
    const files = readdirSync(dir).filter((name) => !name.startsWith('.'));
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.endsWith('.tmp')),
      [],
      'no temp files left',
    );
    for (const name of files) {
      const state = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { consecutiveDenials: number };
      // Each process counts its own denial (last writer wins), so the count is a whole number of denials at most.
      assert.ok(
        Number.isInteger(state.consecutiveDenials) && state.consecutiveDenials >= 1 && state.consecutiveDenials <= 12,
        JSON.stringify(state),
      );
    }
  });

  it('still denies when the circuit breaker cannot keep its state', () => {
    const unwritable = new Workspace();
    try {
      unwritable.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
      unwritable.trust();
      writeFileSync(join(unwritable.home, 'state'), 'a file where the state folder should be');
      const input = JSON.stringify({
        session_id: 's',
        cwd: unwritable.project,
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
      });
      const run = unwritable.run(['hook', 'eval'], { input });
      assert.equal(run.status, 0);
      assert.equal((JSON.parse(run.stdout) as HookJson).hookSpecificOutput?.permissionDecision, 'deny');
      assert.match(run.stderr, /circuit breaker state not updated/);
    } finally {
      unwritable.cleanup();
    }
  });

  const garbage: Array<{ name: string; input: string | Buffer; stderr: RegExp }> = [
    { name: 'empty stdin', input: '', stderr: /stdin is empty/ },
    { name: 'not JSON', input: 'rm -rf /', stderr: /not valid JSON/ },
    { name: 'truncated JSON', input: '{"tool_name":"Bash","tool_input":{"comm', stderr: /not valid JSON/ },
    { name: 'a JSON array', input: '[]', stderr: /an array/ },
    { name: 'missing tool_name', input: '{"tool_input":{}}', stderr: /tool_name/ },
    { name: 'missing tool_input', input: '{"tool_name":"Bash"}', stderr: /tool_input/ },
    {
      name: 'another hook event',
      input: '{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{}}',
      stderr: /PreToolUse/,
    },
    { name: 'binary bytes', input: Buffer.from([0, 159, 146, 150, 255]), stderr: /not valid JSON/ },
    { name: 'huge stdin', input: Buffer.alloc(9 * 1024 * 1024, 0x61), stderr: /larger than 8 MiB/ },
  ];
  for (const tc of garbage) {
    it(`fails open on ${tc.name}: exit 0, no output, one line on stderr`, () => {
      const run = hook(tc.input);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, tc.stderr);
      assert.match(run.stderr, /fail-open/);
      assert.equal(run.stderr.trimEnd().split('\n').length, 1);
    });
  }

  describe('with rules that cannot be read', () => {
    let broken: Workspace;
    before(() => {
      broken = new Workspace();
      broken.write('ssg-home/rules/good.rules', SAMPLE_RULES);
      symlinkSync(join(broken.root, 'missing-target.rules'), join(broken.home, 'rules/dangling.rules'));
    });
    after(() => broken.cleanup());
    const brokenPayload = () =>
      JSON.stringify({
        session_id: 's',
        cwd: broken.project,
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
      });

    it('fails open', () => {
      const run = broken.run(['hook', 'eval'], { input: brokenPayload() });
      assert.equal(run.status, 0);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, /dangling\.rules does not exist — the call was not evaluated \(fail-open\)/);
    });

    it('denies instead when the fail-closed sentinel exists', () => {
      writeFileSync(join(broken.home, 'fail-closed'), '');
      try {
        const run = broken.run(['hook', 'eval'], { input: brokenPayload() });
        assert.equal(run.status, 0);
        const out = (JSON.parse(run.stdout) as HookJson).hookSpecificOutput;
        assert.equal(out?.permissionDecision, 'deny');
        assert.match(out?.permissionDecisionReason ?? '', /daemon is unreachable.*fail-closed layer is on/);
        const garbled = broken.run(['hook', 'eval'], { input: 'garbage' });
        assert.equal((JSON.parse(garbled.stdout) as HookJson).hookSpecificOutput?.permissionDecision, 'deny');
      } finally {
        rmSync(join(broken.home, 'fail-closed'));
      }
    });
  });

  it('blocks every call while the fail-closed sentinel exists and no daemon answers, even harmless ones', () => {
    writeFileSync(join(ws.home, 'fail-closed'), '');
    try {
      const blocked = hook(payload('Bash', { command: 'ls' }));
      const out = (JSON.parse(blocked.stdout) as HookJson).hookSpecificOutput;
      assert.equal(out?.permissionDecision, 'deny');
      const reason = out?.permissionDecisionReason ?? '';
      assert.match(reason, /rule ssg_fail_closed\): This call could not be evaluated \(ssg's daemon is unreachable/);
      assert.match(reason, /Leave this step for a person/);
      // The model reads this: what to do instead, never how protection could be lowered.
      assert.doesNotMatch(reason, /sleep off|turn Sleep at Night off|remove|sentinel|fail open/i);
    } finally {
      rmSync(join(ws.home, 'fail-closed'));
    }
  });

  it('with no daemon announced (no SSG_DAEMON_URL, no daemon.json) it says so, without trying a port', () => {
    writeFileSync(join(ws.home, 'fail-closed'), '');
    try {
      const out = (JSON.parse(hook(payload('Bash', { command: 'ls' }), { SSG_DAEMON_URL: '' }).stdout) as HookJson)
        .hookSpecificOutput;
      assert.equal(out?.permissionDecision, 'deny');
      assert.match(out?.permissionDecisionReason ?? '', /unreachable: no daemon is running for this ssg home\)/);
    } finally {
      rmSync(join(ws.home, 'fail-closed'));
    }
    // And without the sentinel the rules decide in-process as before.
    const blocked = hook(payload('Bash', { command: 'rm -rf /' }), { SSG_DAEMON_URL: '' });
    assert.equal((JSON.parse(blocked.stdout) as HookJson).hookSpecificOutput?.permissionDecision, 'deny');
  });

  const misuse: Array<{ name: string; args: string[]; stdout: RegExp; stderr: RegExp }> = [
    {
      name: 'unknown hook name',
      args: ['hook', 'cursor'],
      stdout: /^$/,
      stderr: /^ssg hook: unknown hook 'cursor' — /,
    },
    { name: 'extra argument', args: ['hook', 'eval', 'now'], stdout: /^$/, stderr: /unexpected argument 'now'/ },
    { name: 'no hook name', args: ['hook'], stdout: /Usage: ssg hook eval/, stderr: /^$/ },
    { name: '--help', args: ['hook', 'eval', '--help'], stdout: /Usage: ssg hook eval/, stderr: /^$/ },
  ];
  for (const tc of misuse) {
    it(`exits 0 on ${tc.name}`, () => {
      const run = ws.run(tc.args, { input: payload('Bash', { command: 'rm -rf /' }) });
      assert.equal(run.status, 0);
      assert.match(run.stdout, tc.stdout);
      assert.match(run.stderr, tc.stderr);
    });
  }
});
