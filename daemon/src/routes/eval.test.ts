// The hooks' route end to end over real HTTP: spending caps before rules, rules reloaded without a restart, an ASK
// held for a person on hosts that cannot ask, every decision in the audit log — and bad requests refused with a
// clear 4xx that leaves the ledger and the audit log untouched.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ApprovalList } from '@ssg/contracts/approvals';
import type { AuditPage, AuditRecord } from '@ssg/contracts/audit';
import type { EvalResponse } from '@ssg/contracts/eval';
import type { ToolCall } from '@ssg/engine';
import { hostileBodies } from '../testing/hostile-bodies';
import { TestDaemon } from '../testing/test-daemon';
import { eventually } from '@ssg/testing/eventually';

const RULES = `rule no_rm_rf {
  DENY execution
  IF command REGEX "^rm\\s+-rf"
  MESSAGE "no recursive deletes here"
}

# override: never
rule keep_home {
  DENY execution
  IF command STARTS_WITH "wipe-home"
}

rule ask_push {
  ASK execution
  IF command STARTS_WITH "git push"
  PROMPT "Push to the remote?"
}
`;

const bash = (command: string, client = 'claude-code'): ToolCall => ({
  tool: 'Bash',
  input: { command },
  capability: 'execute',
  client,
  sessionId: 's1',
});

