// The daemon proves itself on every answer to a caller that sends a nonce — refusals included — and only with the
// key it announced: the client's check accepts its answers and nothing signed with another key.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { daemonEndpoint } from '@ssg/client/daemon-endpoint';
import { daemonRequest } from '@ssg/client/daemon-request';
import { HEALTH_PATH } from '@ssg/contracts/health';
import { readDaemonFile } from '@ssg/node/daemon-file';
import { TestDaemon } from '../testing/test-daemon';
import { DaemonIdentity } from './daemon-identity';

describe('daemon identity', () => {
  let daemon: TestDaemon;
  before(async () => {
    daemon = await TestDaemon.start();
  });
  after(() => daemon.stop());

  test('daemon.json announces the key of this run', () => {
    const file = readDaemonFile(daemon.home);
    assert.equal(file?.url, daemon.url);
    assert.match(file?.publicKey ?? '', /^[A-Za-z0-9_-]{43}$/);
  });

  test('answers carry a proof the announced key verifies: a success, and a refusal', async () => {
    const endpoint = daemonEndpoint(daemon.home, {});
    assert.ok(endpoint.publicKey);
    const health = await daemonRequest(endpoint, HEALTH_PATH);
    assert.equal(health.kind, 'ok');
    const refused = await daemonRequest({ ...endpoint, token: 'not-the-token' }, '/api/json/audit');
    assert.equal(refused.kind, 'error');
  });

  test('the same answers are refused under another key', async () => {
    const endpoint = { ...daemonEndpoint(daemon.home, {}), publicKey: DaemonIdentity.create().publicKey };
    const reply = await daemonRequest(endpoint, HEALTH_PATH);
    assert.equal(reply.kind, 'unproven');
  });

  test('without a nonce nothing is signed', async () => {
    const response = await fetch(`${daemon.url}${HEALTH_PATH}`);
    assert.equal(response.headers.get('x-ssg-proof'), null);
    const signed = await fetch(`${daemon.url}${HEALTH_PATH}`, { headers: { 'x-ssg-nonce': '0'.repeat(32) } });
    assert.match(signed.headers.get('x-ssg-proof') ?? '', /^[A-Za-z0-9_-]{86}$/);
  });
});
