// Editing a user's JSON configuration (settings.json, mcp.json, hooks.json): the other keys keep their values
// and order, and the file is written back in its own layout — indentation, line endings, final newline,
// byte-order mark — so a file in the usual `JSON.stringify(…, null, 2)` layout round-trips byte for byte.
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

/** The object in a JSON file; a blank file counts as `{}`. Anything else is a ConfigFileError. */
export function parseJsonObject(path: string, text: string): JsonObject {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new ConfigFileError(path, `not valid JSON (${(error as Error).message}); fix or move the file, then retry`);
  }
  if (!isJsonObject(value)) throw new ConfigFileError(path, 'expected a JSON object at the top level');
  return value;
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
      return render(after, current === undefined ? DEFAULT_LAYOUT : layoutOf(current));
    },
    report,
    note,
  );
}