describe('POST /api/json/eval', () => {
  let daemon: TestDaemon;
  const evaluate = (call: ToolCall, askSupported = true, breakerDue?: boolean) =>
    daemon.request<EvalResponse>('POST', '/api/json/eval', {
      body: { call: { ...call, cwd: daemon.home }, askSupported, ...(breakerDue ? { breakerDue } : {}) },
    });
  const auditCount = async () =>
    (await daemon.request<AuditPage>('GET', '/api/json/audit?limit=500')).body.records.length;

  before(async () => {
    daemon = await TestDaemon.start({ approvalTimeoutMs: 5_000 });
    mkdirSync(join(daemon.home, 'rules'), { recursive: true });
    writeFileSync(join(daemon.home, 'rules', 'test.rules'), RULES);
  });
  after(() => daemon.stop());

  test('blocks by rule, with the matched condition, and records the decision in the audit log', async () => {
    const response = await evaluate(bash('rm -rf build'));
    assert.equal(response.status, 200);
    assert.equal(response.body.decision, 'block');
    assert.equal(response.body.decidedBy, 'rules');
    assert.equal(response.body.ruleId, 'no_rm_rf');
    assert.equal(response.body.message, 'no recursive deletes here');
    assert.equal(response.body.matched[0]?.field, 'command');
    const record = await daemon.request<AuditRecord>('GET', `/api/json/audit/${response.body.auditId}`);
    assert.equal(record.body.decision, 'block');
    assert.equal(record.body.client, 'claude-code');
    assert.match(record.body.summary, /rm -rf build/);
  });

  test('a new rule file applies without a restart', async () => {
    assert.equal((await evaluate(bash('shutdown now'))).body.decision, 'allow');
    writeFileSync(
      join(daemon.home, 'rules', 'more.rules'),
      'rule no_shutdown {\n  DENY execution\n  IF command STARTS_WITH "shutdown"\n}\n',
    );
    // How soon is rule-registry.test.ts's to prove, on its own clock.
    await eventually(
      async () => (await evaluate(bash('shutdown now'))).body.decision === 'block',
      'the new rule to apply',
    );
  });

  test('an ASK from a host that cannot ask waits for a person, who approves it', async () => {
    const pending = evaluate(bash('git push origin main', 'codex'), false);
    let list: ApprovalList;
    for (;;) {
      list = (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body;
      if (list.pending.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [request] = list.pending;
    assert.equal(request?.ruleId, 'ask_push');
    const answer = await daemon.request('POST', `/api/json/approvals/${request!.id}`, { body: { decision: 'allow' } });
    assert.equal(answer.status, 200);
    const response = await pending;
    assert.equal(response.body.decision, 'allow');
    assert.equal(response.body.decidedBy, 'approval');
  });

  test('an ASK from a host that can ask is answered at once as ask', async () => {
    const response = await evaluate(bash('git push origin main'));
    assert.equal(response.body.decision, 'ask');
    assert.equal(response.body.prompt, 'Push to the remote?');
  });

  test('enforce mode blocks over a calls cap before any rule runs, naming the cap', async () => {
    const config = await daemon.request('POST', '/api/json/budget', {
      body: { mode: 'enforce', global: {}, perClient: { cursor: { sessionCalls: 2 } } },
    });
    assert.equal(config.status, 200, JSON.stringify(config.body));
    assert.equal((await evaluate(bash('ls', 'cursor'))).body.decision, 'allow');
    assert.equal((await evaluate(bash('rm -rf x', 'cursor'))).body.ruleId, 'no_rm_rf');
    const over = await evaluate(bash('ls', 'cursor'));
    assert.equal(over.body.decision, 'block');
    assert.equal(over.body.decidedBy, 'budget');
    assert.match(over.body.message ?? '', /cap/);
    assert.match(over.body.message ?? '', /2\/2/);
    assert.equal((await evaluate(bash('ls', 'claude-code'))).body.decision, 'allow', 'other clients are not capped');
    await daemon.request('POST', '/api/json/budget', { body: { mode: 'off' } });
  });

  test("a signal to the daemon's own process is blocked by self-protection", async () => {
    const response = await evaluate(bash(`kill -9 ${process.pid}`));
    assert.equal(response.body.decision, 'block');
    assert.equal(response.body.ruleId, 'ssg_self_guard');
    assert.equal(response.body.neverOverride, true);
  });

  describe('with the circuit breaker due', () => {
    test('an ordinary denial is let through, and audited as allowed by the breaker, naming the rule', async () => {
      const response = await evaluate(bash('rm -rf /tmp/scratch'), true, true);
      assert.equal(response.body.decision, 'allow');
      assert.equal(response.body.decidedBy, 'breaker');
      assert.equal(response.body.ruleId, 'no_rm_rf');
      assert.match(response.body.message ?? '', /circuit breaker.*overriding rule no_rm_rf/);
      const record = await daemon.request<AuditRecord>('GET', `/api/json/audit/${response.body.auditId}`);
      assert.equal(record.body.decision, 'allow');
      assert.equal(record.body.decidedBy, 'breaker');
      assert.equal(record.body.ruleId, 'no_rm_rf');
    });

    test('a rule marked `# override: never` still blocks, and says so', async () => {
      const response = await evaluate(bash('wipe-home'), true, true);
      assert.equal(response.body.decision, 'block');
      assert.equal(response.body.decidedBy, 'rules');
      assert.equal(response.body.neverOverride, true);
    });

    test('a spending cap still blocks', async () => {
      await daemon.request('POST', '/api/json/budget', {
        body: { mode: 'enforce', perClient: { 'breaker-host': { sessionCalls: 0 } } },
      });
      const response = await evaluate(bash('ls', 'breaker-host'), true, true);
      assert.equal(response.body.decision, 'block');
      assert.equal(response.body.decidedBy, 'budget');
      await daemon.request('POST', '/api/json/budget', { body: { mode: 'off' } });
    });

    test('an ASK is still asked', async () => {
      assert.equal((await evaluate(bash('git push'), true, true)).body.decision, 'ask');
    });
  });

  describe('refuses bad requests, recording nothing', () => {
    const cases: Array<{ name: string; body?: unknown; rawBody?: string; status: number; message: RegExp }> = [
      ...hostileBodies,
      { name: 'no call', body: { askSupported: true }, status: 400, message: /must have required property 'call'/ },
      {
        name: 'tool is a number',
        body: { call: { ...bash('ls'), tool: 7 }, askSupported: true },
        status: 400,
        message: /tool must be string/,
      },
      {
        name: 'unknown capability',
        body: { call: { ...bash('ls'), capability: 'teleport' }, askSupported: true },
        status: 400,
        message: /capability must be equal to one of the allowed values/,
      },
      {
        name: 'an extra field',
        body: { call: { ...bash('ls'), sneaky: 1 }, askSupported: true },
        status: 400,
        message: /must NOT have additional properties/,
      },
      {
        name: 'a hostile client name',
        body: { call: { ...bash('ls'), client: '../../etc/passwd' }, askSupported: true },
        status: 400,
        message: /client must match pattern/,
      },
      {
        name: 'breakerDue a string',
        body: { call: bash('ls'), askSupported: true, breakerDue: 'yes' },
        status: 400,
        message: /breakerDue must be boolean/,
      },
      {
        name: 'askSupported a string',
        body: { call: bash('ls'), askSupported: 'yes' },
        status: 400,
        message: /boolean/,
      },
    ];
    for (const tc of cases) {
      test(tc.name, async () => {
        const before = await auditCount();
        const response = await daemon.request<{ message: string }>('POST', '/api/json/eval', {
          ...(tc.rawBody !== undefined ? { rawBody: tc.rawBody } : { body: tc.body }),
        });
        assert.equal(response.status, tc.status);
        assert.match(response.body.message, tc.message);
        assert.equal(await auditCount(), before);
      });
    }

    test('without the token: 401', async () => {
      const response = await daemon.request('POST', '/api/json/eval', {
        body: { call: bash('ls'), askSupported: true },
        token: false,
      });
      assert.equal(response.status, 401);
    });
  });
});
