// Claude Code's transcripts: `<config dir>/projects/<cwd slug>/<session id>.jsonl` (sub-agents' transcripts sit in
// folders below). Each assistant line carries the API response's `message.id`, `requestId`, `message.model` and
// `message.usage`. Claude Code writes one line per content block of a response, each repeating the usage, so
// the key `claude-code:<message.id>:<requestId>` makes a response count once however many lines it spans.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isRecord, parseJsonObject, shortName, timestamp, tokenCounts } from './log-fields';
import type { LineResult, LogFile, LogSource } from './log-source';

export const CLAUDE_CODE_CLIENT = 'claude-code';

/** What Claude Code writes as the model of messages it made up itself (API errors, interruptions): no cost. */
const SYNTHETIC_MODEL = '<synthetic>';

export interface ClaudeCodeTranscriptsOptions {
  env: NodeJS.ProcessEnv;
  /** More config dirs to read (the multi-account terminal's `<home>/claude-accounts/<id>/`), asked on every scan. */
  extraConfigDirs?: () => string[];
}

/**
 * Where Claude Code keeps its state: CLAUDE_CONFIG_DIR when set, else `~/.claude` — and `~/.config/claude`, which
 * some versions used instead. Reading a folder twice is harmless: the keys deduplicate.
 */
export function claudeConfigDirs(env: NodeJS.ProcessEnv): string[] {
  if (env.CLAUDE_CONFIG_DIR) return [env.CLAUDE_CONFIG_DIR];
  const home = env.HOME || homedir();
  return [join(home, '.claude'), join(env.XDG_CONFIG_HOME || join(home, '.config'), 'claude')];
}

export function claudeCodeTranscripts(options: ClaudeCodeTranscriptsOptions): LogSource {
  return {
    client: CLAUDE_CODE_CLIENT,
    provider: 'anthropic',
    roots: () => {
      const dirs = [...claudeConfigDirs(options.env), ...(options.extraConfigDirs?.() ?? [])];
      return [...new Set(dirs.map((dir) => resolve(dir, 'projects')))];
    },
    isLogFile: (name) => name.endsWith('.jsonl'),
    parseLine: (line, file) => parseClaudeTranscriptLine(line, file),
  };
}

export function parseClaudeTranscriptLine(line: string, file: LogFile): LineResult {
  // Most lines are prompts, tool results and attachments, some of them megabytes long: only a line that
  // mentions a usage can be a priced response, and checking that is far cheaper than parsing it.
  if (!line.includes('"usage"')) return 'ignored';
  const entry = parseJsonObject(line);
  if (!entry) return 'malformed';
  if (entry.type !== 'assistant') return 'ignored';
  const message = entry.message;
  if (!isRecord(message)) return 'malformed';
  const usage = message.usage;
  if (usage === undefined || usage === null) return 'ignored';
  if (!isRecord(usage)) return 'malformed';
  const model = message.model === undefined ? 'unknown' : shortName(message.model);
  if (model === SYNTHETIC_MODEL) return 'ignored';
  const id = shortName(message.id);
  const requestId = entry.requestId === undefined ? '' : shortName(entry.requestId);
  const cacheCreation = isRecord(usage.cache_creation) ? usage.cache_creation : {};
  const counts = tokenCounts({
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheWriteTokens: usage.cache_creation_input_tokens,
    cacheReadTokens: usage.cache_read_input_tokens,
    cacheWrite1hTokens: cacheCreation.ephemeral_1h_input_tokens,
  });
  if (model === undefined || id === undefined || requestId === undefined || !counts) return 'malformed';
  return {
    key: `${CLAUDE_CODE_CLIENT}:${id}:${requestId}`,
    sessionId: shortName(entry.sessionId) ?? file.name.replace(/\.jsonl$/, ''),
    model,
    at: timestamp(entry.timestamp),
    usage: counts,
  };
}
