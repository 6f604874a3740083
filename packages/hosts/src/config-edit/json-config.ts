// Editing a user's JSON configuration (settings.json, mcp.json, opencode.json): only the values ssg changes are
// rewritten, in place (jsonc-parser's edits), so every other key, its order, the file's comments and its layout
// stay as they were; what ssg inserts follows the file's indentation and line endings. Files whose host reads
// them with comments and trailing commas (VS Code's, OpenCode's, any .jsonc) may have them; in the others a
// comment is refused as invalid JSON, since their host could not read the file either and ssg's entry in it
// would silently never apply.
import {
  applyEdits,
  type JSONPath,
  modify,
  type Node,
  parseTree,
  type ParseError,
  printParseErrorCode,
} from 'jsonc-parser';
import { ConfigFileError } from './config-file-error';
import { editFile } from './edit-file';
import type { InstallReport } from '../install/install-report';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface JsonLayout {
  indent: string;
  newline: string;
  finalNewline: boolean;
  bom: boolean;
}

const DEFAULT_LAYOUT: JsonLayout = { indent: '  ', newline: '\n', finalNewline: true, bom: false };

/** Files their hosts read as JSON with comments: VS Code's (.vscode/mcp.json), OpenCode's, and any .jsonc. */
const JSONC_FILES = [/\.jsonc$/, /(^|[\\/])\.vscode[\\/][^\\/]+\.json$/, /(^|[\\/])opencode\.json$/];

export const allowsComments = (path: string): boolean => JSONC_FILES.some((pattern) => pattern.test(path));

/** The object in a JSON file; a blank file counts as `{}`. Anything else is a ConfigFileError. */
export function parseJsonObject(path: string, text: string): JsonObject {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return {};
  const jsonc = allowsComments(path);
  const errors: ParseError[] = [];
  const tree = parseTree(body, errors, { disallowComments: !jsonc, allowTrailingComma: jsonc });
  const [first] = errors;
  if (first || !tree) {
    const problem = first ? `${printParseErrorCode(first.error)} at offset ${first.offset}` : 'no value';
    throw new ConfigFileError(
      path,
      `not valid ${jsonc ? 'JSON with comments' : 'JSON'} (${problem}); fix or move the file, then retry`,
    );
  }
  const value = valueOf(tree);
  if (!isJsonObject(value)) throw new ConfigFileError(path, 'expected a JSON object at the top level');
  return value;
}

/** The value of a parsed node, with every key an own property as JSON.parse makes it (`__proto__` included). */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  const object: JsonObject = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key === undefined || value === undefined) continue;
    Object.defineProperty(object, key.value as string, {
      value: valueOf(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

function layoutOf(text: string): JsonLayout {
  const indent = /^[{[][^\n]*\r?\n([ \t]+)\S/.exec(text.replace(/^\uFEFF/, ''))?.[1] ?? DEFAULT_LAYOUT.indent;
  return {
    indent,
    newline: text.includes('\r\n') ? '\r\n' : '\n',
    finalNewline: text === '' || /\n$/.test(text),
    bom: text.startsWith('\uFEFF'),
  };
}

function render(value: JsonObject, layout: JsonLayout): string {
  const json = JSON.stringify(value, null, layout.indent).replaceAll('\n', layout.newline);
  return `${layout.bom ? '\uFEFF' : ''}${json}${layout.finalNewline ? layout.newline : ''}`;
}

/**
 * The text with `before` turned into `after` by in-place edits: objects present on both sides are walked into, a
 * key that went is removed, a value that changed or arrived is written whole (formatted in the file's layout),
 * and so is an object whose keys changed order.
 */
function editedText(text: string, before: JsonObject, after: JsonObject, layout: JsonLayout): string {
  const formattingOptions = {
    insertSpaces: !layout.indent.includes('\t'),
    tabSize: layout.indent.includes('\t') ? 1 : layout.indent.length,
    eol: layout.newline,
  };
  const edit = (current: string, path: JSONPath, value: unknown): string =>
    applyEdits(current, modify(current, path, value, { formattingOptions }));
  const walk = (current: string, path: JSONPath, was: JsonObject, now: JsonObject): string => {
    // Key order can carry meaning (OpenCode's permission patterns): an object whose keys moved is written whole.
    if (!keepsOrder(was, now)) return edit(current, path, now);
    let result = current;
    for (const key of Object.keys(was)) if (!Object.hasOwn(now, key)) result = edit(result, [...path, key], undefined);
    for (const key of Object.keys(now)) {
      const [old, value] = [Object.hasOwn(was, key) ? was[key] : undefined, now[key]];
      if (isJsonObject(old) && isJsonObject(value)) result = walk(result, [...path, key], old, value);
      else if (JSON.stringify(old) !== JSON.stringify(value)) result = edit(result, [...path, key], value);
    }
    return result;
  };
  return walk(text, [], before, after);
}

/** Whether `now` is `was` with keys removed and new ones after the rest: what in-place edits produce. */
function keepsOrder(was: JsonObject, now: JsonObject): boolean {
  const kept = Object.keys(was).filter((key) => Object.hasOwn(now, key));
  const added = Object.keys(now).filter((key) => !Object.hasOwn(was, key));
  return [...kept, ...added].join('\0') === Object.keys(now).join('\0');
}

/**
 * Applies `mutate` to the file's object. Nothing is written when the object comes out equal (whatever the
 * file's layout); a file left as `{}` is removed, so uninstalling what install created leaves no trace.
 */
export function editJsonFile(
  path: string,
  mutate: (config: JsonObject) => void,
  report: InstallReport,
  note: string,
): void {
  editFile(
    path,
    (current) => {
      const before = parseJsonObject(path, current ?? '');
      const after = structuredClone(before);
      try {
        mutate(after);
      } catch (error) {
        // The file is valid JSON but shaped unlike the host's format where our entry goes.
        if (error instanceof TypeError) throw new ConfigFileError(path, `${error.message}; fix the file, then retry`);
        throw error;
      }
      if (JSON.stringify(after) === JSON.stringify(before)) return current;
      if (Object.keys(after).length === 0) return undefined;
      if (current === undefined || current.trim() === '') return render(after, DEFAULT_LAYOUT);
      return editedText(current, before, after, layoutOf(current));
    },
    report,
    note,
  );
}
