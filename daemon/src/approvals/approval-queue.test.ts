// The approval queue on its own: a wait ends with a person's answer or the default after the timeout, each
// request is settled exactly once, and the live stream hears every step.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { APPROVAL_ID_PATTERN, type ApprovalEvent } from '@ssg/contracts/approvals';
import type { ToolCall } from '@ssg/engine';
import { DaemonEvents } from '../events';
import type { ApprovalRequest } from '../evaluation/ports';
import { ApprovalQueue, type ApprovalQueueOptions, MAX_PENDING_APPROVALS } from './approval-queue';

const NOW = 1_750_000_000_000;

const askPush = (command = 'git push origin main'): ApprovalRequest => ({
  call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command }, cwd: '/p' } satisfies ToolCall,
  result: {
    decision: 'ask',
    ruleId: 'ask-push',
    prompt: 'Push to the remote?',
    message: 'Pushing.',
    matched: [],
    durationMs: 0.1,
  },
});

function queue(options: Partial<ApprovalQueueOptions> = {}): { queue: ApprovalQueue; events: ApprovalEvent[] } {
  const daemonEvents = new DaemonEvents();
  const events: ApprovalEvent[] = [];
  daemonEvents.on('approval', (event) => events.push(event as ApprovalEvent));
  return { queue: new ApprovalQueue({ clock: { now: () => NOW }, events: daemonEvents, ...options }), events };
}

describe('ApprovalQueue', () => {
  test('a waiting request is listed with its redacted summary, and an answer resolves the wait', async () => {
    const { queue: approvals, events } = queue();
    const waiting = approvals.wait(askPush('git push https://me:hunter2@git.example/r main'));
    const [pending] = approvals.pending();
    assert.ok(pending);
    assert.match(pending.id, new RegExp(APPROVAL_ID_PATTERN));
    assert.deepEqual(pending, {
      id: pending.id,
      tool: 'Bash',
      capability: 'execute',
      client: 'codex',
      cwd: '/p',
      summary: 'git push https://me:[redacted:url-password]@git.example/r main',
      ruleId: 'ask-push',
      prompt: 'Push to the remote?',
      message: 'Pushing.',
      createdAt: NOW,
      expiresAt: NOW + 60_000,
    });
    const result = approvals.answer(pending.id, { decision: 'allow', via: 'dashboard' });
    assert.equal(result.kind, 'answered');
    const outcome = await waiting;
    assert.deepEqual(outcome, {
      decision: 'allow',
      answeredBy: 'dashboard',
      message: 'Approved by you in the dashboard',
    });
    assert.deepEqual(approvals.pending(), []);
    assert.deepEqual(
      events.map((event) => event.type),
      ['created', 'answered'],
    );
    assert.deepEqual(events[1], { type: 'answered', approval: pending, resolution: outcome });
  });

  const answers: Array<[string, Parameters<ApprovalQueue['answer']>[1], string, string]> = [
    ['deny in the dashboard', { decision: 'deny', via: 'dashboard' }, 'block', 'Denied by you in the dashboard'],
    ['approve with the CLI', { decision: 'allow', via: 'cli' }, 'allow', 'Approved by you with `ssg approve`'],
    ['deny with the CLI', { decision: 'deny', via: 'cli' }, 'block', 'Denied by you with `ssg deny`'],
    [
      'deny with a note',
      { decision: 'deny', via: 'cli', note: '  use the staging remote  ' },
      'block',
      'Denied by you with `ssg deny`: use the staging remote',
    ],
    [
      'a blank note is no note',
      { decision: 'allow', via: 'dashboard', note: '  ' },
      'allow',
      'Approved by you in the dashboard',
    ],
  ];
  for (const [name, answer, decision, message] of answers) {
    test(name, async () => {
      const { queue: approvals } = queue();
      const waiting = approvals.wait(askPush());
      approvals.answer(approvals.pending()[0]!.id, answer);
      assert.deepEqual(await waiting, { decision, answeredBy: answer.via, message });
    });
  }

  test('no answer: the default (deny) after the timeout, and the id is then expired', async () => {
    const { queue: approvals, events } = queue({ timeoutMs: 30 });
    const started = Date.now();
    const outcome = await approvals.wait(askPush());
    assert.ok(Date.now() - started >= 25);
    assert.deepEqual(outcome, {
      decision: 'block',
      answeredBy: 'timeout',
      message: "Denied: no answer within 30 ms (ssg's default for unanswered requests)",
    });
    const id = events[0]!.approval.id;
    assert.equal(events[1]!.type, 'expired');
    assert.equal(approvals.answer(id, { decision: 'allow', via: 'cli' }).kind, 'expired');
    assert.deepEqual(approvals.pending(), []);
  });

  test('the default can be allow, and the wait is told in seconds', async () => {
    const { queue: approvals } = queue({ timeoutMs: 1000, defaultAnswer: 'allow' });
    assert.deepEqual(await approvals.wait(askPush()), {
      decision: 'allow',
      answeredBy: 'timeout',
      message: "Allowed: no answer within 1 s (ssg's default for unanswered requests)",
    });
  });

  test('answering twice: the second answer changes nothing', async () => {
    const { queue: approvals } = queue();
    const waiting = approvals.wait(askPush());
    const id = approvals.pending()[0]!.id;
    approvals.answer(id, { decision: 'deny', via: 'cli' });
    const second = approvals.answer(id, { decision: 'allow', via: 'dashboard' });
    assert.ok(second.kind === 'already-answered');
    assert.equal(second.resolution.decision, 'block');
    assert.equal((await waiting).decision, 'block');
  });

  test('an unknown id', () => {
    assert.deepEqual(queue().queue.answer('abcdefgh', { decision: 'allow', via: 'cli' }), { kind: 'unknown' });
  });

  test('several waits are independent, and ids differ', async () => {
    const { queue: approvals } = queue();
    const waits = Array.from({ length: 50 }, (_, i) => approvals.wait(askPush(`git push r${i}`)));
    const pending = approvals.pending();
    assert.equal(new Set(pending.map((approval) => approval.id)).size, 50);
    pending.forEach((approval, i) => approvals.answer(approval.id, { decision: i % 2 ? 'allow' : 'deny', via: 'cli' }));
    const outcomes = await Promise.all(waits);
    outcomes.forEach((outcome, i) => assert.equal(outcome.decision, i % 2 ? 'allow' : 'block'));
  });

  test('close() settles every waiting request with the default', async () => {
    const { queue: approvals } = queue();
    const waits = [approvals.wait(askPush()), approvals.wait(askPush())];
    approvals.close();
    for (const outcome of await Promise.all(waits)) {
      assert.equal(outcome.decision, 'block');
      assert.equal(outcome.answeredBy, 'shutdown');
      assert.match(outcome.message, /the ssg daemon stopped before anyone answered/);
    }
    assert.deepEqual(approvals.pending(), []);
  });

  test('beyond the pending bound an ASK gets the default at once', async () => {
    const { queue: approvals } = queue();
    const held = Array.from({ length: MAX_PENDING_APPROVALS }, () => approvals.wait(askPush()));
    const outcome = await approvals.wait(askPush());
    assert.equal(outcome.decision, 'block');
    assert.match(outcome.message, /^Denied: 1000 requests are already waiting for an answer/);
    assert.equal(approvals.pending().length, MAX_PENDING_APPROVALS);
    approvals.close();
    await Promise.all(held);
  });
});
