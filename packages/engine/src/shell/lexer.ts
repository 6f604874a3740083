// Single-pass tokenizer for bash syntax. It resolves quoting into words, reads heredoc bodies when their line
// ends, and hands every command substitution it meets to the parser (through LexerHooks) the moment it meets
// it, so nested commands are found without a second pass. Nesting deeper than MAX_DEPTH is skipped by
// `scan`, which keeps its own stack instead of recursing, so no input can exhaust the call stack.
import { decodeAnsiC } from './ansi-c';
import { MAX_DEPTH } from './limits';
import type { Heredoc, ParseSink } from './syntax';
import { isBareExpansion, plainWord, type Word, WordBuilder } from './word';

export type Operator = ';' | ';;' | ';&' | ';;&' | '&' | '&&' | '|' | '||' | '|&' | '(' | ')' | '\n' | 'eof';

export type Token =
  | { kind: 'word'; word: Word }
  | { kind: 'op'; op: Operator }
  /** `op` as written (`>`, `>>`, `>|`, `<`, `<>`, `<&`, `>&`, `&>`, `&>>`, `<<`, `<<-`, `<<<`); `fd` may be ''. */
  | { kind: 'redirect'; op: string; fd: string };

export interface LexerHooks {
  /** Parse the body of `$(`, `<(` or `>(` from the cursor through its closing paren, at `lexer.depth`. */
  substitution(): void;
  /** Parse a separate piece of shell code (a backtick body, a re-read `$(( … ) … )`) at `depth`. */
  nested(text: string, depth: number): void;
}

/** Open constructs while `scan` skips ahead. */
enum ScanMode {
  Paren,
  /** `${` unquoted. */
  Brace,
  /** `${` inside double quotes. */
  DBrace,
  DQuote,
  /** Text that expands like a double-quoted string but has no closing quote (an unquoted heredoc body). */
  Text,
}

/** The only characters `scan` acts on; it steps over everything else. */
const SCAN_STOPS = new Uint8Array(128);
for (const c of '\\$`"\'()}<>') SCAN_STOPS[c.charCodeAt(0)] = 1;

