// Reads one account's usage windows from `GET /api/oauth/usage` with that account's own OAuth access token (research
// §2.1). The endpoint is undocumented and rate-limits hard, so every answer is a typed outcome the poller can act
// on (back off, say the token expired…), never a throw. The token goes into the Authorization header and nowhere
// else: not into an outcome's message, not into a log, and not through a redirect (redirects are refused, as
// Claude Code's own reader does).
import { instantFrom, isRecord, percentFrom, textFrom } from './lenient-fields';
import { bucketsFrom, type UsageBuckets, type UsageWindow } from './usage-window';

export type UsageApiOutcome =
  | { readonly kind: 'ok'; readonly buckets: UsageBuckets }
  /** 429. `retryAfterMs` only when the answer named a wait: the endpoint sends `retry-after: 0` while it keeps
   *  refusing for half an hour or more (claude-code#31637), so 0 means "unknown", not "now". */
  | { readonly kind: 'rate-limited'; readonly retryAfterMs?: number; readonly message: string }
  /** 401: the access token expired or was revoked. */
  | { readonly kind: 'unauthorized'; readonly message: string }
  /** 403: the token lacks the `user:profile` scope the endpoint needs. */
  | { readonly kind: 'forbidden'; readonly message: string }
  /** Anything else: unreachable, timed out, another status, an answer that is not the usage JSON. */
  | { readonly kind: 'error'; readonly message: string; readonly status?: number };

export interface OAuthUsageClientOptions {
  /** Where the endpoint lives; https, or http on a loopback address (the fake in tests). */
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  /** The usage JSON is under a kilobyte; an answer larger than this is cut off and reported. */
  readonly maxBodyBytes?: number;
  /** The clock used to read a `retry-after` given as an HTTP date. */
  readonly now?: () => number;
}

export const DEFAULT_USAGE_API_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class OAuthUsageClient {
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly now: () => number;

  constructor(options: OAuthUsageClientOptions = {}) {
    const base = new URL(options.baseUrl ?? DEFAULT_USAGE_API_BASE_URL);
    if (base.protocol !== 'https:' && !(base.protocol === 'http:' && LOOPBACK_HOSTS.has(base.hostname))) {
      throw new Error(`the usage API base URL must be https (or http on a loopback address), not ${base.origin}`);
    }
    this.url = `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/oauth/usage`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.now = options.now ?? Date.now;
  }

  /** Reads the usage windows of the account `token` belongs to. Never throws. */
  async read(token: string): Promise<UsageApiOutcome> {
    const outcome = await this.request(token);
    // Whatever text an outcome carries came from outside (a server's message, a network error): a server that
    // echoes the token back must not get it into ssg's logs.
    return 'message' in outcome ? { ...outcome, message: redact(outcome.message, token) } : outcome;
  }

  private async request(token: string): Promise<UsageApiOutcome> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    let body: string;
    try {
      response = await fetch(this.url, {
        headers: {
          Authorization: `Bearer ${token}`,
          'anthropic-beta': 'oauth-2025-04-20',
          Accept: 'application/json',
        },
        redirect: 'error',
        signal,
      });
      body = await readText(response, this.maxBodyBytes);
    } catch (error) {
      if (signal.aborted) return { kind: 'error', message: `the usage API did not answer within ${this.timeoutMs} ms` };
      return { kind: 'error', message: `could not read ${this.url}: ${describe(error)}` };
    }

    if (response.status === 200) return usageOutcome(body);
    const apiMessage = errorMessageOf(body);
    const said = apiMessage ? ` (the API said: ${apiMessage})` : '';
    switch (response.status) {
      case 429: {
        const retryAfterMs = retryAfterMsOf(response.headers.get('retry-after'), this.now());
        return {
          kind: 'rate-limited',
          ...(retryAfterMs !== undefined && { retryAfterMs }),
          message: `the usage API is rate-limiting requests (429)${said}`,
        };
      }
      case 401:
        return {
          kind: 'unauthorized',
          message:
            `the usage API rejected the account's access token (401): it has expired or was revoked${said}. ` +
            'ssg never refreshes tokens; Claude Code refreshes it the next time it runs on this account, ' +
            'or log in again with claude auth login',
        };
      case 403:
        return {
          kind: 'forbidden',
          message:
            "the usage API refused the account's access token (403): it lacks the user:profile scope the usage " +
            `endpoint needs${said}; log in to the account again with claude auth login`,
        };
      default:
        return { kind: 'error', status: response.status, message: `the usage API answered ${response.status}${said}` };
    }
  }
}

