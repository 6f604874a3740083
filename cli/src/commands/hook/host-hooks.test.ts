import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureBuilt, SAMPLE_RULES, Workspace } from '@ssg/testing/cli-harness';
import { licenseIssuerPath } from '@ssg/node/license/issuer-key';
import { mintLicense, newTestIssuer, trustTestIssuer } from '@ssg/node/license/mint.testing';

// Rules: SAMPLE_RULES — `rm -rf /` blocked (no-rm-root), `git push` asked (ask-push), `npm install` forced to
// `pnpm install` (use-pnpm), anything else allowed.

const issuer = newTestIssuer();
const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const validLicense = (extra: Record<string, unknown> = {}): string =>
  mintLicense(issuer.privateKey, { iss: 'test-issuer', tier: 'pro', exp: nowSeconds() + 3600, ...extra });

describe('host hooks (built CLI)', () => {
  let ws: Workspace;
  before(() => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('project/.ssg/rules/sample.rules', SAMPLE_RULES);
    ws.trust();
  });
  after(() => ws.cleanup());

  /** Runs a hook from an unrelated folder, so rules can only come from the payload's cwd; it always exits 0. */
  const hook = (args: string[], input: string | Buffer, env?: Record<string, string>) => {
    const run = ws.run(['hook', ...args], { input, cwd: ws.root, ...(env ? { env } : {}) });
    assert.equal(run.status, 0, `a hook always exits 0 (stderr: ${run.stderr})`);
    return run;
  };
  const withSentinel = <T>(fn: () => T): T => {
    writeFileSync(join(ws.home, 'fail-closed'), '');
    try {
      return fn();
    } finally {
      rmSync(join(ws.home, 'fail-closed'));
    }
  };

  describe('ssg hook codex --source=native', () => {
    const payload = (command: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        session_id: 'codex-session',
        cwd: ws.project,
        hook_event_name: 'PreToolUse',
        tool_name: 'shell',
        tool_input: { command },
        ...extra,
      });
    const codex = (input: string | Buffer, args = ['--source=native']) => hook(['codex', ...args], input);
    const deny = (reason: string) => ({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
    });

    const decisions: Array<{ name: string; command: string; want: unknown }> = [
      {
        name: 'block → deny with the rule and message',
        command: 'rm -rf /',
        want: deny('ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.'),
      },
      {
        name: 'force → deny naming the substitute',
        command: 'npm install express',
        want: deny('ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install'),
      },
      {
        name: 'ask → deny saying a human must approve (Codex hooks cannot ask)',
        command: 'git push',
        want: deny(
          'ssg asks (rule ask-push): Push to the remote? — Codex hooks cannot ask, so ssg denied it: a human must approve this call',
        ),
      },
      { name: 'allow → no output', command: 'ls -la', want: null },
    ];
    for (const tc of decisions) {
      it(tc.name, () => {
        const run = codex(payload(tc.command));
        assert.equal(run.stderr, '');
        if (tc.want === null) assert.equal(run.stdout, '');
        else assert.deepEqual(JSON.parse(run.stdout), tc.want);
      });
    }

    const failures: Array<{ name: string; input: string | Buffer; args?: string[]; stderr: RegExp }> = [
      { name: 'empty stdin', input: '', stderr: /stdin is empty/ },
      { name: 'not JSON', input: 'rm -rf /', stderr: /not valid JSON/ },
      {
        name: 'a PostToolUse payload',
        input: '{"hook_event_name":"PostToolUse"}',
        stderr: /this hook handles PreToolUse only/,
      },
      { name: 'a tool_input that is a string', input: '{"tool_name":"shell","tool_input":"ls"}', stderr: /tool_input/ },
      { name: 'huge stdin', input: Buffer.alloc(9 * 1024 * 1024, 0x61), stderr: /larger than 8 MiB/ },
      {
        name: 'no --source',
        input: '{}',
        args: [],
        stderr: /usage: ssg hook codex --source=native \(got no --source\)/,
      },
      {
        name: 'another --source',
        input: '{}',
        args: ['--source=mcp'],
        stderr: /usage: ssg hook codex --source=native \(got '--source=mcp'\)/,
      },
    ];
    for (const tc of failures) {
      it(`fails open on ${tc.name}: no output, one line on stderr`, () => {
        const run = codex(tc.input, tc.args);
        assert.equal(run.stdout, '');
        assert.match(run.stderr, tc.stderr);
        assert.match(run.stderr, /^ssg hook codex: .* — the call was not evaluated \(fail-open\)\n$/);
      });
      it(`denies on ${tc.name} when the fail-closed sentinel exists`, () => {
        const run = withSentinel(() => codex(tc.input, tc.args));
        const out = JSON.parse(run.stdout) as ReturnType<typeof deny>;
        assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
        assert.match(out.hookSpecificOutput.permissionDecisionReason, /fail-closed (mode|layer) is on/);
      });
    }

    it('blocks a harmless call with the sentinel when no daemon answers', () => {
      const out = JSON.parse(withSentinel(() => codex(payload('ls'))).stdout) as ReturnType<typeof deny>;
      assert.match(out.hookSpecificOutput.permissionDecisionReason, /daemon is unreachable/);
    });
  });

  describe('ssg hook copilot', () => {
    const preToolUse = (toolArgs: unknown, toolName = 'bash') =>
      JSON.stringify({ timestamp: 1_764_000_000_000, cwd: ws.project, toolName, toolArgs });
    const copilot = (input: string | Buffer, args: string[] = []) => hook(['copilot', ...args], input);

    const decisions: Array<{ name: string; input: () => string; want: unknown }> = [
      {
        name: 'block → deny (toolArgs as a JSON string)',
        input: () => preToolUse(JSON.stringify({ command: 'rm -rf /' })),
        want: {
          permissionDecision: 'deny',
          permissionDecisionReason: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.',
        },
      },
      {
        name: 'force → deny naming the substitute (toolArgs as an object)',
        input: () => preToolUse({ command: 'npm install express' }),
        want: {
          permissionDecision: 'deny',
          permissionDecisionReason:
            'ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install',
        },
      },
      {
        name: 'ask → ask with the prompt',
        input: () => preToolUse(JSON.stringify({ command: 'git push' })),
        want: { permissionDecision: 'ask', permissionDecisionReason: 'ssg asks (rule ask-push): Push to the remote?' },
      },
      { name: 'allow → no output', input: () => preToolUse(JSON.stringify({ command: 'ls' })), want: null },
      {
        name: 'postToolUse of a blocked command → no output',
        input: () =>
          JSON.stringify({
            timestamp: 1,
            cwd: ws.project,
            toolName: 'bash',
            toolArgs: JSON.stringify({ command: 'rm -rf /' }),
            toolResult: { resultType: 'success', textResultForLlm: '' },
          }),
        want: null,
      },
    ];
    for (const tc of decisions) {
      it(tc.name, () => {
        const run = copilot(tc.input());
        assert.equal(run.stderr, '');
        if (tc.want === null) assert.equal(run.stdout, '');
        else assert.deepEqual(JSON.parse(run.stdout), tc.want);
      });
    }

    const failures: Array<{ name: string; input: () => string | Buffer; args?: string[]; stderr: RegExp }> = [
      { name: 'empty stdin', input: () => '', stderr: /stdin is empty/ },
      { name: 'a JSON array', input: () => '[]', stderr: /an array/ },
      { name: 'no toolName', input: () => '{"toolArgs":"{}"}', stderr: /toolName/ },
      {
        name: 'toolArgs that is not JSON',
        input: () => preToolUse('{"command":'),
        stderr: /toolArgs is not valid JSON/,
      },
      { name: 'toolArgs holding an array', input: () => preToolUse('[1]'), stderr: /toolArgs must hold a JSON object/ },
      { name: 'toolArgs that is a number', input: () => preToolUse(7), stderr: /toolArgs must be/ },
      { name: 'binary bytes', input: () => Buffer.from([0, 159, 146, 150, 255]), stderr: /not valid JSON/ },
      { name: 'an argument', input: () => preToolUse('{}'), args: ['--now'], stderr: /unexpected argument '--now'/ },
    ];
    for (const tc of failures) {
      it(`fails open on ${tc.name}, even with the fail-closed sentinel`, () => {
        for (const run of [copilot(tc.input(), tc.args), withSentinel(() => copilot(tc.input(), tc.args))]) {
          assert.equal(run.stdout, '');
          assert.match(run.stderr, tc.stderr);
          assert.match(run.stderr, /^ssg hook copilot: .* — the call was not evaluated \(fail-open\)\n$/);
        }
      });
    }
  });

  describe('ssg hook opencode', () => {
    const envelope = (tool: string, args: Record<string, unknown>) =>
      JSON.stringify({ tool, args, sessionID: 'ses_1', callID: 'call_1', cwd: ws.project });
    before(() => trustTestIssuer(ws.home, issuer));
    const opencode = (input: string, env: Record<string, string> = {}) => {
      const run = hook(['opencode'], input, env);
      return { ...run, verdict: JSON.parse(run.stdout) as { decision: string; reason: string; substitute?: string } };
    };
    const licensePath = () => join(ws.home, 'license.jwt');
    const install = (token: string) => {
      writeFileSync(licensePath(), token);
      chmodSync(licensePath(), 0o600);
    };

    describe('with a valid license', () => {
      before(() => install(validLicense()));
      after(() => rmSync(licensePath(), { force: true }));

      const decisions: Array<{ name: string; input: () => string; want: Record<string, string> }> = [
        {
          name: 'block',
          input: () => envelope('bash', { command: 'rm -rf /' }),
          want: { decision: 'block', reason: 'ssg blocked this (rule no-rm-root): Recursive delete of / is blocked.' },
        },
        {
          name: 'force, with the substitute',
          input: () => envelope('bash', { command: 'npm install express' }),
          want: {
            decision: 'force',
            reason: 'ssg blocked this (rule use-pnpm): This project uses pnpm. Run this instead: pnpm install',
            substitute: 'pnpm install',
          },
        },
        {
          name: 'ask',
          input: () => envelope('bash', { command: 'git push' }),
          want: { decision: 'ask', reason: 'ssg asks (rule ask-push): Push to the remote?' },
        },
        { name: 'allow', input: () => envelope('bash', { command: 'ls' }), want: { decision: 'allow', reason: '' } },
        {
          name: 'block of a write',
          input: () => envelope('write', { filePath: `${ws.project}/a.ts`, content: 'AKIAABCDEFGHIJKLMNOP' }),
          want: { decision: 'block', reason: 'ssg blocked this (rule no-aws-keys): Do not write AWS keys.' },
        },
      ];
      for (const tc of decisions) {
        it(`answers ${tc.name}`, () => {
          const run = opencode(tc.input());
          assert.equal(run.stderr, '');
          assert.deepEqual(run.verdict, tc.want);
        });
      }

      const failures: Array<{ name: string; input: string; stderr: RegExp }> = [
        { name: 'empty stdin', input: '', stderr: /stdin is empty/ },
        { name: 'not JSON', input: '{"tool":', stderr: /not valid JSON/ },
        { name: 'no tool', input: '{"args":{}}', stderr: /"tool" must be a non-empty string/ },
        { name: 'args that is a string', input: '{"tool":"bash","args":"ls"}', stderr: /"args" must be a JSON object/ },
      ];
      for (const tc of failures) {
        it(`blocks (fail-closed) on ${tc.name}`, () => {
          const run = opencode(tc.input);
          assert.equal(run.verdict.decision, 'block');
          assert.match(run.verdict.reason, /could not be evaluated .*fails closed/);
          assert.match(run.stderr, tc.stderr);
          assert.match(run.stderr, /^ssg hook opencode: .* — blocked \(OpenCode enforcement fails closed\)\n$/);
        });
      }

      it('blocks when the rules cannot be read', () => {
        const dangling = join(ws.home, 'rules/dangling.rules');
        mkdirSync(dirname(dangling), { recursive: true });
        symlinkSync(join(ws.root, 'missing.rules'), dangling);
        try {
          const run = opencode(envelope('bash', { command: 'ls' }));
          assert.equal(run.verdict.decision, 'block');
          assert.match(run.verdict.reason, /dangling\.rules does not exist/);
        } finally {
          rmSync(dangling);
        }
      });

      it('blocks every call when an argument is given', () => {
        const run = hook(['opencode', 'extra'], envelope('bash', { command: 'ls' }));
        assert.equal((JSON.parse(run.stdout) as { decision: string }).decision, 'block');
        assert.match(run.stderr, /unexpected argument 'extra'/);
      });
    });

    const unlicensed: Array<{
      name: string;
      token?: () => string;
      env?: Record<string, string>;
      builtInIssuer?: true;
      problem: RegExp;
    }> = [
      { name: 'no license file', problem: /no license at .*license\.jwt/ },
      {
        name: 'an expired license',
        token: () => validLicense({ exp: nowSeconds() - 3600 }),
        problem: /the license expired on/,
      },
      {
        name: 'a license signed by another key',
        token: () =>
          mintLicense(newTestIssuer().privateKey, { iss: 'test-issuer', tier: 'pro', exp: nowSeconds() + 60 }),
        problem: /signature does not match/,
      },
      {
        name: 'a tampered license',
        token: () => {
          const [header, , signature] = validLicense({ tier: 'free' }).split('.');
          const payload = Buffer.from(
            JSON.stringify({ iss: 'test-issuer', tier: 'enterprise', exp: nowSeconds() + 3600 }),
          ).toString('base64url');
          return `${header}.${payload}.${signature}`;
        },
        problem: /signature does not match/,
      },
      {
        name: 'a license checked against the built-in issuer',
        token: () => validLicense(),
        builtInIssuer: true,
        problem: /signature does not match the issuer's key/,
      },
      {
        name: 'its own key and issuer in the environment (no longer a switch)',
        token: () => validLicense(),
        builtInIssuer: true,
        env: { SSG_LICENSE_PUBLIC_KEY: issuer.publicPem, SSG_LICENSE_ISSUER: 'test-issuer' },
        problem: /signature does not match the issuer's key/,
      },
      { name: 'a free license', token: () => validLicense({ tier: 'free' }), problem: /tier free\) does not include/ },
      { name: 'garbage in the license file', token: () => 'garbage', problem: /not a JWT/ },
    ];
    for (const tc of unlicensed) {
      it(`blocks every call with ${tc.name}, saying how to get a license`, () => {
        if (tc.token) install(tc.token());
        if (tc.builtInIssuer) rmSync(licenseIssuerPath(ws.home));
        try {
          const run = opencode(envelope('bash', { command: 'ls' }), tc.env);
          assert.equal(run.verdict.decision, 'block');
          assert.match(run.verdict.reason, /^ssg blocked this: OpenCode enforcement needs an active ssg license, and /);
          assert.match(run.verdict.reason, tc.problem);
          assert.ok(run.verdict.reason.endsWith(`save its token to ${licensePath()} (chmod 600).`));
          assert.match(run.stderr, tc.problem);
        } finally {
          rmSync(licensePath(), { force: true });
          trustTestIssuer(ws.home, issuer);
        }
      });
    }
  });

  const misuse: Array<{ name: string; args: string[]; stdout: RegExp }> = [
    { name: 'ssg hook --help', args: ['hook', '--help'], stdout: /ssg hook codex --source=native/ },
    { name: 'ssg hook copilot --help', args: ['hook', 'copilot', '--help'], stdout: /ssg hook opencode/ },
  ];
  for (const tc of misuse) {
    it(`prints the usage on ${tc.name}`, () => {
      const run = ws.run(tc.args);
      assert.equal(run.status, 0);
      assert.match(run.stdout, tc.stdout);
    });
  }
});
