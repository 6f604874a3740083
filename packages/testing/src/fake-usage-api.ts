// A stand-in for Anthropic's OAuth usage endpoint (`GET /api/oauth/usage`) on loopback, answering in its real JSON
// shape (research §2.1): each access token has its own windows, and a token can be switched to the endpoint's
// failures — its persistent 429 with `retry-after: 0`, a 401 for an expired token, a 403 for a token without
// the user:profile scope — or to broken answers a client must survive. Every request is logged (which token,
// when) so tests can check how often, and with what, the endpoint was asked.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One window as the test sets it; `resetsAt` in epoch ms, null while the window has not started. */
export interface FakeUsageWindow {
  readonly utilization: number | null;
  readonly resetsAt: number | null;
}

export type FakeUsageMode =
  | 'ok'
  | 'rate-limited'
  | 'unauthorized'
  | 'forbidden'
  /** 200 with a body cut off in the middle of the JSON. */
  | 'malformed-json'
  /** 200 with a 2 MB body. */
  | 'huge-body'
  /** Takes the request and never answers. */
  | 'no-answer';

export interface FakeUsageRequest {
  /** The bearer token sent, or undefined without an Authorization header. */
  readonly token: string | undefined;
  readonly at: number;
  readonly anthropicBeta: string | undefined;
}

const RATE_LIMITED = {
  type: 'error',
  error: { type: 'rate_limit_error', message: 'Rate limited. Please try again later.' },
};

/** The buckets the real endpoint lists even when they are null. */
const EMPTY_USAGE = {
  five_hour: null,
  seven_day: null,
  seven_day_oauth_apps: null,
  seven_day_opus: null,
  seven_day_sonnet: null,
  iguana_necktie: null,
  extra_usage: { is_enabled: false, monthly_limit: null, used_credits: null, utilization: null },
};

export class FakeUsageApi {
  /** Every request to the usage path, in arrival order. */
  readonly requests: FakeUsageRequest[] = [];
  private readonly server: Server;
  private readonly bodies = new Map<string, unknown>();
  private readonly modes = new Map<string, FakeUsageMode>();
  private modeForAll: FakeUsageMode | undefined;

  private constructor(private readonly now: () => number) {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  static async start(options: { now?: () => number } = {}): Promise<FakeUsageApi> {
    const api = new FakeUsageApi(options.now ?? Date.now);
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  /** The base URL (no trailing slash); the endpoint is `${url}/api/oauth/usage`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What `token`'s account has used: named windows (`five_hour`, `seven_day`, `seven_day_opus`…), null for a
   *  bucket the plan does not have. Unset buckets answer null, as the real endpoint does. */
  setUsage(token: string, windows: Readonly<Record<string, FakeUsageWindow | null>>): void {
    const body: Record<string, unknown> = { ...EMPTY_USAGE };
    for (const [name, window] of Object.entries(windows)) {
      body[name] = window && {
        utilization: window.utilization,
        resets_at: window.resetsAt === null ? null : isoWithMicroseconds(window.resetsAt),
      };
    }
    this.bodies.set(token, body);
  }

  /** Answers `token` with exactly this JSON, for shapes `setUsage` does not make. */
  setBody(token: string, body: unknown): void {
    this.bodies.set(token, body);
  }

  /** How to answer `token`, or every token when none is given (until set back to 'ok' the same way). */
  answerWith(mode: FakeUsageMode, token?: string): void {
    if (token === undefined) this.modeForAll = mode === 'ok' ? undefined : mode;
    else this.modes.set(token, mode);
  }

  /** The requests that carried `token`. */
  requestsFor(token: string): FakeUsageRequest[] {
    return this.requests.filter((request) => request.token === token);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/api/oauth/usage') {
      return json(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'Not found' } });
    }
    const authorization = req.headers.authorization;
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    const anthropicBeta = header(req, 'anthropic-beta');
    this.requests.push({ token, at: this.now(), anthropicBeta });

    if (!anthropicBeta?.split(',').includes('oauth-2025-04-20')) {
      return json(res, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'OAuth authentication is currently not supported.' },
      });
    }
    const body = token === undefined ? undefined : this.bodies.get(token);
    const mode = this.modeForAll ?? (token === undefined ? undefined : this.modes.get(token)) ?? 'ok';
    if (body === undefined && mode === 'ok') {
      return json(res, 401, {
        type: 'error',
        error: { type: 'authentication_error', message: 'Invalid bearer token' },
      });
    }
    switch (mode) {
      case 'ok':
        return json(res, 200, body);
      case 'rate-limited':
        return json(res, 429, RATE_LIMITED, { 'retry-after': '0' });
      case 'unauthorized':
        return json(res, 401, {
          type: 'error',
          error: { type: 'authentication_error', message: 'OAuth token has expired.' },
        });
      case 'forbidden':
        return json(res, 403, {
          type: 'error',
          error: { type: 'permission_error', message: 'OAuth token does not meet scope requirement user:profile' },
        });
      case 'malformed-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"five_hour":{"utilization":61.0,"resets_at":"2026-');
      case 'huge-body': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"five_hour":null,"padding":"');
        const megabyte = 'x'.repeat(1024 * 1024);
        res.write(megabyte);
        res.write(megabyte);
        return void res.end('"}');
      }
      case 'no-answer':
        return;
    }
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The endpoint's timestamp format: `2026-01-28T07:59:59.571404+00:00`. */
function isoWithMicroseconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}
