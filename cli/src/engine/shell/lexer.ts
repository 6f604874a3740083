// Single-pass tokenizer for bash syntax. It resolves quoting into words, reads heredoc bodies when their line
// ends, and hands every command substitution it meets to the parser (through LexerHooks) the moment it meets
// it, so nested commands are found without a second pass. Nesting deeper than MAX_DEPTH is skipped by
// `scan`, which keeps its own stack instead of recursing, so no input can exhaust the call stack.
import { decodeAnsiC } from './ansi-c';
import { MAX_DEPTH } from './limits';
import type { Heredoc, ParseSink } from './syntax';
import { isBareExpansion, type Word, WordBuilder } from './word';

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

/** Open constructs while `scan` skips ahead: `(`, `${` (unquoted or inside double quotes), `"`, heredoc text. */
type ScanMode = 'paren' | 'brace' | 'dbrace' | 'dquote' | 'text';

const EOF: Token = { kind: 'op', op: 'eof' };
/** Characters that end a run of plain unquoted word text. */
const UNQUOTED_RUN = /[^ \t\n\r;&|()<>\\'"$`]+/y;
const DOUBLE_QUOTED_RUN = /[^"\\$`]+/y;
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
      if (token) return token;
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
    this.scan('text');
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
    const word = new WordBuilder();
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) break;
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
        this.scan('paren');
        word.addExpansion(src.slice(start, this.pos), false);
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
      UNQUOTED_RUN.lastIndex = this.pos;
      const run = UNQUOTED_RUN.exec(src);
      if (run === null) break;
      word.addUnquoted(run[0]);
      this.pos += run[0].length;
    }
    return word.isEmpty ? undefined : { kind: 'word', word: word.build() };
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
    word.addQuoted('');
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) return;
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
        DOUBLE_QUOTED_RUN.lastIndex = this.pos;
        const run = DOUBLE_QUOTED_RUN.exec(src)![0];
        word.addQuoted(run);
        this.pos += run.length;
      }
    }
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
      word.addExpansion(src.slice(start, this.pos), false);
    } else if (c1 === '{') {
      this.pos = start + 2;
      this.scan(inDoubleQuotes ? 'dbrace' : 'brace');
      const text = src.slice(start, this.pos);
      word.addExpansion(text, isBareExpansion(text));
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
      word.addExpansion(src.slice(start, this.pos), true);
    } else if (c1 !== undefined && SPECIAL_PARAMETER.test(c1)) {
      this.pos = start + 2;
      word.addExpansion(src.slice(start, this.pos), true);
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
    word.addExpansion(this.src.slice(start, this.pos), false);
  }

  /** The cursor is just past the `(` of `$(`, `<(` or `>(`; leaves it past the matching `)`. */
  private substitution(): void {
    if (this.depth >= MAX_DEPTH) {
      this.sink.truncate();
      this.scan('paren');
      return;
    }
    this.depth += 1;
    this.hooks.substitution();
    this.depth -= 1;
  }

  /** Parses a separate piece of code one level deeper, unless that is too deep. */
  private nested(text: string): void {
    if (text === '') return;
    if (this.depth >= MAX_DEPTH) this.sink.truncate();
    else this.hooks.nested(text, this.depth + 1);
  }

  /**
   * The cursor is past `((` (of `$((` or a `((` command); `bodyStart` is just past the first `(`. Bash reads
   * arithmetic when the inner paren is closed by `))`; otherwise (`$( (cmd) …)`) the body is a command list,
   * parsed again as such.
   */
  private arithmetic(bodyStart: number): void {
    if (!this.scan('paren')) return;
    if (this.src[this.pos] === ')') {
      this.pos += 1;
      return;
    }
    const closed = this.scan('paren');
    this.nested(this.src.slice(bodyStart, closed ? this.pos - 1 : this.pos));
  }

  private backtickWord(word: WordBuilder, inDoubleQuotes: boolean): void {
    const start = this.pos;
    this.backtick(inDoubleQuotes);
    word.addExpansion(this.src.slice(start, this.pos), false);
  }

  /** Reads the backtick substitution at the cursor and parses its body (with `\$`, `` \` ``, `\\` unescaped). */
  private backtick(inDoubleQuotes: boolean): void {
    const src = this.src;
    const body: string[] = [];
    let runStart = this.pos + 1;
    let i = runStart;
    while (i < src.length && src[i] !== '`') {
      if (src[i] !== '\\') {
        i += 1;
        continue;
      }
      const next = src[i + 1];
      if (next === '$' || next === '`' || next === '\\' || (inDoubleQuotes && next === '"')) {
        body.push(src.slice(runStart, i), next);
        runStart = i + 2;
      }
      i += 2;
    }
    const end = Math.min(i, src.length);
    body.push(src.slice(runStart, end));
    this.pos = Math.min(end + 1, src.length);
    this.nested(body.join(''));
  }

  /**
   * Skips ahead to the end of the construct opened just before the cursor, honouring quotes and nesting, and
   * returns whether it was closed. Substitutions met on the way are still parsed while the depth allows.
   */
  private scan(initial: ScanMode): boolean {
    const src = this.src;
    const stack: ScanMode[] = [initial];
    while (this.pos < src.length) {
      const mode = stack[stack.length - 1]!;
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
        this.backtick(mode === 'dquote' || mode === 'dbrace');
        continue;
      }
      this.pos += 1;
      if (mode === 'dquote' || mode === 'text') {
        if (c === '"' && mode === 'dquote') stack.pop();
      } else if (c === '"') {
        stack.push('dquote');
      } else if (c === "'" && mode !== 'dbrace') {
        const end = src.indexOf("'", this.pos);
        this.pos = end === -1 ? src.length : end + 1;
      } else if (c === '(' && mode === 'paren') {
        stack.push('paren');
      } else if (c === ')' && mode === 'paren') {
        stack.pop();
      } else if (c === '}' && (mode === 'brace' || mode === 'dbrace')) {
        stack.pop();
      } else if ((c === '<' || c === '>') && src[this.pos] === '(') {
        this.pos += 1;
        this.scanSubstitution(stack);
      }
      if (stack.length === 0) return true;
    }
    this.pos = src.length;
    return false;
  }

  private scanDollar(stack: ScanMode[], mode: ScanMode): void {
    const src = this.src;
    const c1 = src[this.pos + 1];
    if (c1 === '(') {
      if (src[this.pos + 2] === '(') {
        this.pos += 3;
        stack.push('paren', 'paren');
      } else {
        this.pos += 2;
        this.scanSubstitution(stack);
      }
    } else if (c1 === '{') {
      this.pos += 2;
      stack.push(mode === 'dquote' || mode === 'dbrace' || mode === 'text' ? 'dbrace' : 'brace');
    } else if (c1 === "'" && (mode === 'paren' || mode === 'brace')) {
      this.pos = Math.min(this.ansiCEnd(this.pos + 2) + 1, src.length);
    } else {
      this.pos += 1;
    }
  }

  /** A substitution met while scanning: parsed if the depth allows, else skipped as one more open paren. */
  private scanSubstitution(stack: ScanMode[]): void {
    if (this.depth < MAX_DEPTH) {
      this.substitution();
    } else {
      this.sink.truncate();
      stack.push('paren');
    }
  }

  /** Reads the bodies of the heredocs opened on the line that just ended (the cursor is past its newline). */
  private readHeredocBodies(): void {
    const src = this.src;
    for (const { heredoc, stripTabs } of this.pending) {
      const lines: string[] = [];
      while (this.pos < src.length) {
        const newline = src.indexOf('\n', this.pos);
        const end = newline === -1 ? src.length : newline;
        let line = src.slice(this.pos, end);
        this.pos = end + 1;
        if (stripTabs) line = line.replace(/^\t+/, '');
        if ((line.endsWith('\r') ? line.slice(0, -1) : line) === heredoc.delimiter) break;
        lines.push(line);
      }
      this.pos = Math.min(this.pos, src.length);
      heredoc.body = lines.join('\n');
    }
    this.pending.length = 0;
  }
}
