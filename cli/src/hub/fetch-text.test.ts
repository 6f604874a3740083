import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fetchText } from './fetch-text';

describe('fetchText', () => {
  let server: Server;
  let base = '';

  before(async () => {
    server = createServer((request, response) => {
      if (request.url === '/ok') response.end('héllo');
      else if (request.url === '/huge-declared') {
        response.setHeader('content-length', '100000');
        response.end('x'.repeat(100_000));
      } else if (request.url === '/huge-chunked') {
        for (let i = 0; i < 100; i++) response.write('x'.repeat(1000));
        response.end();
      } else if (request.url === '/silent') {
        // Never answers: the client's timeout must end the wait.
      } else if (request.url === '/error') {
        response.statusCode = 500;
        response.end('boom');
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const limits = { timeoutMs: 300, maxBytes: 10_000 };

  it('returns the body as UTF-8 text', async () => {
    assert.equal(await fetchText(new URL(`${base}/ok`), 'thing', limits), 'héllo');
  });

  const failures: { path: string; error: RegExp }[] = [
    { path: '/huge-declared', error: /the thing at .* is larger than 10000 bytes/ },
    { path: '/huge-chunked', error: /the thing at .* is larger than 10000 bytes/ },
    { path: '/silent', error: /cannot fetch the thing from .*: no answer within 0\.3 s/ },
    { path: '/error', error: /cannot fetch the thing from .*: HTTP 500 Internal Server Error/ },
    { path: '/missing', error: /HTTP 404 Not Found/ },
  ];
  for (const { path, error } of failures) {
    it(`fails in words: ${path}`, async () => {
      await assert.rejects(fetchText(new URL(`${base}${path}`), 'thing', limits), error);
    });
  }

  it('names a port that fetch refuses to use', async () => {
    await assert.rejects(fetchText(new URL('http://127.0.0.1:9/'), 'thing', limits), /an unsafe port/);
  });

  it('names an unknown host', async () => {
    await assert.rejects(
      fetchText(new URL('http://ssg-hub-test.invalid/'), 'thing', limits),
      /cannot fetch the thing from http:\/\/ssg-hub-test\.invalid\/: (host not found|no answer)/,
    );
  });
});
