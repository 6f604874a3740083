// The typed client over fetch, for a page the daemon serves (the dashboard: same origin, its session cookie) or
// any caller that brings its own headers.
import type { DaemonTransport } from './daemon-client';
import { replyFrom } from './daemon-reply';

export interface FetchTransportOptions {
  /** Prefix of every path; '' for a page on the daemon's own origin. */
  baseUrl?: string;
  headers?: Record<string, string>;
}

export const fetchTransport =
  ({ baseUrl = '', headers = {} }: FetchTransportOptions = {}): DaemonTransport =>
  async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      return { kind: 'unreachable', problem: error instanceof Error ? error.message : String(error) };
    }
    return replyFrom(response.status, await response.text());
  };
