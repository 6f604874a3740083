// Codex's session logs: `<CODEX_HOME or ~/.codex>/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl` (moved
// unchanged to `archived_sessions/` when archived). `turn_context` lines name the model of the turns that follow;
// each model response adds an `event_msg` of type `token_count`:
//   {"type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{…},"last_token_usage":{…}}}}
// with `input_tokens`, `cached_input_tokens`, `cache_write_input_tokens`, `output_tokens`,
// `reasoning_output_tokens`, `total_tokens` (as written by codex 0.169.0). `last_token_usage` is that response,
// `total_token_usage` the session's running total, which only grows — so the session file plus that total
// names one response, and Codex repeating a token_count (it does, with the rate limits) adds nothing.
// Resuming a session appends to the same file and continues the running total.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isRecord, parseJsonObject, shortName, timestamp, tokenCount, tokenCounts } from './log-fields';
import type { LineResult, LogFile, LogSource, ParseState } from './log-source';

export const CODEX_CLIENT = 'codex';

const ROLLOUT_FILE = /^rollout-.*\.jsonl$/;
const SESSION_ID_IN_NAME = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export function codexHome(env: NodeJS.ProcessEnv): string {
  return env.CODEX_HOME || join(env.HOME || homedir(), '.codex');
}

export interface CodexSessionsOptions {
  env: NodeJS.ProcessEnv;
}

export function codexSessions({ env }: CodexSessionsOptions): LogSource {
  return {
    client: CODEX_CLIENT,
    provider: 'openai',
    roots: () => [resolve(codexHome(env), 'sessions'), resolve(codexHome(env), 'archived_sessions')],
    isLogFile: (name) => ROLLOUT_FILE.test(name),
    parseLine: parseCodexSessionLine,
  };
}

export function parseCodexSessionLine(line: string, file: LogFile, state: ParseState): LineResult {
  // Cheap test first: most lines are messages, tool calls and their (long) outputs.
  if (!line.includes('"token_count"') && !line.includes('"turn_context"') && !line.includes('"session_meta"')) {
    return 'ignored';
  }
  const entry = parseJsonObject(line);
  if (!entry) return 'malformed';
  const payload = entry.payload;
  if (!isRecord(payload)) return 'ignored';
  if (entry.type === 'session_meta') {
    const id = shortName(payload.id);
    if (id !== undefined) state.sessionId = id;
    return 'ignored';
  }
  if (entry.type === 'turn_context') {
    const model = shortName(payload.model);
    if (model === undefined) return 'malformed';
    state.model = model;
    return 'ignored';
  }
  if (entry.type !== 'event_msg' || payload.type !== 'token_count') return 'ignored';
  // A token_count that only updates the rate limits has no usage yet.
  if (payload.info === null || payload.info === undefined) return 'ignored';
  const info = payload.info;
  if (!isRecord(info) || !isRecord(info.total_token_usage) || !isRecord(info.last_token_usage)) return 'malformed';
  // Unlike the other counts, a missing running total is not 0: it is the key.
  const total = info.total_token_usage.total_tokens;
  const runningTotal = total === undefined || total === null ? undefined : tokenCount(total);
  const last = info.last_token_usage;
  const counts = tokenCounts({
    input: last.input_tokens,
    cached: last.cached_input_tokens,
    cacheWrite: last.cache_write_input_tokens,
    output: last.output_tokens,
  });
  if (runningTotal === undefined || !counts) return 'malformed';
  return {
    key: `${CODEX_CLIENT}:${file.name}:${runningTotal}`,
    sessionId: state.sessionId ?? SESSION_ID_IN_NAME.exec(file.name)?.[1],
    model: state.model ?? 'unknown',
    at: timestamp(entry.timestamp),
    // OpenAI counts cached (and cache-written) input inside input_tokens, and reasoning inside output_tokens:
    // the uncached remainder is billed at the input rate, the cached part at the cached rate.
    usage: {
      inputTokens: Math.max(0, counts.input - counts.cached - counts.cacheWrite),
      cacheReadTokens: counts.cached,
      cacheWriteTokens: counts.cacheWrite,
      outputTokens: counts.output,
    },
  };
}
