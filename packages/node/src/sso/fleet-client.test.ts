// The fleet client over real HTTP against a small server that answers as the fleet does ({statusCode, error,
// message}), and against nothing at all: errors carry the fleet's message and code, never a token.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { FleetClient, FleetRequestError } from './fleet-client';

const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.id-token-secret.sig';
const SESSION = 'ssg_session_secret';

describe('FleetClient', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ method: string; path: string; headers: IncomingMessage['headers']; body: string }> = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  before(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method!, path: request.url!, headers: request.headers, body });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => new FleetClient(url, { machine: 'ada-laptop' });

  it('asks for the licence as the accounts API wants it, naming the machine', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ license: 'jwt', tier: 'enterprise', expires_at: 1, org_id: 'acme' }),
    };
    const licence = await client().licence('ada@acme.test', SESSION);
    assert.equal(licence.tier, 'enterprise');
    const { method, path, headers } = seen.at(-1)!;
    assert.deepEqual([method, path], ['GET', '/api/license']);
    assert.deepEqual(
      [headers['x-auth-method'], headers['x-sso-email'], headers['x-ssg-machine'], headers.authorization],
      ['sso', 'ada@acme.test', 'ada-laptop', `Bearer ${SESSION}`],
    );
  });

  it('exchanges a code at the token broker with everything the fleet checks', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({ id_token: ID_TOKEN, access_token: 'a', refresh_token: null, expires_in: 60, email: 'e' }),
    };
    const tokens = await client().exchangeCode(
      { issuer: 'https://idp', clientId: 'c', orgId: 'acme' },
      { code: 'code', codeVerifier: 'v', redirectUri: 'http://127.0.0.1:8399/callback', nonce: 'n' },
    );
    assert.deepEqual(tokens, { idToken: ID_TOKEN, accessToken: 'a', refreshToken: null, email: 'e' });
    assert.deepEqual(JSON.parse(seen.at(-1)!.body), {
      grant_type: 'authorization_code',
      code: 'code',
      code_verifier: 'v',
      redirect_uri: 'http://127.0.0.1:8399/callback',
      nonce: 'n',
      issuer: 'https://idp',
      client_id: 'c',
      org_id: 'acme',
    });
  });

  it("carries the fleet's status, code and message, and not the bearer", async () => {
    answer = {
      status: 409,
      body: JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'ada is a member of several organizations' }),
    };
    await assert.rejects(client().createSession(ID_TOKEN), (error: unknown) => {
      assert.ok(error instanceof FleetRequestError);
      assert.deepEqual(
        [error.status, error.error, error.message],
        [409, 'Conflict', 'ada is a member of several organizations'],
      );
      assert.ok(!JSON.stringify({ ...error, stack: error.stack }).includes(ID_TOKEN));
      return true;
    });
  });

  it('says what happened when the answer is not the JSON it should be', async () => {
    answer = { status: 502, body: '<html>Bad gateway</html>' };
    await assert.rejects(client().organization('acme', SESSION), /answered GET \/api\/v1\/orgs\/acme with HTTP 502/);
    answer = { status: 200, body: 'not json' };
    await assert.rejects(client().health(), /answer to GET \/health is not JSON/);
  });

  it('signs out with a 204', async () => {
    answer = { status: 204, body: '' };
    await client().endSession(SESSION);
    assert.deepEqual([seen.at(-1)!.method, seen.at(-1)!.path], ['DELETE', '/api/v1/sessions/current']);
  });

  it('names a fleet that cannot be reached, without the request', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new FleetClient(`http://127.0.0.1:${port}`, { machine: 'm' });
    await assert.rejects(nowhere.createSession(ID_TOKEN), (error: unknown) => {
      assert.ok(error instanceof FleetRequestError);
      assert.equal(error.status, 0);
      assert.equal(error.message, `the fleet at http://127.0.0.1:${port} cannot be reached (ECONNREFUSED)`);
      assert.ok(!error.message.includes(ID_TOKEN));
      return true;
    });
  });
});
