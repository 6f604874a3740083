// One JSON request to the local daemon. Every hook makes one before each tool call, so this speaks HTTP/1.1 over
// node:net itself: node:http (and fetch's undici even more) takes several milliseconds to load and set up, which
// would be most of what a hook adds to an agent's tool call. One request per connection (`Connection: close`), a
// body the daemon always sends with Content-Length (chunked is decoded too, to be safe). Connection failures
// resolve to `unreachable` rather than throwing, because every caller has a defined answer for a daemon that is
// not running.
//
// The socket is never half-closed after the request: a server may take a half-closed connection for a caller
// that left, and drop an answer it holds on purpose (an ASK waiting for a person's approval).
//
// When the endpoint knows the daemon's key, the request carries a fresh nonce and an answer counts only with the
// daemon's signature over it (@ssg/contracts/daemon-proof); anything else that answers on the port is treated as
// no daemon at all.
import { connect } from 'node:net';
import type { DaemonEndpoint } from './daemon-endpoint';
import { type DaemonReply, replyFrom } from './daemon-reply';
import { DAEMON_NONCE_HEADER, DAEMON_PROOF_HEADER } from '@ssg/contracts/daemon-proof';
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
    const nonce = endpoint.publicKey === undefined ? undefined : freshNonce();
    const head = [
      `${method} ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      'Accept: application/json',
      'Connection: close',
      ...(endpoint.token ? [`${SERVICE_TOKEN_HEADER_NAME}: ${endpoint.token}`] : []),
      ...(nonce ? [`${DAEMON_NONCE_HEADER}: ${nonce}`] : []),
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
    // The proof's checker is loaded once the request has left, while the daemon works on it (loading blocks this
    // process for milliseconds; see daemon-proof-check.ts), and at the latest when the answer is in.
    let checker: Promise<typeof import('./daemon-proof-check')> | undefined;
    const loadChecker = () => (checker ??= import('./daemon-proof-check'));
    const text = `${head.join('\r\n')}\r\n\r\n`;
    socket.write(payload ? Buffer.concat([Buffer.from(text), payload]) : text, () => {
      if (nonce !== undefined) void loadChecker();
    });
    socket.on('end', () => {
      const answer = parseAnswer(Buffer.concat(chunks));
      if (!answer) return finish({ kind: 'unreachable', problem: 'the daemon sent no valid HTTP answer' });
      if (nonce === undefined || endpoint.publicKey === undefined) {
        return finish(replyFrom<T>(answer.status, answer.text()));
      }
      const { publicKey } = endpoint;
      void loadChecker().then(({ proofHolds }) => {
        const proof = answer.header(DAEMON_PROOF_HEADER);
        finish(
          proof !== undefined && proofHolds(publicKey, nonce, answer.status, answer.content, proof)
            ? replyFrom<T>(answer.status, answer.text())
            : { kind: 'unproven', problem: `what answers at ${endpoint.url} could not prove it is ssg's daemon` },
        );
      });
    });
  });
}

/** 128 bits for the daemon to sign. Not node:crypto (see daemon-proof-check.ts); a nonce needs only to be fresh. */
function freshNonce(): string {
  let nonce = '';
  for (let i = 0; i < 4; i++)
    nonce += Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return nonce;
}

interface Answer {
  status: number;
  content: Buffer;
  header(name: string): string | undefined;
  text(): string;
}

function parseAnswer(raw: Buffer): Answer | undefined {
  const split = raw.indexOf('\r\n\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, Math.max(split, 0)).toString('latin1'))?.[1]);
  if (split < 0 || !status) return undefined;
  const headers = raw.subarray(0, split).toString('latin1');
  let content = raw.subarray(split + 4);
  if (/^transfer-encoding:\s*chunked/im.test(headers)) content = dechunk(content);
  return {
    status,
    content,
    header: (name) => new RegExp(`^${name}:[ \\t]*(\\S+)[ \\t]*\\r?$`, 'im').exec(headers)?.[1],
    text: () => content.toString('utf8'),
  };
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
