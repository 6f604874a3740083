// Textual editing of TOML tables, so that everything outside the table ssg owns stays byte for byte —
// comments, spacing, key order — which no parse-and-serialise round trip keeps. A table's extent is its
// header line through its last key line (sub-tables `[<key>.…]` included); the comments and blank lines just
// before the next header belong to that next table. Callers validate the result by parsing it (codex-config.ts).

interface Line {
  text: string;
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    lines.push({ text: text.slice(start, end).replace(/\r?\n$/, ''), start, end });
    start = end;
  }
  return lines;
}

const HEADER = /^[ \t]*\[\[?([^\]]*)\]\]?[ \t]*(#.*)?$/;

/** The dotted key of a header line, quotes and spaces dropped (`[ mcp_servers."x" ]` → `mcp_servers.x`). */
function headerKey(line: string): string | undefined {
  const inner = HEADER.exec(line)?.[1];
  if (inner === undefined) return undefined;
  return inner
    .split('.')
    .map((part) => part.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .join('.');
}

const isContent = (line: string): boolean => line.trim() !== '' && !line.trimStart().startsWith('#');

/** The spans of every table named `key` or under it, in file order; `[[key]]` headers only for `arrays`. */
export function findTomlTables(text: string, key: string, arrays = false): Span[] {
  const lines = linesOf(text);
  const starts = (line: string): boolean => headerKey(line) === key && (!arrays || line.trimStart().startsWith('[['));
  const owned = (line: string): boolean | undefined => {
    const found = headerKey(line);
    return found === undefined ? undefined : found === key || found.startsWith(`${key}.`);
  };
  const spans: Span[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!starts(lines[index]!.text)) continue;
    let last = index;
    let next = index + 1;
    for (; next < lines.length; next++) {
      const isOwned = owned(lines[next]!.text);
      if (isOwned === false) break;
      if (isOwned === true || isContent(lines[next]!.text)) last = next;
    }
    spans.push({ start: lines[index]!.start, end: lines[last]!.end });
    index = next - 1;
  }
  return spans;
}

/** The text of each table found by findTomlTables, header included. */
export function tomlTableTexts(text: string, key: string): string[] {
  return findTomlTables(text, key).map((span) => text.slice(span.start, span.end));
}

/** Removes every table named `key`, with the blank line that set each apart from the text before it. */
export function removeTomlTables(text: string, key: string, arrays = false): string {
  let result = text;
  for (const span of findTomlTables(text, key, arrays).reverse()) {
    let { start, end } = span;
    const before = result.slice(0, start);
    const after = result.slice(end);
    if (after.trim() === '' && /\r?\n\r?\n$/.test(before)) {
      start -= before.endsWith('\r\n') ? 2 : 1;
    } else if ((before === '' || /\n\r?\n$/.test(before)) && /^\r?\n/.test(after)) {
      end += after.startsWith('\r\n') ? 2 : 1;
    }
    result = result.slice(0, start) + result.slice(end);
  }
  return result;
}

/**
 * Puts `table` (header line first, ending in a newline) in place of the first table named `key`, removing any
 * others, or appends it after a blank line.
 */
export function setTomlTable(text: string, key: string, table: string): string {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const block = table.replaceAll(/\r?\n/g, newline);
  const [first] = findTomlTables(text, key);
  if (!first) {
    if (text === '') return block;
    return text + (text.endsWith('\n') ? newline : newline + newline) + block;
  }
  return text.slice(0, first.start) + block + removeTomlTables(text.slice(first.end), key);
}
