// ssg's governance text inside a user's Markdown file (CLAUDE_COWORK.md, AGENTS.md, replit.md, …), between
// marker comments, so it can be found again, replaced and removed while the rest stays byte for byte.
export const MARKDOWN_BLOCK_START = '<!-- SSG_GOVERNANCE_START -->';
export const MARKDOWN_BLOCK_END = '<!-- SSG_GOVERNANCE_END -->';

/**
 * The first complete block: the first end marker after a start marker, and the start marker closest before it.
 * Stray markers are the user's text. Linear, however many markers a hostile file holds.
 */
function blockSpan(text: string): { start: number; end: number } | undefined {
  const firstStart = text.indexOf(MARKDOWN_BLOCK_START);
  if (firstStart < 0) return undefined;
  const endMarker = text.indexOf(MARKDOWN_BLOCK_END, firstStart);
  if (endMarker < 0) return undefined;
  const start = text.lastIndexOf(MARKDOWN_BLOCK_START, endMarker);
  let end = endMarker + MARKDOWN_BLOCK_END.length;
  if (text[end] === '\n') end += 1;
  return { start, end };
}

const renderBlock = (body: string): string => `${MARKDOWN_BLOCK_START}\n${body.trimEnd()}\n${MARKDOWN_BLOCK_END}\n`;

/** The text with our block replaced by `body`, or appended (after a blank line) when there is none. */
export function withMarkdownBlock(text: string | undefined, body: string): string {
  const block = renderBlock(body);
  if (text === undefined || text === '') return block;
  const span = blockSpan(text);
  if (span) return text.slice(0, span.start) + block + text.slice(span.end);
  return text + (text.endsWith('\n') ? '\n' : '\n\n') + block;
}

/**
 * The text without our block, undoing the blank line withMarkdownBlock put before an appended one; undefined
 * when nothing else is left (the file was ours alone).
 */
export function withoutMarkdownBlock(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const span = blockSpan(text);
  if (!span) return text;
  const atEnd = span.end === text.length;
  let start = span.start;
  if (atEnd && text.slice(0, start).endsWith('\n\n')) start -= 1;
  const rest = text.slice(0, start) + text.slice(span.end);
  return rest === '' ? undefined : rest;
}
