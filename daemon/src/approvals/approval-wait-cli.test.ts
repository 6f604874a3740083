// An ASK on a host that cannot ask waits in the daemon for a person (issue 12, item 8): the real hook of Codex and
// the shell hook, the built CLI, a real daemon. The approval must reach the waiting hook, and when the hook stops
// waiting first, the audit log must say the call was blocked — not "Approved" by a later click.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ApprovalList } from '@ssg/contracts/approvals';
import type { AuditPage } from '@ssg/contracts/audit';
import { spawn } from 'node:child_process';
import { ensureBuilt, ssgBin, Workspace } from '@ssg/testing/cli-harness';
import { TestDaemon } from '../testing/test-daemon';

const RULES = 'rule ask-deploy {\n  ASK execution\n  IF command STARTS_WITH "deploy"\n  PROMPT "Deploy now?"\n}\n';

describe('approvals reach the waiting hook (built CLI, real daemon)', () => {
  let ws: Workspace;
  let daemon: TestDaemon;
  before(async () => {
    ensureBuilt();
    ws = new Workspace();
    ws.write('ssg-home/rules/ask.rules', RULES);
    daemon = await TestDaemon.start({ home: ws.home, approvalTimeoutMs: 30_000 });
  });
  after(async () => {
    await daemon.stop({ keepHome: true });
    ws.cleanup();
  });

  const codexPayload = (command: string) =>
    JSON.stringify({
      session_id: 'approval-wait',
      cwd: ws.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'shell',
      tool_input: { command },
    });

  /** The one request waiting for `command`, once the hook's call has reached the queue. */
  async function waitingFor(command: string): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { body } = await daemon.request<ApprovalList>('GET', '/api/json/approvals');
      const found = body.pending.find((approval) => JSON.stringify(approval).includes(command));
      if (found) return found.id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`no approval request for ${command} appeared`);
  }

  const answer = (id: string, decision: 'allow' | 'deny') =>
    daemon.request('POST', `/api/json/approvals/${id}`, { body: { decision, via: 'cli' } });

  async function auditOf(command: string) {
    const page = await daemon.request<AuditPage>('GET', '/api/json/audit?limit=50');
    return page.body.records.find((record) => JSON.stringify(record).includes(command));
  }

  test('codex: approved while the hook waits, the call goes ahead, and the audit says so', async () => {
    const hook = ws.runAsync(['hook', 'codex', '--source=native'], {
      input: codexPayload('deploy --approve-me'),
      env: { SSG_DAEMON_URL: '' },
    });
    const id = await waitingFor('deploy --approve-me');
    assert.equal((await answer(id, 'allow')).status, 200);
    const run = await hook;
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '', 'an allowed call has no output');
    const record = await auditOf('deploy --approve-me');
    assert.equal(record?.decision, 'allow');
    assert.equal(record?.decidedBy, 'approval');
  });

  test('codex: denied while the hook waits, the call is blocked with the answer', async () => {
    const hook = ws.runAsync(['hook', 'codex', '--source=native'], {
      input: codexPayload('deploy --deny-me'),
      env: { SSG_DAEMON_URL: '' },
    });
    const id = await waitingFor('deploy --deny-me');
    await answer(id, 'deny');
    const run = await hook;
    assert.equal(JSON.parse(run.stdout).hookSpecificOutput.permissionDecision, 'deny');
    assert.match(run.stdout, /Denied by you with `ssg deny`/);
  });

  test('shell hook: an approval reaches it too', async () => {
    const hook = ws.runAsync(['hook', 'shell'], {
      input: JSON.stringify({ command: 'deploy --from-shell' }),
      env: { SSG_DAEMON_URL: '' },
    });
    const id = await waitingFor('deploy --from-shell');
    await answer(id, 'allow');
    const run = await hook;
    assert.equal(run.status, 0, run.stderr);
  });

  test('a hook that stops waiting leaves its call blocked, and a late approval cannot change that', async () => {
    const child = spawn(process.execPath, [ssgBin, 'hook', 'codex', '--source=native'], {
      cwd: ws.project,
      env: ws.env({ SSG_DAEMON_URL: '' }),
    });
    child.stdin.end(codexPayload('deploy --abandoned'));
    const id = await waitingFor('deploy --abandoned');
    child.kill('SIGKILL');
    for (let attempt = 0; attempt < 100 && (await auditOf('deploy --abandoned')) === undefined; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const record = await auditOf('deploy --abandoned');
    assert.equal(record?.decision, 'block');
    assert.match(record?.message ?? '', /stopped waiting/);
    const late = await answer(id, 'allow');
    assert.equal(late.status, 404);
    assert.match(JSON.stringify(late.body), /no longer waiting/);
  });
});
