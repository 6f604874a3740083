// The hand-rolled HTTP/1.1 client against raw servers that answer each way a daemon (or something else on its
// port) could: JSON with a length, chunked, an error status, garbage, silence, nothing listening.
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, test } from 'node:test';
import { daemonRequest } from './daemon-request';

let server: Server | undefined;
const received: string[] = [];
const sockets = new Set<Socket>();

async function serve(answer: (socket: Socket, request: string) => void): Promise<string> {
  // Half-open like an HTTP server: the client ends its side after the request and waits for the answer.
  server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    let request = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      request = Buffer.concat([request, chunk]);
      const text = request.toString('utf8');
      const headEnd = request.indexOf('\r\n\r\n');
      if (headEnd >= 0 && request.length >= headEnd + 4 + contentLength(text)) {
        received.push(text);
        answer(socket, text);
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const contentLength = (request: string) => Number(/content-length: (\d+)/i.exec(request)?.[1] ?? 0);

afterEach(async () => {
  received.length = 0;
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('daemonRequest', () => {
  test('sends method, path, Host, token and a JSON body; reads a JSON answer with Content-Length', async () => {
    const url = await serve((socket) =>
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"ok":true}'),
    );
    const reply = await daemonRequest({ url, token: 'abc' }, '/api/json/eval?x=1', {
      method: 'POST',
      body: { a: 'é' },
    });
    assert.deepEqual(reply, { kind: 'ok', status: 200, body: { ok: true } });
    const [request] = received;
    assert.match(request!, /^POST \/api\/json\/eval\?x=1 HTTP\/1\.1\r\n/);
    assert.match(request!, new RegExp(`\r\nHost: ${new URL(url).host}\r\n`));
    assert.match(request!, /\r\nx-service-token: abc\r\n/);
    assert.match(request!, /\r\nContent-Length: 10\r\n/, 'the length counts bytes, not characters');
    assert.ok(request!.endsWith('\r\n\r\n{"a":"é"}'));
  });

  test('decodes a chunked answer', async () => {
    const url = await serve((socket) =>
      socket.end('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"a":\r\n2\r\n1}\r\n0\r\n\r\n'),
    );
    assert.deepEqual(await daemonRequest({ url, token: undefined }, '/'), { kind: 'ok', status: 200, body: { a: 1 } });
  });

  test("an error status carries the daemon's message", async () => {
    const body = '{"statusCode":401,"error":"Unauthorized","message":"invalid X-Service-Token"}';
    const url = await serve((socket) =>
      socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-length: ${body.length}\r\n\r\n${body}`),
    );
    assert.deepEqual(await daemonRequest({ url, token: 'x' }, '/'), {
      kind: 'error',
      status: 401,
      message: 'invalid X-Service-Token',
    });
  });

  test('something that is not HTTP is unreachable', async () => {
    const url = await serve((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
    assert.deepEqual(await daemonRequest({ url, token: undefined }, '/'), {
      kind: 'unreachable',
      problem: 'the daemon sent no valid HTTP answer',
    });
  });

  test('silence and nothing listening are unreachable', async () => {
    const url = await serve(() => {});
    assert.deepEqual(await daemonRequest({ url, token: undefined }, '/', { timeoutMs: 100 }), {
      kind: 'unreachable',
      problem: 'no answer within 100 ms',
    });
    assert.deepEqual(await daemonRequest({ url: 'http://127.0.0.1:1', token: undefined }, '/'), {
      kind: 'unreachable',
      problem: 'no daemon is listening at http://127.0.0.1:1',
    });
    assert.equal((await daemonRequest({ url: 'https://example.test', token: undefined }, '/')).kind, 'unreachable');
  });
});
