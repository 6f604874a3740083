// The approval queue over real HTTP: a wait() in the daemon ends when someone answers through the API, or with
// the default after the (injected, short) timeout; unknown, expired and repeated answers are refused with the
// reason; malformed bodies are a 400 that leaves the request waiting.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ApprovalAnswerResponse, ApprovalList } from '@ssg/contracts/approvals';
import type { ApprovalRequest } from '../evaluation/ports';
import { TestDaemon } from '../testing/test-daemon';

const ask = (command: string): ApprovalRequest => ({
  call: { tool: 'Bash', capability: 'execute', client: 'codex', input: { command }, sessionId: 's1' },
  result: { decision: 'ask', ruleId: 'ask-push', prompt: 'Push to the remote?', matched: [], durationMs: 0.2 },
});

describe('approval routes', () => {
  let daemon: TestDaemon;
  before(async () => (daemon = await TestDaemon.start()));
  after(() => daemon.stop());

  const pendingIds = async (): Promise<string[]> =>
    (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body.pending.map((approval) => approval.id);

  test('lists what waits, with the timeout and the default', async () => {
    const waiting = daemon.daemon.approvals.wait(ask('git push --token abc123'));
    const response = await daemon.request<ApprovalList>('GET', '/api/json/approvals');
    assert.equal(response.status, 200);
    assert.equal(response.body.timeoutMs, 60_000);
    assert.equal(response.body.defaultDecision, 'deny');
    const [approval] = response.body.pending;
    assert.ok(approval);
    assert.equal(approval.summary, 'git push --token [redacted:flag]');
    assert.equal(approval.prompt, 'Push to the remote?');
    assert.equal(approval.sessionId, 's1');
    assert.equal(approval.expiresAt - approval.createdAt, 60_000);
    daemon.daemon.approvals.answer(approval.id, { decision: 'deny', via: 'dashboard' });
    await waiting;
  });

  test('allow over HTTP resolves the wait with allow', async () => {
    const waiting = daemon.daemon.approvals.wait(ask('git push'));
    const [id] = await pendingIds();
    const response = await daemon.request<ApprovalAnswerResponse>('POST', `/api/json/approvals/${id}`, {
      body: { decision: 'allow' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.approval.id, id);
    assert.equal(response.body.decision, 'allow');
    assert.equal(response.body.answeredBy, 'dashboard');
    assert.equal(response.body.message, 'Approved by you in the dashboard');
    assert.deepEqual(await waiting, {
      decision: 'allow',
      answeredBy: 'dashboard',
      message: 'Approved by you in the dashboard',
    });
    assert.deepEqual(await pendingIds(), []);
  });

  test('deny from the CLI with a note resolves the wait with block and the note', async () => {
    const waiting = daemon.daemon.approvals.wait(ask('git push --force'));
    const [id] = await pendingIds();
    const response = await daemon.request<ApprovalAnswerResponse>('POST', `/api/json/approvals/${id}`, {
      body: { decision: 'deny', via: 'cli', note: 'not on main' },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await waiting, {
      decision: 'block',
      answeredBy: 'cli',
      message: 'Denied by you with `ssg deny`: not on main',
    });
  });

  test('a second answer is a 409 and changes nothing', async () => {
    const waiting = daemon.daemon.approvals.wait(ask('git push'));
    const [id] = await pendingIds();
    await daemon.request('POST', `/api/json/approvals/${id}`, { body: { decision: 'deny' } });
    const again = await daemon.request<{ message: string }>('POST', `/api/json/approvals/${id}`, {
      body: { decision: 'allow' },
    });
    assert.equal(again.status, 409);
    assert.match(again.body.message, new RegExp(`approval request ${id} was already answered: Denied by you`));
    assert.equal((await waiting).decision, 'block');
  });

  test('an unknown id is a 404', async () => {
    const response = await daemon.request<{ message: string }>('POST', '/api/json/approvals/abcdefgh', {
      body: { decision: 'allow' },
    });
    assert.equal(response.status, 404);
    assert.match(response.body.message, /no approval request abcdefgh is waiting/);
  });

  const badRequests: Array<[string, { path?: string; body?: unknown; rawBody?: string }, RegExp]> = [
    ['no body', {}, /body must be object|the request body is empty/],
    ['malformed JSON', { rawBody: '{"decision": ' }, /not valid JSON/],
    [
      'an unknown decision',
      { body: { decision: 'maybe' } },
      /body\/decision must be equal to one of the allowed values/,
    ],
    ['a decision of the wrong type', { body: { decision: true } }, /body\/decision must be string/],
    ['no decision', { body: { note: 'x' } }, /body must have required property 'decision'/],
    ['an unknown field', { body: { decision: 'allow', by: 'me' } }, /body must NOT have additional properties/],
    [
      'a note that is too long',
      { body: { decision: 'allow', note: 'n'.repeat(501) } },
      /body\/note must NOT have more than 500/,
    ],
    ['a note of the wrong type', { body: { decision: 'allow', note: 5 } }, /body\/note must be string/],
    [
      'an unknown channel',
      { body: { decision: 'allow', via: 'email' } },
      /body\/via must be equal to one of the allowed values/,
    ],
    ['an array body', { body: [{ decision: 'allow' }] }, /body must be object/],
    [
      'a malformed id',
      { path: '/api/json/approvals/ABC', body: { decision: 'allow' } },
      /params\/id must match pattern/,
    ],
    [
      'a hostile id',
      { path: '/api/json/approvals/..%2F..%2Fetc', body: { decision: 'allow' } },
      /params\/id must match pattern/,
    ],
  ];
  for (const [name, { path, ...options }, message] of badRequests) {
    test(`400 for ${name}, and the request still waits`, async () => {
      const waiting = daemon.daemon.approvals.wait(ask('git push'));
      const [id] = await pendingIds();
      const response = await daemon.request<{ message: string }>('POST', path ?? `/api/json/approvals/${id}`, options);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.match(response.body.message, message);
      assert.deepEqual(await pendingIds(), [id]);
      daemon.daemon.approvals.answer(id!, { decision: 'deny', via: 'dashboard' });
      await waiting;
    });
  }

  test('both routes need the token', async () => {
    assert.equal((await daemon.request('GET', '/api/json/approvals', { token: false })).status, 401);
    const waiting = daemon.daemon.approvals.wait(ask('git push'));
    const [id] = await pendingIds();
    const post = await daemon.request('POST', `/api/json/approvals/${id}`, {
      body: { decision: 'allow' },
      token: false,
    });
    assert.equal(post.status, 401);
    assert.deepEqual(await pendingIds(), [id]);
    daemon.daemon.approvals.answer(id!, { decision: 'deny', via: 'dashboard' });
    await waiting;
  });

  test('concurrent answers to one request: exactly one wins', async () => {
    const waiting = daemon.daemon.approvals.wait(ask('git push'));
    const [id] = await pendingIds();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        daemon.request('POST', `/api/json/approvals/${id}`, { body: { decision: i % 2 ? 'allow' : 'deny' } }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.status === 200)!.body as ApprovalAnswerResponse;
    assert.equal((await waiting).decision, winner.decision);
  });
});

describe('approval timeout', () => {
  test('unanswered requests get the configured default, and a late answer is a 404', async () => {
    for (const [approvalDefault, decision, verdict] of [
      ['deny', 'block', 'Denied'],
      ['allow', 'allow', 'Allowed'],
    ] as const) {
      const daemon = await TestDaemon.start({ approvalTimeoutMs: 50, approvalDefault });
      try {
        const waiting = daemon.daemon.approvals.wait(ask('git push'));
        const [approval] = (await daemon.request<ApprovalList>('GET', '/api/json/approvals')).body.pending;
        assert.deepEqual(await waiting, {
          decision,
          answeredBy: 'timeout',
          message: `${verdict}: no answer within 50 ms (ssg's default for unanswered requests)`,
        });
        const late = await daemon.request<{ message: string }>('POST', `/api/json/approvals/${approval!.id}`, {
          body: { decision: 'allow' },
        });
        assert.equal(late.status, 404);
        assert.match(late.body.message, /is no longer waiting: .*no answer within 50 ms/);
      } finally {
        await daemon.stop();
      }
    }
  });

  test('stopping the daemon settles what still waits', async () => {
    const daemon = await TestDaemon.start();
    const waiting = daemon.daemon.approvals.wait(ask('git push'));
    await daemon.stop();
    const outcome = await waiting;
    assert.equal(outcome.decision, 'block');
    assert.equal(outcome.answeredBy, 'shutdown');
  });
});