/** The body as text, or a throw once it passes `maxBytes` (the rest is not read). */
async function readText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Error(`the answer is larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function usageOutcome(body: string): UsageApiOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'error', status: 200, message: 'the usage API answered 200 with a body that is not JSON' };
  }
  if (!isRecord(json))
    return { kind: 'error', status: 200, message: 'the usage API answered 200 without a JSON object' };
  return { kind: 'ok', buckets: bucketsFrom([...topLevelWindows(json), ...scopedWindows(json.limits)]) };
}

/** `five_hour`, `seven_day`, `seven_day_opus`…: every top-level `{utilization, resets_at}`. A bucket that is null, or
 *  whose utilization is null, is unknown; `resets_at: null` is a window that has not started. `extra_usage` is paid
 *  overage spend (its utilization is of a monthly money cap), not a usage window. */
function topLevelWindows(json: Record<string, unknown>): [string, UsageWindow][] {
  const windows: [string, UsageWindow][] = [];
  for (const [name, value] of Object.entries(json)) {
    if (name === 'extra_usage' || !isRecord(value) || !('resets_at' in value) || name.length > 128) continue;
    const window = windowOf(value.utilization, value.resets_at);
    if (window) windows.push([name, window]);
  }
  return windows;
}

/** The newer `limits[]` rows for model- or surface-scoped windows (e.g. a weekly window for one model), named
 *  `<kind>:<label>`. The `session` and `weekly_all` rows repeat `five_hour` and `seven_day`. */
function scopedWindows(limits: unknown): [string, UsageWindow][] {
  if (!Array.isArray(limits)) return [];
  const windows: [string, UsageWindow][] = [];
  for (const row of limits.slice(0, 64)) {
    if (!isRecord(row)) continue;
    const kind = textFrom(row.kind, 64);
    if (kind === undefined || kind === 'session' || kind === 'weekly_all') continue;
    const scope = isRecord(row.scope) ? row.scope : {};
    const label = [scope.model, scope.surface]
      .map((part) => (isRecord(part) ? textFrom(part.display_name, 64) : undefined))
      .find(Boolean);
    const window = windowOf(row.percent, row.resets_at);
    if (label !== undefined && window) windows.push([`${kind}:${label}`, window]);
  }
  return windows;
}

function windowOf(utilization: unknown, resetsAt: unknown): UsageWindow | undefined {
  const usedPercent = percentFrom(utilization);
  if (usedPercent === undefined) return undefined;
  const resets = instantFrom(resetsAt);
  return resets === undefined ? { usedPercent } : { usedPercent, resetsAt: resets };
}

/** `retry-after` as seconds or an HTTP date; 0, a past date or nonsense is undefined (unknown). */
function retryAfterMsOf(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return seconds > 0 ? seconds * 1000 : undefined;
  }
  const at = Date.parse(text);
  return Number.isFinite(at) && at > now ? at - now : undefined;
}

/** The message of an Anthropic error body (`{"type":"error","error":{"type":…,"message":…}}`), shortened. */
function errorMessageOf(body: string): string | undefined {
  try {
    const json: unknown = JSON.parse(body);
    const message = isRecord(json) && isRecord(json.error) ? json.error.message : undefined;
    return typeof message === 'string' && message.length > 0 ? message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

function redact(text: string, token: string): string {
  return token.length > 0 ? text.split(token).join('[token]') : text;
}
