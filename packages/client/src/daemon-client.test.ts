import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RouteKey } from '@ssg/contracts/routes';
import { daemonClient, routeRequest } from './daemon-client';

describe('routeRequest', () => {
  const cases: Array<{ route: RouteKey; input?: object; method: string; path: string }> = [
    { route: 'GET /api/json/sleep-mode', method: 'GET', path: '/api/json/sleep-mode' },
    {
      route: 'POST /api/json/approvals/:id',
      input: { params: { id: 'abcd2345' }, body: {} },
      method: 'POST',
      path: '/api/json/approvals/abcd2345',
    },
    {
      route: 'POST /api/json/agents/:name',
      input: { params: { name: '../x y?#' } },
      method: 'POST',
      path: '/api/json/agents/..%2Fx%20y%3F%23',
    },
    {
      route: 'GET /api/json/audit',
      input: { query: { decision: 'block', q: 'rm -rf & more', client: undefined, tool: '' } },
      method: 'GET',
      path: '/api/json/audit?decision=block&q=rm+-rf+%26+more',
    },
    { route: 'GET /api/json/budget/history', input: { query: {} }, method: 'GET', path: '/api/json/budget/history' },
  ];
  for (const { route, input, method, path } of cases) {
    test(`${route} ${JSON.stringify(input ?? {})} → ${method} ${path}`, () =>
      assert.deepEqual(routeRequest(route, input), { method, path }));
  }
});

test('daemonClient hands the transport the method, the path and the body, and returns its reply', async () => {
  const sent: unknown[] = [];
  const client = daemonClient(async (...request) => {
    sent.push(request);
    return { kind: 'error', status: 404, message: 'no approval request abcd2345 is waiting' };
  });
  const reply = await client.call('POST /api/json/approvals/:id', {
    params: { id: 'abcd2345' },
    body: { decision: 'deny' },
  });
  assert.deepEqual(sent, [['POST', '/api/json/approvals/abcd2345', { decision: 'deny' }]]);
  assert.deepEqual(reply, { kind: 'error', status: 404, message: 'no approval request abcd2345 is waiting' });
});

// The route table's types, checked by `tsc -b`: a call must send what its route takes, and nothing else.
export async function typeChecks(client: ReturnType<typeof daemonClient>): Promise<void> {
  // @ts-expect-error the sleep-mode switch needs a body
  await client.call('POST /api/json/sleep-mode');
  // @ts-expect-error `enabled` is a boolean
  await client.call('POST /api/json/sleep-mode', { body: { enabled: 'yes' } });
  // @ts-expect-error no route takes this path
  await client.call('GET /api/json/nothing');
  const reply = await client.call('GET /api/json/sleep-mode');
  if (reply.kind === 'ok') {
    const mode: 'off' | 'indefinite' | 'timed' = reply.body.mode;
    void mode;
  }
}
