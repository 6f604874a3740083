// What a condition's field reads from a tool call. Every field is a string; a missing one is "" (so
// `NOT CONTAINS` on a field the call lacks holds), and a value that is not a string is JSON-encoded.
import type { ToolCall } from './types';

export interface Field {
  /** The name as the rule spells it (known names in lower case). */
  name: string;
  /** One of the documented fields (or our `capability`), or `input.<key>`; otherwise lint warns. */
  known: boolean;
  /** Reads `input.command`, which the evaluator replaces with each simple command of a shell string. */
  readsCommand: boolean;
  /** Reads `target`: one path a view's command changes, resolved (shell/targets.ts); empty outside such a view. */
  readsTarget: boolean;
  read(call: ToolCall): string;
}

const NAMED_FIELDS: Record<string, (call: ToolCall) => string> = {
  command: (call) => inputText(call, 'command'),
  // Write/Edit/Read use file_path, other hosts path, NotebookEdit notebook_path.
  path: (call) => firstPresent(call, ['file_path', 'path', 'notebook_path']),
  content: readContent,
  tool: (call) => call.tool,
  // Our extension: one `any` rule can treat reads, writes and commands differently.
  capability: (call) => call.capability,
  // Our extension: the evaluator gives each path a shell command changes its own view; the call itself has none.
  target: () => '',
};

export const KNOWN_FIELD_NAMES: readonly string[] = [...Object.keys(NAMED_FIELDS), 'input.<key>'];

export function resolveField(written: string): Field {
  const lower = written.toLowerCase();
  const named = NAMED_FIELDS[lower];
  if (named) {
    return {
      name: lower,
      known: true,
      readsCommand: lower === 'command',
      readsTarget: lower === 'target',
      read: named,
    };
  }
  const isInputKey = lower.startsWith('input.') && written.length > 'input.'.length;
  // Lenient: an unknown name reads the input key of that name (`url` = `input.url`).
  const key = isInputKey ? written.slice('input.'.length) : written;
  return {
    name: written,
    known: isInputKey,
    readsCommand: key === 'command',
    readsTarget: false,
    read: (call) => inputText(call, key),
  };
}

function inputText(call: ToolCall, key: string): string {
  return Object.hasOwn(call.input, key) ? stringify(call.input[key]) : '';
}

function firstPresent(call: ToolCall, keys: readonly string[]): string {
  for (const key of keys) {
    if (Object.hasOwn(call.input, key) && call.input[key] != null) return stringify(call.input[key]);
  }
  return '';
}

/** Write's content, Edit's new_string, NotebookEdit's new_source, or every new_string of a MultiEdit. */
function readContent(call: ToolCall): string {
  const direct = firstPresent(call, ['content', 'new_string', 'new_source']);
  if (direct !== '' || !Array.isArray(call.input.edits)) return direct;
  const parts: string[] = [];
  for (const edit of call.input.edits) {
    const text = typeof edit === 'object' && edit !== null ? (edit as Record<string, unknown>).new_string : undefined;
    if (typeof text === 'string') parts.push(text);
  }
  return parts.join('\n');
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value == null) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A BigInt or a cycle: never from JSON, but an adapter could build one.
    return String(value);
  }
}
