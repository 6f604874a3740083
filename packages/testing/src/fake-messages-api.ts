// A stand-in for Anthropic's Messages API on loopback, speaking its real wire format (JSON and the SSE stream),
// so the real Claude Code CLI can run a scripted conversation offline. The model is the only fake part: each
// request that offers tools (the agent's own loop) takes the next scripted turn; side requests Claude Code makes
// without tools (titles, summaries) get a short text answer. Every request body is kept for assertions, with the
// credential it came with. Per credential, the API can report a 5-hour usage window in the `anthropic-ratelimit-
// unified-*` headers Claude Code reads for its status line, or refuse with the 429 a subscription that has used up
// its 5-hour window gets (docs/terminal/claude-code-facts.md shows what Claude Code makes of each).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedTurn =
  { readonly toolUse: { readonly name: string; readonly input: Record<string, unknown> } } | { readonly text: string };

export interface MessagesRequest {
  readonly model: string;
  readonly stream?: boolean;
  readonly tools?: readonly { name: string }[];
  readonly messages: readonly { role: string; content: string | readonly ContentBlock[] }[];
}

export interface ContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly tool_use_id?: string;
  readonly content?: string | readonly { type: string; text?: string }[];
  readonly is_error?: boolean;
}

/** What a request authenticated with: an API key (`x-api-key`) or an OAuth access token (`Authorization: Bearer`). */
export interface Credential {
  readonly scheme: 'x-api-key' | 'bearer';
  readonly token: string;
}

/** One /v1/messages request as received, and the status it was answered with. */
export interface MessagesExchange {
  readonly request: MessagesRequest;
  /** Undefined for a request that carried neither header. */
  readonly credential: Credential | undefined;
  readonly status: number;
}

/** A credential's 5-hour window, as the unified rate-limit headers carry it. */
export interface FiveHourWindow {
  /** Fraction of the window used, as the API sends it: 0.42 shows as 42 % in Claude Code's status line. */
  readonly utilization: number;
  /** When the window resets, in Unix seconds. */
  readonly resetsAt: number;
}

/** Token counts reported for every answer; the cost ledger prices these. */
export const FAKE_USAGE = {
  input_tokens: 1200,
  output_tokens: 80,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

type AnswerBlock =
  { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> } | { type: 'text'; text: string };

interface FakeMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnswerBlock[];
  stop_reason: 'tool_use' | 'end_turn';
  stop_sequence: null;
  usage: typeof FAKE_USAGE;
}

export class FakeMessagesApi {
  /** Every /v1/messages request, in arrival order. */
  readonly requests: MessagesRequest[] = [];
  /** The same requests with the credential each came with and the status it got. */
  readonly exchanges: MessagesExchange[] = [];
  private readonly server: Server;
  /** Per token: the window reported in the headers of every answer, or (limited) the usage-limit refusal. */
  private readonly windows = new Map<string, { window: FiveHourWindow; limited: boolean }>();
  /** Per token: how long the model "thinks" before it answers. */
  private readonly thinking = new Map<string, number>();
  private readonly script: ScriptedTurn[];
  private nextId = 1;

