// A user's text echoed back in an error message: short, and without control characters that could rewrite the
// terminal.
export function printable(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return short.replace(/[^\x20-\x7e]/g, '?');
}
