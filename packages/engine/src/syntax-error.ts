// A problem that makes a rule unusable. Thrown inside the parser only (never out of `parseRules`), caught at
// the rule it belongs to, which is then skipped up to its closing brace.
import type { Position, Token } from './lexer';

export class RuleSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: Position,
  ) {
    super(message);
  }
}

const SHOWN_LENGTH = 40;

/** How a message names a token: `foo`, "a string", `(`, the end of the line. */
export function describeToken(token: Token): string {
  switch (token.kind) {
    case 'newline':
      return 'the end of the line';
    case 'end':
      return 'the end of the file';
    case 'string':
      return `the string "${shorten(token.text)}"`;
    default:
      return `\`${shorten(token.text)}\``;
  }
}

function shorten(text: string): string {
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text;
}
