// A shell view (shell/render.ts) back into its words and redirections. A view is words joined by single spaces,
// each bare or single-quoted as a whole (an embedded `'` written `'\''`), then its redirections as operator, space,
// target (`> file`, `2> err`, `< in`; duplications such as `2>&1` have no target).
export interface ViewWords {
  words: string[];
  /** Targets written to (`>`, `>>`, `&>`, `<>`, `2>` …). */
  writes: string[];
  /** Targets read from (`<`). */
  reads: string[];
}

const WRITE_OPERATORS = /^[0-9]*(>|>>|&>|&>>|<>)$/;
const READ_OPERATORS = /^[0-9]*<$/;

export function viewWords(view: string): ViewWords {
  const tokens = splitView(view);
  const result: ViewWords = { words: [], writes: [], reads: [] };
  for (let i = 0; i < tokens.length; i++) {
    const { text, quoted } = tokens[i]!;
    const target = tokens[i + 1];
    if (!quoted && target && WRITE_OPERATORS.test(text)) {
      result.writes.push(target.text);
      i++;
    } else if (!quoted && target && READ_OPERATORS.test(text)) {
      result.reads.push(target.text);
      i++;
    } else {
      result.words.push(text);
    }
  }
  return result;
}

/** Splits at spaces outside single quotes; `'\''` inside a quoted word is a `'`. */
function splitView(view: string): Array<{ text: string; quoted: boolean }> {
  const tokens: Array<{ text: string; quoted: boolean }> = [];
  let text = '';
  let quoted = false;
  let inQuote = false;
  for (let i = 0; i < view.length; i++) {
    const c = view[i]!;
    if (inQuote) {
      if (c === "'") inQuote = false;
      else text += c;
    } else if (c === "'") {
      inQuote = true;
      quoted = true;
    } else if (c === '\\' && view[i + 1] === "'") {
      text += "'";
      i++;
    } else if (c === ' ') {
      if (text !== '' || quoted) tokens.push({ text, quoted });
      text = '';
      quoted = false;
    } else {
      text += c;
    }
  }
  if (text !== '' || quoted) tokens.push({ text, quoted });
  return tokens;
}