const EOF: Token = { kind: 'op', op: 'eof' };
/** Characters (all ASCII) that end a run of plain unquoted word text: blanks, operators, quotes, expansions. */
const ENDS_UNQUOTED_RUN = new Uint8Array(128);
for (const c of ' \t\n\r;&|()<>\\\'"$`') ENDS_UNQUOTED_RUN[c.charCodeAt(0)] = 1;
/** Those of them that always end the word too (`<`, `>` and `(` may continue it: `<(…)`, `2>`, `A=(…)`). */
const ENDS_WORD = new Set([' ', '\t', '\n', '\r', ';', '&', '|', ')']);
/** Double-quoted text up to a quote, backslash, `$` or backtick. */
const PLAIN_DOUBLE_QUOTED_RUN = /[^"\\$`]*/y;
/** The escapes of double quotes: `\$`, `` \` ``, `\"`, `\\` and a line continuation; other backslashes stay. */
const DOUBLE_QUOTED_ESCAPE = /\\([$`"\\])|\\\n/g;
const NAME_START = /[A-Za-z_]/;
const NAME_REST = /[A-Za-z0-9_]*/y;
const SPECIAL_PARAMETER = /[0-9@*#?$!-]/;

export class Lexer {
  private pos = 0;
  private readonly pending: { heredoc: Heredoc; stripTabs: boolean }[] = [];

  constructor(
    private readonly src: string,
    /** Nesting depth of the code being read; raised while a substitution's body is parsed. */
    public depth: number,
    private readonly hooks: LexerHooks,
    private readonly sink: ParseSink,
  ) {}

  get hasPendingHeredocs(): boolean {
    return this.pending.length > 0;
  }

  /** The body of `heredoc` is read at the end of the current line. */
  registerHeredoc(heredoc: Heredoc, stripTabs: boolean): void {
    this.pending.push({ heredoc, stripTabs });
  }

  /** The next token; `fdAllowed` false reads `2>x`'s `2` as a word (for redirection targets). */
  next(fdAllowed = true): Token {
    for (;;) {
      this.skipBlanks();
      const c = this.src[this.pos];
      if (c === undefined) return EOF;
      if (c === '#') {
        const end = this.src.indexOf('\n', this.pos);
        this.pos = end === -1 ? this.src.length : end;
        continue;
      }
      const before = this.pos;
      const token = this.operator(c) ?? this.word(fdAllowed);
      if (token) {
        this.sink.spend(1);
        return token;
      }
      // Only a line continuation reads as no word; anything else must not stall the loop.
      if (this.pos === before) this.pos += 1;
    }
  }

  /** Consumes a `)` that follows after blanks (the `()` of a function definition). */
  consumeCloseParen(): boolean {
    this.skipBlanks();
    if (this.src[this.pos] !== ')') return false;
    this.pos += 1;
    return true;
  }

  /** True when the cursor is right at a `(` (so a just-read `(` opened `((`). */
  atOpenParen(): boolean {
    return this.src[this.pos] === '(';
  }

  /** Reads `(( … ))` as an arithmetic command; the cursor is at its second `(`. */
  arithmeticCommand(): void {
    const bodyStart = this.pos;
    this.pos += 1;
    this.arithmetic(bodyStart);
  }

  /** Analyses the substitutions in text that expands like a double-quoted string (an unquoted heredoc body). */
  scanExpansions(): void {
    this.scan(ScanMode.Text);
  }

  private skipBlanks(): void {
    const src = this.src;
    for (;;) {
      const c = src[this.pos];
      if (c === ' ' || c === '\t' || c === '\r') this.pos += 1;
      else if (c === '\\' && src[this.pos + 1] === '\n') this.pos += 2;
      else if (c === '\\' && src[this.pos + 1] === '\r' && src[this.pos + 2] === '\n') this.pos += 3;
      else return;
    }
  }

  private operator(c: string): Token | undefined {
    const src = this.src;
    const at = this.pos;
    const c1 = src[at + 1];
    switch (c) {
      case '\n':
        this.pos += 1;
        this.readHeredocBodies();
        return this.op('\n', 0);
      case ';':
        if (c1 === ';') return src[at + 2] === '&' ? this.op(';;&', 3) : this.op(';;', 2);
        return c1 === '&' ? this.op(';&', 2) : this.op(';', 1);
      case '&':
        if (c1 === '&') return this.op('&&', 2);
        if (c1 === '>') return src[at + 2] === '>' ? this.redirect('&>>', '', 3) : this.redirect('&>', '', 2);
        return this.op('&', 1);
      case '|':
        if (c1 === '|') return this.op('||', 2);
        return c1 === '&' ? this.op('|&', 2) : this.op('|', 1);
      case '(':
        return this.op('(', 1);
      case ')':
        return this.op(')', 1);
      case '<':
      case '>':
        return c1 === '(' ? undefined : this.redirectAt('');
      default:
        return undefined;
    }
  }

  private op(op: Operator, length: number): Token {
    this.pos += length;
    return { kind: 'op', op };
  }

  private redirect(op: string, fd: string, length: number): Token {
    this.pos += length;
    return { kind: 'redirect', op, fd };
  }

  /** The redirection operator at the cursor (which is at `<` or `>`). */
  private redirectAt(fd: string): Token {
    const src = this.src;
    const c1 = src[this.pos + 1];
    if (src[this.pos] === '>') {
      if (c1 === '>' || c1 === '&' || c1 === '|') return this.redirect(`>${c1}`, fd, 2);
      return this.redirect('>', fd, 1);
    }
    if (c1 === '<') {
      const c2 = src[this.pos + 2];
      if (c2 === '<') return this.redirect('<<<', fd, 3);
      return c2 === '-' ? this.redirect('<<-', fd, 3) : this.redirect('<<', fd, 2);
    }
    if (c1 === '&' || c1 === '>') return this.redirect(`<${c1}`, fd, 2);
    return this.redirect('<', fd, 1);
  }

  /** Reads one word; returns a redirection instead when the word is an fd number glued to `<`/`>`. */
  private word(fdAllowed: boolean): Token | undefined {
    const src = this.src;
    const plainEnd = this.unquotedRunEnd(this.pos);
    const next = src[plainEnd];
    if (plainEnd > this.pos && (next === undefined || ENDS_WORD.has(next))) {
      // Most words are plain text up to a blank or an operator: skip the builder.
      const text = src.slice(this.pos, plainEnd);
      this.pos = plainEnd;
      return { kind: 'word', word: plainWord(text) };
    }
    const word = new WordBuilder();
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) break;
      // Each piece of a word (quoted text, an escape, an expansion) is work: `$x$x$x…` is half a million.
      this.sink.spend(1);
      if (c === '<' || c === '>') {
        if (src[this.pos + 1] === '(') {
          this.processSubstitution(word);
          continue;
        }
        if (fdAllowed && word.isFdNumber) return this.redirectAt(word.build().text);
        break;
      }
      if (c === '(') {
        if (!word.isArrayAssignmentStart) break;
        const start = this.pos;
        this.pos += 1;
        this.scan(ScanMode.Paren);
        word.addExpansion(src.slice(start, this.pos), false, false);
        continue;
      }
      if (c === '\\') {
        this.escape(word);
        continue;
      }
      if (c === "'") {
        this.singleQuoted(word);
        continue;
      }
      if (c === '"') {
        this.pos += 1;
        this.doubleQuoted(word);
        continue;
      }
      if (c === '$') {
        this.dollar(word, false);
        continue;
      }
      if (c === '`') {
        this.backtickWord(word, false);
        continue;
      }
      const runEnd = this.unquotedRunEnd(this.pos);
      if (runEnd === this.pos) break;
      word.addUnquoted(src.slice(this.pos, runEnd));
      this.pos = runEnd;
    }
    return word.isEmpty ? undefined : { kind: 'word', word: word.build() };
  }

  /** Where the run of plain unquoted word text starting at `from` ends. */
  private unquotedRunEnd(from: number): number {
    const src = this.src;
    let i = from;
    for (; i < src.length; i += 1) {
      const code = src.charCodeAt(i);
      if (code < 128 && ENDS_UNQUOTED_RUN[code] === 1) break;
    }
    return i;
  }

  private escape(word: WordBuilder): void {
    const src = this.src;
    const next = src[this.pos + 1];
    if (next === '\n') {
      this.pos += 2;
    } else if (next === '\r' && src[this.pos + 2] === '\n') {
      this.pos += 3;
    } else if (next === undefined) {
      word.addQuoted('\\');
      this.pos += 1;
    } else {
      word.addQuoted(next);
      this.pos += 2;
    }
  }

  private singleQuoted(word: WordBuilder): void {
    const end = this.src.indexOf("'", this.pos + 1);
    const stop = end === -1 ? this.src.length : end;
    word.addQuoted(this.src.slice(this.pos + 1, stop));
    this.pos = Math.min(stop + 1, this.src.length);
  }

  /** Reads a double-quoted string whose opening quote is already consumed. */
  private doubleQuoted(word: WordBuilder): void {
    const src = this.src;
    const close = this.unexpandedDoubleQuotedEnd();
    if (close >= 0) {
      // Nothing inside expands (a long message, typically): one piece, its escapes resolved at once.
      const text = src.slice(this.pos, close);
      word.addQuoted(text.includes('\\') ? text.replace(DOUBLE_QUOTED_ESCAPE, '$1') : text);
      this.pos = Math.min(close + 1, src.length);
      return;
    }
    word.addQuoted('');
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) return;
      this.sink.spend(1);
      if (c === '"') {
        this.pos += 1;
        return;
      }
      if (c === '\\') {
        const next = src[this.pos + 1];
        if (next === '\n') {
          this.pos += 2;
        } else if (next !== undefined && '$`"\\'.includes(next)) {
          word.addQuoted(next);
          this.pos += 2;
        } else {
          word.addQuoted('\\');
          this.pos += 1;
        }
      } else if (c === '$') {
        this.dollar(word, true);
      } else if (c === '`') {
        this.backtickWord(word, true);
      } else {
        const end = this.plainDoubleQuotedRunEnd(this.pos);
        word.addQuoted(src.slice(this.pos, end));
        this.pos = end;
      }
    }
  }

  /**
   * Where the double-quoted string at the cursor ends (its closing quote, or the end of the input) if nothing
   * in it expands; -1 if a `$` or a backtick comes first. Each escape costs the work it would as a piece.
   */
  private unexpandedDoubleQuotedEnd(): number {
    const src = this.src;
    let i = this.pos;
    for (;;) {
      i = this.plainDoubleQuotedRunEnd(i);
      const c = src[i];
      if (c === undefined) return src.length;
      if (c === '"') return i;
      if (c !== '\\') return -1;
      // Whatever follows a backslash is escaped or plain, never special.
      this.sink.spend(1);
      i += 2;
    }
  }

  /** Where the run of double-quoted text that needs no attention, starting at `from`, ends. */
  private plainDoubleQuotedRunEnd(from: number): number {
    PLAIN_DOUBLE_QUOTED_RUN.lastIndex = from;
    PLAIN_DOUBLE_QUOTED_RUN.test(this.src);
    return PLAIN_DOUBLE_QUOTED_RUN.lastIndex;
  }

  /** Everything that starts with `$`: substitutions, expansions, `$'…'`, `$"…"`, or a plain dollar sign. */
  private dollar(word: WordBuilder, inDoubleQuotes: boolean): void {
    const src = this.src;
    const start = this.pos;
    const c1 = src[start + 1];
    if (c1 === '(') {
      if (src[start + 2] === '(') {
        this.pos = start + 3;
        this.arithmetic(start + 2);
      } else {
        this.pos = start + 2;
        this.substitution();
      }
      word.addExpansion(src.slice(start, this.pos), false, inDoubleQuotes);
    } else if (c1 === '{') {
      this.pos = start + 2;
      this.scan(inDoubleQuotes ? ScanMode.DBrace : ScanMode.Brace);
      const text = src.slice(start, this.pos);
      word.addExpansion(text, isBareExpansion(text), inDoubleQuotes);
    } else if (c1 === "'" && !inDoubleQuotes) {
      const end = this.ansiCEnd(start + 2);
      word.addQuoted(decodeAnsiC(src.slice(start + 2, end)));
      this.pos = Math.min(end + 1, src.length);
    } else if (c1 === '"' && !inDoubleQuotes) {
      // $"…" is a locale-translated string: a double-quoted string for our purposes.
      this.pos = start + 2;
      this.doubleQuoted(word);
    } else if (c1 !== undefined && NAME_START.test(c1)) {
      NAME_REST.lastIndex = start + 2;
      const rest = NAME_REST.exec(src)![0];
      this.pos = start + 2 + rest.length;
      word.addExpansion(src.slice(start, this.pos), true, inDoubleQuotes);
    } else if (c1 !== undefined && SPECIAL_PARAMETER.test(c1)) {
      this.pos = start + 2;
      word.addExpansion(src.slice(start, this.pos), true, inDoubleQuotes);
    } else {
      this.pos = start + 1;
      if (inDoubleQuotes) word.addQuoted('$');
      else word.addUnquoted('$');
    }
  }

  /** Index of the quote closing `$'…'` whose body starts at `from` (or the end of input). */
  private ansiCEnd(from: number): number {
    const src = this.src;
    let i = from;
    while (i < src.length && src[i] !== "'") i += src[i] === '\\' ? 2 : 1;
    return Math.min(i, src.length);
  }

  private processSubstitution(word: WordBuilder): void {
    const start = this.pos;
    this.pos += 2;
    this.substitution();
    word.addExpansion(this.src.slice(start, this.pos), false, false);
  }

  /** The cursor is just past the `(` of `$(`, `<(` or `>(`; leaves it past the matching `)`. */
  private substitution(): void {
    if (this.depth >= MAX_DEPTH) {
      this.sink.truncate('depth');
      this.scan(ScanMode.Paren);
      return;
    }
    this.depth += 1;
    this.hooks.substitution();
    this.depth -= 1;
  }

  /** Parses a separate piece of code one level deeper, unless that is too deep. */
  private nested(text: string): void {
    if (text === '') return;
    if (this.depth >= MAX_DEPTH) this.sink.truncate('depth');
    else this.hooks.nested(text, this.depth + 1);
  }

  /**
   * The cursor is past `((` (of `$((` or a `((` command); `bodyStart` is just past the first `(`. Bash reads
   * arithmetic when the inner paren is closed by `))`; otherwise (`$( (cmd) …)`) the body is a command list,
   * parsed again as such.
   */
  private arithmetic(bodyStart: number): void {
    if (!this.scan(ScanMode.Paren)) return;
    if (this.src[this.pos] === ')') {
      this.pos += 1;
      return;
    }
    const closed = this.scan(ScanMode.Paren);
    this.nested(this.src.slice(bodyStart, closed ? this.pos - 1 : this.pos));
  }

  private backtickWord(word: WordBuilder, inDoubleQuotes: boolean): void {
    const start = this.pos;
    this.backtick(inDoubleQuotes);
    word.addExpansion(this.src.slice(start, this.pos), false, inDoubleQuotes);
  }

  /** Reads the backtick substitution at the cursor and parses its body (with `\$`, `` \` ``, `\\` unescaped). */
  private backtick(inDoubleQuotes: boolean): void {
    const src = this.src;
    let body = '';
    let runStart = this.pos + 1;
    let i = runStart;
    while (i < src.length && src[i] !== '`') {
      if (src[i] !== '\\') {
        i += 1;
        continue;
      }
      const next = src[i + 1];
      if (next === '$' || next === '`' || next === '\\' || (inDoubleQuotes && next === '"')) {
        body += src.slice(runStart, i) + next;
        runStart = i + 2;
      }
      i += 2;
    }
    const end = Math.min(i, src.length);
    body += src.slice(runStart, end);
    this.pos = Math.min(end + 1, src.length);
    this.nested(body);
  }

  /**
   * Skips ahead to the end of the construct opened just before the cursor, honouring quotes and nesting, and
   * returns whether it was closed. Substitutions met on the way are still parsed while the depth allows.
   */
  private scan(initial: ScanMode): boolean {
    const src = this.src;
    const stack = new ScanStack(initial);
    while (this.pos < src.length) {
      const code = src.charCodeAt(this.pos);
      if (code >= 128 || SCAN_STOPS[code] === 0) {
        this.pos += 1;
        continue;
      }
      const mode = stack.top;
      const c = src[this.pos]!;
      if (c === '\\') {
        this.pos += 2;
        continue;
      }
      if (c === '$') {
        this.scanDollar(stack, mode);
        continue;
      }
      if (c === '`') {
        this.backtick(mode === ScanMode.DQuote || mode === ScanMode.DBrace);
        continue;
      }
      this.pos += 1;
      if (mode === ScanMode.DQuote || mode === ScanMode.Text) {
        if (c === '"' && mode === ScanMode.DQuote) stack.pop();
      } else if (c === '"') {
        stack.push(ScanMode.DQuote);
      } else if (c === "'" && mode !== ScanMode.DBrace) {
        const end = src.indexOf("'", this.pos);
        this.pos = end === -1 ? src.length : end + 1;
      } else if (c === '(' && mode === ScanMode.Paren) {
        stack.push(ScanMode.Paren);
      } else if (c === ')' && mode === ScanMode.Paren) {
        stack.pop();
      } else if (c === '}' && (mode === ScanMode.Brace || mode === ScanMode.DBrace)) {
        stack.pop();
      } else if ((c === '<' || c === '>') && src[this.pos] === '(') {
        this.pos += 1;
        this.scanSubstitution(stack);
      }
      if (stack.empty) return true;
    }
    this.pos = src.length;
    return false;
  }

  private scanDollar(stack: ScanStack, mode: ScanMode): void {
    const src = this.src;
    const c1 = src[this.pos + 1];
    if (c1 === '(') {
      if (src[this.pos + 2] === '(') {
        this.pos += 3;
        stack.push(ScanMode.Paren);
        stack.push(ScanMode.Paren);
      } else {
        this.pos += 2;
        this.scanSubstitution(stack);
      }
    } else if (c1 === '{') {
      this.pos += 2;
      stack.push(
        mode === ScanMode.DQuote || mode === ScanMode.DBrace || mode === ScanMode.Text
          ? ScanMode.DBrace
          : ScanMode.Brace,
      );
    } else if (c1 === "'" && (mode === ScanMode.Paren || mode === ScanMode.Brace)) {
      this.pos = Math.min(this.ansiCEnd(this.pos + 2) + 1, src.length);
    } else {
      this.pos += 1;
    }
  }

  /** A substitution met while scanning: parsed if the depth allows, else skipped as one more open paren. */
  private scanSubstitution(stack: ScanStack): void {
    if (this.depth < MAX_DEPTH) {
      this.substitution();
    } else {
      this.sink.truncate('depth');
      stack.push(ScanMode.Paren);
    }
  }

  /** Reads the bodies of the heredocs opened on the line that just ended (the cursor is past its newline). */
  private readHeredocBodies(): void {
    const src = this.src;
    for (const { heredoc, stripTabs } of this.pending) {
      const start = this.pos;
      const delimiterLine = findDelimiterLine(src, start, heredoc.delimiter, stripTabs);
      let end: number;
      if (delimiterLine) {
        end = Math.max(start, delimiterLine.newlineBefore);
        this.pos = Math.min(delimiterLine.end + 1, src.length);
      } else {
        // Unterminated: the body runs to the end of the input (a final newline ends its last line).
        end = Math.max(start, src.endsWith('\n') ? src.length - 1 : src.length);
        this.pos = src.length;
      }
      const body = src.slice(start, end);
      heredoc.body = stripTabs ? body.replace(/(^|\n)\t+/g, '$1') : body;
    }
    this.pending.length = 0;
  }
}

/**
 * The line that ends a heredoc whose body starts at `start` (just after a newline): the delimiter alone on
 * its line, after tabs for `<<-`, before an optional `\r`. One native search, however long the body.
 * `newlineBefore` is the newline that ends the body, `end` where the delimiter line ends.
 */
function findDelimiterLine(
  src: string,
  start: number,
  delimiter: string,
  stripTabs: boolean,
): { newlineBefore: number; end: number } | undefined {
  if (delimiter.includes('\n')) return undefined;
  const escaped = delimiter.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const line = new RegExp(`\\n${stripTabs ? '\\t*' : ''}${escaped}\\r?(?=\\n|$)`, 'g');
  line.lastIndex = start - 1;
  const match = line.exec(src);
  return match ? { newlineBefore: match.index, end: match.index + match[0].length } : undefined;
}

/** The open constructs of `scan`, innermost last, in a byte array: a megabyte of `((((` is a megabyte deep. */
class ScanStack {
  private modes = new Uint8Array(64);
  private size = 0;

  constructor(initial: ScanMode) {
    this.push(initial);
  }

  get top(): ScanMode {
    return this.modes[this.size - 1] as ScanMode;
  }

  get empty(): boolean {
    return this.size === 0;
  }

  push(mode: ScanMode): void {
    if (this.size === this.modes.length) {
      const grown = new Uint8Array(this.size * 2);
      grown.set(this.modes);
      this.modes = grown;
    }
    this.modes[this.size] = mode;
    this.size += 1;
  }

  pop(): void {
    if (this.size > 0) this.size -= 1;
  }
}
