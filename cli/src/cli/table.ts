// Plain-text tables for terminal output: columns padded to their widest cell, two spaces apart.

export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => [...(row[column] ?? '')].length)),
  );
  const render = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [render(headers), render(widths.map((width) => '─'.repeat(width))), ...rows.map(render)].join('\n');
}

/**
 * Text from elsewhere (an agent's command, a rule message) as one table cell: whitespace runs (a heredoc's newlines)
 * become one space, control and bidi-override characters are shown escaped (`\x1b`) so they can neither drive the
 * terminal nor reorder what is shown, and at most `max` characters are kept.
 */
export function tableCell(text: string, max: number): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => {
      const code = char.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
    });
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}
