// The usage API client against the fake endpoint over real HTTP: the real JSON shape, its null buckets, the
// endpoint's failures, and answers no client should trust. The token must never show in an outcome.
import { FakeUsageApi } from '@ssg/testing/fake-usage-api';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { OAuthUsageClient, type UsageApiOutcome } from './oauth-usage-client';

const TOKEN = 'sk-ant-oat01-secret-token-for-tests';
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('OAuthUsageClient', () => {
  let api: FakeUsageApi;
  let client: OAuthUsageClient;
  before(async () => {
    api = await FakeUsageApi.start();
    client = new OAuthUsageClient({ baseUrl: api.url, timeoutMs: 2_000, now: () => NOW });
  });
  after(() => api.close());

  function assertNoToken(outcome: UsageApiOutcome): void {
    assert.ok(!JSON.stringify(outcome).includes(TOKEN), `the token leaked: ${JSON.stringify(outcome)}`);
  }

  it('reads every window of the real shape, sending the bearer token and the OAuth beta header', async () => {
    api.setUsage(TOKEN, {
      five_hour: { utilization: 61, resetsAt: NOW + 2 * HOUR },
      seven_day: { utilization: 22.5, resetsAt: NOW + 100 * HOUR },
      seven_day_opus: { utilization: 105, resetsAt: NOW + 50 * HOUR },
    });
    const before = api.requests.length;
    const outcome = await client.read(TOKEN);
    assert.deepEqual(outcome, {
      kind: 'ok',
      buckets: {
        fiveHour: { usedPercent: 61, resetsAt: NOW + 2 * HOUR },
        sevenDay: { usedPercent: 22.5, resetsAt: NOW + 100 * HOUR },
        otherBuckets: { seven_day_opus: { usedPercent: 105, resetsAt: NOW + 50 * HOUR } },
      },
    });
    const [request] = api.requests.slice(before);
    assert.equal(request?.token, TOKEN);
    assert.equal(request?.anthropicBeta, 'oauth-2025-04-20');
  });

  it('reads a null bucket or a null utilization as unknown, and a null reset as a window not started', async () => {
    api.setUsage(TOKEN, {
      five_hour: { utilization: 0, resetsAt: null },
      seven_day: { utilization: null, resetsAt: null },
    });
    assert.deepEqual(await client.read(TOKEN), { kind: 'ok', buckets: { fiveHour: { usedPercent: 0 } } });
  });

  it("keeps model-scoped rows of limits[] as buckets of their own, and skips extra_usage's money", async () => {
    api.setBody(TOKEN, {
      five_hour: { utilization: '12.0', resets_at: '2026-11-27T13:59:59.571404+00:00' },
      extra_usage: { is_enabled: true, monthly_limit: 5000, used_credits: 100, utilization: 2, resets_at: null },
      limits: [
        { kind: 'session', group: 'session', percent: 12, resets_at: null, severity: 'normal', is_active: true },
        {
          kind: 'weekly_scoped',
          group: 'weekly',
          percent: 88,
          resets_at: '2026-11-30T10:00:00+00:00',
          scope: { model: { display_name: 'Fable' } },
        },
        'nonsense',
      ],
    });
    const outcome = await client.read(TOKEN);
    assert.deepEqual(outcome, {
      kind: 'ok',
      buckets: {
        fiveHour: { usedPercent: 12, resetsAt: Date.parse('2026-11-27T13:59:59.571Z') },
        otherBuckets: { 'weekly_scoped:Fable': { usedPercent: 88, resetsAt: Date.parse('2026-11-30T10:00:00Z') } },
      },
    });
  });

  it('reports the persistent 429 with retry-after: 0 as rate-limited with no known wait', async () => {
    api.answerWith('rate-limited', TOKEN);
    const outcome = await client.read(TOKEN);
    api.answerWith('ok', TOKEN);
    assert.equal(outcome.kind, 'rate-limited');
    assert.ok(outcome.kind === 'rate-limited' && outcome.retryAfterMs === undefined);
    assert.match(outcome.message, /429.*Rate limited\. Please try again later\./);
    assertNoToken(outcome);
  });

  it('says in words why a 401 and a 403 refused the token', async () => {
    api.answerWith('unauthorized', TOKEN);
    const unauthorized = await client.read(TOKEN);
    api.answerWith('forbidden', TOKEN);
    const forbidden = await client.read(TOKEN);
    api.answerWith('ok', TOKEN);
    assert.equal(unauthorized.kind, 'unauthorized');
    assert.match(unauthorized.kind === 'unauthorized' ? unauthorized.message : '', /expired or was revoked/);
    assert.equal(forbidden.kind, 'forbidden');
    assert.match(forbidden.kind === 'forbidden' ? forbidden.message : '', /lacks the user:profile scope/);
    assertNoToken(unauthorized);
    assertNoToken(forbidden);
  });

  it('reports a token the endpoint does not know as unauthorized', async () => {
    const outcome = await client.read('sk-ant-oat01-unknown');
    assert.equal(outcome.kind, 'unauthorized');
    assert.ok(!JSON.stringify(outcome).includes('sk-ant-oat01-unknown'));
  });

  it('reports malformed JSON, a huge body and a server that never answers as errors', async () => {
    api.answerWith('malformed-json', TOKEN);
    const malformed = await client.read(TOKEN);
    api.answerWith('huge-body', TOKEN);
    const huge = await client.read(TOKEN);
    api.answerWith('no-answer', TOKEN);
    const slow = await new OAuthUsageClient({ baseUrl: api.url, timeoutMs: 200 }).read(TOKEN);
    api.answerWith('ok', TOKEN);

    assert.deepEqual(malformed, {
      kind: 'error',
      status: 200,
      message: 'the usage API answered 200 with a body that is not JSON',
    });
    assert.equal(huge.kind, 'error');
    assert.match(huge.message, /larger than 262144 bytes/);
    assert.deepEqual(slow, { kind: 'error', message: 'the usage API did not answer within 200 ms' });
  });

  it('reports another status with the API message, and an unreachable server, without the token', async () => {
    const echoing = await FakeUsageApi.start();
    echoing.setBody(TOKEN, {});
    const closedUrl = echoing.url;
    await echoing.close();
    const unreachable = await new OAuthUsageClient({ baseUrl: closedUrl }).read(TOKEN);
    assert.equal(unreachable.kind, 'error');
    assert.match(unreachable.message, /could not read http:\/\/127\.0\.0\.1:\d+\/api\/oauth\/usage/);
    assertNoToken(unreachable);

    const notFound = await new OAuthUsageClient({ baseUrl: `${api.url}/elsewhere` }).read(TOKEN);
    assert.deepEqual(notFound, {
      kind: 'error',
      status: 404,
      message: 'the usage API answered 404 (the API said: Not found)',
    });
  });

  it('does not follow a redirect with the token', async () => {
    const redirecting = createServer((_, res) => {
      res.writeHead(302, { location: `${api.url}/api/oauth/usage` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const before = api.requests.length;
    const { port } = redirecting.address() as AddressInfo;
    const outcome = await new OAuthUsageClient({ baseUrl: `http://127.0.0.1:${port}` }).read(TOKEN);
    await new Promise((resolve) => redirecting.close(resolve));
    assert.equal(outcome.kind, 'error');
    assertNoToken(outcome);
    assert.equal(api.requests.length, before);
  });

  it('refuses a base URL that would send the token in clear text to another machine', () => {
    assert.throws(() => new OAuthUsageClient({ baseUrl: 'http://api.example.com' }), /must be https/);
    assert.doesNotThrow(() => new OAuthUsageClient({ baseUrl: 'https://api.anthropic.com' }));
  });
});
