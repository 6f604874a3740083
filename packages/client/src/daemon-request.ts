// One JSON request to the local daemon. Every hook makes one before each tool call, so this speaks HTTP/1.1 over
// node:net itself: node:http (and fetch's undici even more) takes several milliseconds to load and set up, which
// would be most of what a hook adds to an agent's tool call. One request per connection (`Connection: close`), a
// body the daemon always sends with Content-Length (chunked is decoded too, to be safe). Connection failures
// resolve to `unreachable` rather than throwing, because every caller has a defined answer for a daemon that is
// not running.
import { connect } from 'node:net';
import type { DaemonEndpoint } from './daemon-endpoint';
import { type DaemonReply, replyFrom } from './daemon-reply';
import { SERVICE_TOKEN_HEADER_NAME } from '@ssg/contracts/service-token-header';

export type { DaemonReply };

export interface DaemonRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  timeoutMs?: number;
}

export function daemonRequest<T>(
  endpoint: DaemonEndpoint,
  path: string,
  { method = 'GET', body, timeoutMs = 5000 }: DaemonRequestOptions = {},
): Promise<DaemonReply<T>> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(path, endpoint.url);
      if (url.protocol !== 'http:') throw new Error('not http');
    } catch {
      resolve({ kind: 'unreachable', problem: `the daemon url ${JSON.stringify(endpoint.url)} is not an http url` });
      return;
    }
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const head = [
      `${method} ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Accept: application/json',
      'Connection: close',
      ...(endpoint.token ? [`${SERVICE_TOKEN_HEADER_NAME}: ${endpoint.token}`] : []),
      ...(payload ? ['Content-Type: application/json', `Content-Length: ${payload.length}`] : []),
    ];
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (reply: DaemonReply<T>): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(reply);
    };
    socket.setTimeout(timeoutMs, () => finish({ kind: 'unreachable', problem: `no answer within ${timeoutMs} ms` }));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        kind: 'unreachable',
        problem: error.code === 'ECONNREFUSED' ? `no daemon is listening at ${endpoint.url}` : error.message,
      }),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish(toReply<T>(Buffer.concat(chunks))));
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    if (payload) socket.end(payload);
    else socket.end();
  });
}

function toReply<T>(raw: Buffer): DaemonReply<T> {
  const split = raw.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, Math.max(split, 0)).toString('latin1'))?.[1]);
  if (split < 0 || !status) return { kind: 'unreachable', problem: 'the daemon sent no valid HTTP answer' };
  const headers = raw.subarray(0, split).toString('latin1');
  let content = raw.subarray(split + 4);
  if (/^transfer-encoding:\s*chunked/im.test(headers)) content = dechunk(content);
  return replyFrom<T>(status, content.toString('utf8'));
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
