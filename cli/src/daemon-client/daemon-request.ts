// One JSON request to the local daemon over node:http (no fetch: undici's start-up would cost every hook
// several milliseconds). Connection failures resolve to `unreachable` rather than throwing, because every
// caller has a defined answer for a daemon that is not running.
import { request } from 'node:http';
import { SERVICE_TOKEN_HEADER_NAME } from './service-token-header';
import type { DaemonEndpoint } from './daemon-endpoint';

export type DaemonReply<T> =
  | { kind: 'ok'; status: number; body: T }
  /** The daemon answered with an error status; `message` is its explanation. */
  | { kind: 'error'; status: number; message: string }
  /** Nothing answered (not running, wrong port, timed out): `problem` says which. */
  | { kind: 'unreachable'; problem: string };

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
    } catch {
      resolve({ kind: 'unreachable', problem: `the daemon url ${JSON.stringify(endpoint.url)} is not a url` });
      return;
    }
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (endpoint.token) headers[SERVICE_TOKEN_HEADER_NAME] = endpoint.token;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const req = request(url, { method, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => resolve({ kind: 'unreachable', problem: error.message }));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (status >= 200 && status < 300) resolve({ kind: 'ok', status, body: parsed as T });
        else resolve({ kind: 'error', status, message: errorMessage(parsed, text, status) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        kind: 'unreachable',
        problem: error.code === 'ECONNREFUSED' ? `no daemon is listening at ${endpoint.url}` : error.message,
      }),
    );
    req.end(payload);
  });
}

function errorMessage(parsed: unknown, text: string, status: number): string {
  const message = (parsed as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message !== '') return message;
  return text.trim().slice(0, 200) || `HTTP ${status}`;
}
