// What a tool call did, as one short readable text for the audit log and the approval queue: the command of an
// execute call, the path (and how much was written) of a write, the url of a network call, the input as JSON
// otherwise — always with secrets redacted and cut to MAX_SUMMARY_CHARS, because a Write can carry megabytes.
import { resolveField, type ToolCall } from '@ssg/engine';
import type { SummarizedCall } from '@ssg/contracts/summarized-call';
import { redactSecrets } from './redact';

export const MAX_SUMMARY_CHARS = 2048;

/**
 * How much of a long text is redacted before the summary is cut to size. Larger than the summary, so that a
 * secret shortened away by redaction cannot pull text from beyond the scanned part into view.
 */
const SCAN_CHARS = 16 * 1024;

/**
 * The end of a text cut mid-word: dropped, so that no partial secret (too short to be recognised) survives.
 * Bounded, so that one huge word (a base64 blob) still shows its beginning; secrets are shorter than that.
 */
const PARTIAL_WORD = /[^\s"'`,;(){}[\]<>|&]{0,256}$/;

const ELLIPSIS = '…';

const commandField = resolveField('command');
const pathField = resolveField('path');
const contentField = resolveField('content');
const urlField = resolveField('url');

/** The call as the audit record and the approval request show it: who called which tool where, and the summary. */
export function summarizeCall(call: ToolCall): SummarizedCall {
  return {
    tool: call.tool,
    capability: call.capability,
    client: call.client,
    ...(call.sessionId !== undefined && { sessionId: call.sessionId }),
    ...(call.cwd !== undefined && { cwd: call.cwd }),
    summary: summarizeInput(call),
  };
}

export function summarizeInput(call: ToolCall): string {
  const described = describe(call);
  return summarizeText(described ?? inputJson(call.input));
}

/** Any text made fit for storing and showing: redacted, and at most MAX_SUMMARY_CHARS long. */
export function summarizeText(text: string): string {
  const scanned = clip(text, SCAN_CHARS);
  const redacted = redactSecrets(scanned);
  if (redacted.length > MAX_SUMMARY_CHARS) return `${cutAt(redacted, MAX_SUMMARY_CHARS - 1)}${ELLIPSIS}`;
  return scanned.length < text.length ? `${redacted}${ELLIPSIS}` : redacted;
}

function describe(call: ToolCall): string | undefined {
  switch (call.capability) {
    case 'execute':
      return commandField.read(call) || undefined;
    case 'write': {
      const path = pathField.read(call);
      if (path === '') return undefined;
      const content = contentField.read(call);
      return content === '' ? path : `${path} (${formatBytes(Buffer.byteLength(content, 'utf8'))})`;
    }
    case 'network':
      return urlField.read(call) || undefined;
    default:
      return undefined;
  }
}

/** JSON of the input with every long string clipped first, so a huge field costs no more than a short one. */
function inputJson(input: Record<string, unknown>): string {
  try {
    return JSON.stringify(input, (_key, value: unknown) =>
      typeof value === 'string' && value.length > SCAN_CHARS ? `${clip(value, SCAN_CHARS)}${ELLIPSIS}` : value,
    );
  } catch {
    // A BigInt or a cycle: an adapter bug, not worth losing the audit record over.
    return '(input not serialisable)';
  }
}

/** The text cut to `limit` characters, without the word the cut went through. */
function clip(text: string, limit: number): string {
  return text.length <= limit ? text : cutAt(text, limit).replace(PARTIAL_WORD, '');
}

/** `text.slice(0, limit)`, one shorter when the cut would split a surrogate pair (an emoji). */
function cutAt(text: string, limit: number): string {
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
