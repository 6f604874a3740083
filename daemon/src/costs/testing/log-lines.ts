// Test support: log lines in the shapes the real CLIs write (see the fixtures), for tests that append to logs
// as a running session would.
export interface ClaudeResponse {
  id: string;
  requestId?: string;
  model?: string;
  sessionId?: string;
  timestamp?: string;
  input?: number;
  output?: number;
  cacheWrite?: number;
  cacheRead?: number;
  /** The content block this line carries (Claude Code writes one line per block). */
  block?: Record<string, unknown>;
}

export function claudeAssistantLine(response: ClaudeResponse): string {
  return JSON.stringify({
    parentUuid: null,
    isSidechain: false,
    message: {
      id: response.id,
      type: 'message',
      role: 'assistant',
      model: response.model ?? 'claude-sonnet-4-5-20250929',
      content: [response.block ?? { type: 'text', text: 'Done.' }],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: response.input ?? 0,
        cache_creation_input_tokens: response.cacheWrite ?? 0,
        cache_read_input_tokens: response.cacheRead ?? 0,
        output_tokens: response.output ?? 0,
        service_tier: 'standard',
      },
    },
    requestId: response.requestId ?? `req_${response.id}`,
    type: 'assistant',
    uuid: `uuid-${response.id}-${Math.random().toString(36).slice(2)}`,
    timestamp: response.timestamp ?? '2026-11-23T12:00:00.000Z',
    userType: 'external',
    cwd: '/home/dev/project',
    sessionId: response.sessionId ?? 'session-1',
    version: '2.1.330',
  });
}

export function codexTurnContextLine(model: string): string {
  return JSON.stringify({
    timestamp: '2026-11-23T12:00:00.000Z',
    type: 'turn_context',
    payload: { turn_id: 'turn-1', cwd: '/home/dev/project', approval_policy: 'never', model, summary: 'none' },
  });
}

export interface CodexTurn {
  /** The session's running total after this response. */
  runningTotal: number;
  input: number;
  cached?: number;
  output: number;
}

export function codexTokenCountLine(turn: CodexTurn): string {
  const last = {
    input_tokens: turn.input,
    cached_input_tokens: turn.cached ?? 0,
    cache_write_input_tokens: 0,
    output_tokens: turn.output,
    reasoning_output_tokens: 0,
    total_tokens: turn.input + turn.output,
  };
  return JSON.stringify({
    timestamp: '2026-11-23T12:00:01.000Z',
    type: 'event_msg',
    payload: {
      type: 'token_count',
      info: {
        total_token_usage: { ...last, total_tokens: turn.runningTotal },
        last_token_usage: last,
        model_context_window: 258400,
      },
      rate_limits: null,
    },
  });
}
