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
