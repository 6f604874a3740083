// A user's (or a log's) text echoed back: short, and without control characters that could rewrite the terminal.
export function printable(text: string, maxLength = 40): string {
  const short = text.length > maxLength ? `${text.slice(0, maxLength)}...` : text;
  return short.replace(/[^\x20-\x7e]/g, '?');
}
