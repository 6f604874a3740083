// A shell word after quote removal, and the builder the lexer fills one piece at a time. The builder decides
// on the fly whether the word can be shown bare; render.ts documents what that means for rule authors.

export interface Word {
  /** Quotes removed and escapes resolved; `$NAME`, `${…}`, `$(…)`, `` `…` ``, `$((…))` kept as written. */
  text: string;
  /** The text can be rendered without quotes (see render.ts). */
  bare: boolean;
  /** Some part was quoted or backslash-escaped: never a reserved word; as a heredoc delimiter, a literal body. */
  quoted: boolean;
  /** `NAME=value` (also `NAME+=…`, `NAME[i]=…`) whose name part is unquoted: an assignment, not an argument. */
  assignment: boolean;
  /** How the text was written, piece by piece; only for a word holding an expansion (values.ts resolves it). */
  parts?: readonly WordPart[];
}

/**
 * A piece of a word: literal text (`quoted` when it came from quotes or an escape) or an expansion kept as
 * written (`quoted` when inside double quotes, where its value is not split into words; `bare` as for the word).
 */
export interface WordPart {
  kind: 'literal' | 'expansion';
  text: string;
  quoted: boolean;
  bare?: boolean;
}

// Characters that need quoting to be shown as themselves: controls, blanks and shell syntax, plus the
// Unicode spaces that would make a view misleading (other non-ASCII is plain). Glob, brace and tilde
// characters need quoting too unless they came unquoted from the source, where they are syntax.
const SPECIAL = /[\x00-\x20\x7f;&|<>()$`'"\\#!\x85\xa0\u2028\u2029]/;
const SPECIAL_OR_GLOB = /[\x00-\x20\x7f;&|<>()$`'"\\#!\x85\xa0\u2028\u2029*?[\]{}~]/;

/** True when `text` reads the same unquoted: no whitespace, no shell-special characters. */
export function isBareText(text: string, globAllowed = false): boolean {
  return !(globAllowed ? SPECIAL : SPECIAL_OR_GLOB).test(text);
}

const NOT_BARE_IN_EXPANSION = /[\s'"`\\;&|<>()]/;

/** A `${…}` expansion is shown bare unless it holds whitespace, quotes or command syntax. */
export function isBareExpansion(text: string): boolean {
  return !NOT_BARE_IN_EXPANSION.test(text);
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

/** The word for plain unquoted text: what a WordBuilder given only `text` builds, without the builder. */
export function plainWord(text: string): Word {
  return { text, bare: isBareText(text, true), quoted: false, assignment: text.includes('=') && ASSIGNMENT.test(text) };
}

export class WordBuilder {
  private readonly parts: string[] = [];
  /** Each part's kind and quoting, kept while it is cheap to: only a word with an expansion needs them. */
  private readonly pieces: WordPart[] = [];
  private hasExpansion = false;
  private bare = true;
  private quoted = false;
  private started = false;
  /** Length of the leading run of unquoted literal text (an assignment's name must lie inside it). */
  private unquotedPrefix = 0;
  private prefixOpen = true;

  get isEmpty(): boolean {
    return !this.started;
  }

  /** True while everything added so far was unquoted literal text consisting of digits (a redirection's fd). */
  get isFdNumber(): boolean {
    return this.started && this.prefixOpen && /^[0-9]+$/.test(this.parts.join(''));
  }

  /** True when the word so far is exactly an unquoted `NAME=` (an array assignment `NAME=(…)` follows). */
  get isArrayAssignmentStart(): boolean {
    if (!this.prefixOpen) return false;
    const text = this.parts.join('');
    return text.endsWith('=') && ASSIGNMENT.exec(text)?.[0].length === text.length;
  }

  addUnquoted(text: string): void {
    this.started = true;
    this.parts.push(text);
    this.pieces.push({ kind: 'literal', text, quoted: false });
    if (this.bare && !isBareText(text, true)) this.bare = false;
    if (this.prefixOpen) this.unquotedPrefix += text.length;
  }

  /** Text from quotes or a backslash escape: literal, so glob characters in it need quoting too. */
  addQuoted(text: string): void {
    this.started = true;
    this.quoted = true;
    this.parts.push(text);
    this.pieces.push({ kind: 'literal', text, quoted: true });
    if (this.bare && !isBareText(text)) this.bare = false;
    this.prefixOpen = false;
  }

  /** An expansion kept as written; `bare` says whether it may stay unquoted in a view. */
  addExpansion(text: string, bare: boolean, inDoubleQuotes: boolean): void {
    this.started = true;
    this.hasExpansion = true;
    this.parts.push(text);
    this.pieces.push({ kind: 'expansion', text, quoted: inDoubleQuotes, bare });
    if (!bare) this.bare = false;
    this.prefixOpen = false;
  }

  build(): Word {
    const text = this.parts.join('');
    const name = text.includes('=') ? ASSIGNMENT.exec(text) : null;
    const word: Word = {
      text,
      bare: this.bare && text !== '',
      quoted: this.quoted,
      assignment: name !== null && name[0].length <= this.unquotedPrefix,
    };
    if (this.hasExpansion) word.parts = this.pieces;
    return word;
  }
}