  private constructor(script: readonly ScriptedTurn[]) {
    this.script = [...script];
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  static async start(script: readonly ScriptedTurn[]): Promise<FakeMessagesApi> {
    const api = new FakeMessagesApi(script);
    await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers requests made with `token` with the unified rate-limit headers of this 5-hour window. */
  reportFiveHourWindow(token: string, window: FiveHourWindow): void {
    this.windows.set(token, { window, limited: false });
  }

  /**
   * From now on, refuses every Messages request made with `token` as Anthropic refuses a subscription whose 5-hour
   * window is used up (429, `anthropic-ratelimit-unified-status: rejected`), the window resetting at `resetsAt`
   * (Unix seconds). Claude Code shows "You've hit your 5-hour limit · resets …" and fires StopFailure `rate_limit`.
   */
  refuseWithUsageLimit(token: string, resetsAt: number): void {
    this.windows.set(token, { window: { utilization: 1, resetsAt }, limited: true });
  }

  /**
   * Answers requests made with `token` only after `delayMs`, as a real model takes seconds to its first token:
   * Claude Code shows its spinner meanwhile, and whatever is on its screen stays there that long.
   */
  thinkBeforeAnswering(token: string, delayMs: number): void {
    this.thinking.set(token, delayMs);
  }

  /** The tool_result blocks Claude Code sent back, with their text flattened. */
  toolResults(): { toolUseId: string; text: string; isError: boolean }[] {
    const results = new Map<string, { toolUseId: string; text: string; isError: boolean }>();
    for (const request of this.requests) {
      for (const message of request.messages) {
        if (typeof message.content === 'string') continue;
        for (const block of message.content) {
          if (block.type !== 'tool_result' || !block.tool_use_id) continue;
          const text =
            typeof block.content === 'string'
              ? block.content
              : (block.content ?? []).map((part) => part.text ?? '').join('\n');
          results.set(block.tool_use_id, { toolUseId: block.tool_use_id, text, isError: block.is_error === true });
        }
      }
    }
    return [...results.values()];
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST' || !path.startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `no route ${path}` } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as MessagesRequest;
    if (path === '/v1/messages/count_tokens') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: FAKE_USAGE.input_tokens }));
      return;
    }
    const credential = credentialOf(req);
    const window = credential && this.windows.get(credential.token);
    this.requests.push(body);
    this.exchanges.push({ request: body, credential, status: window?.limited ? 429 : 200 });
    if (window?.limited) {
      this.refuse(res, window.window);
      return;
    }
    const thinkMs = credential && this.thinking.get(credential.token);
    if (thinkMs) await new Promise((resolve) => setTimeout(resolve, thinkMs));
    const rateLimitHeaders = window ? unifiedHeaders(window.window, 'allowed') : {};
    const agentLoop = (body.tools?.length ?? 0) > 0;
    const turn: ScriptedTurn = (agentLoop ? this.script.shift() : undefined) ?? { text: 'Done.' };
    const message = this.message(body.model, turn);
    if (body.stream) this.stream(res, message, rateLimitHeaders);
    else {
      res.writeHead(200, {
        'content-type': 'application/json',
        'request-id': `req_fake_${message.id}`,
        ...rateLimitHeaders,
      });
      res.end(JSON.stringify(message));
    }
  }

  /** The usage-limit refusal: Claude Code does not retry it and reads the window and reset from the headers. */
  private refuse(res: ServerResponse, window: FiveHourWindow): void {
    const requestId = `req_fake_limit_${this.nextId++}`;
    res.writeHead(429, {
      'content-type': 'application/json',
      'request-id': requestId,
      ...unifiedHeaders(window, 'rejected'),
    });
    res.end(
      JSON.stringify({
        type: 'error',
        error: {
          type: 'rate_limit_error',
          message: "This request would exceed your account's rate limit. Please try again later.",
        },
        request_id: requestId,
      }),
    );
  }

  private message(model: string, turn: ScriptedTurn): FakeMessage {
    const id = `msg_fake_${this.nextId++}`;
    const content: AnswerBlock[] =
      'toolUse' in turn
        ? [{ type: 'tool_use', id: `toolu_fake_${this.nextId}`, name: turn.toolUse.name, input: turn.toolUse.input }]
        : [{ type: 'text', text: turn.text }];
    const stopReason: FakeMessage['stop_reason'] = 'toolUse' in turn ? 'tool_use' : 'end_turn';
    return {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: FAKE_USAGE,
    };
  }

  private stream(res: ServerResponse, message: FakeMessage, headers: Record<string, string>): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': `req_fake_${message.id}`,
      ...headers,
    });
    const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send('message_start', {
      type: 'message_start',
      message: { ...message, content: [], stop_reason: null, usage: { ...FAKE_USAGE, output_tokens: 1 } },
    });
    message.content.forEach((block, index) => {
      if (block.type === 'tool_use') {
        send('content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } });
        send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        });
      } else {
        send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: block.text },
        });
      }
      send('content_block_stop', { type: 'content_block_stop', index });
    });
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: message.stop_reason, stop_sequence: null },
      usage: { output_tokens: FAKE_USAGE.output_tokens },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  }
}

function credentialOf(req: IncomingMessage): Credential | undefined {
  const apiKey = req.headers['x-api-key'];
  if (typeof apiKey === 'string') return { scheme: 'x-api-key', token: apiKey };
  const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
  return bearer?.[1] ? { scheme: 'bearer', token: bearer[1] } : undefined;
}

/**
 * The subscription ("unified") rate-limit headers for a 5-hour window: Claude Code takes `rate_limits.five_hour` of
 * its status line from the `5h` ones, and the limit message's window and reset from `representative-claim` and
 * `reset` on a rejection.
 */
function unifiedHeaders(window: FiveHourWindow, status: 'allowed' | 'rejected'): Record<string, string> {
  const resetsAt = String(window.resetsAt);
  return {
    'anthropic-ratelimit-unified-status': status,
    'anthropic-ratelimit-unified-reset': resetsAt,
    'anthropic-ratelimit-unified-representative-claim': 'five_hour',
    'anthropic-ratelimit-unified-5h-status': status,
    'anthropic-ratelimit-unified-5h-utilization': String(window.utilization),
    'anthropic-ratelimit-unified-5h-reset': resetsAt,
  };
}
