// The variables a command line sets for itself, and its words with those values filled in, so that a view
// shows the command as it would run: `D=~; rm -rf $D` also gives `rm -rf ~`, `R=rm; $R -rf /` gives `rm -rf /`.
//
// Known: `NAME=value` (also `export`, `local`, `declare`, `typeset`, `readonly`), persisting along the list in the
// same shell and undone when a subshell closes; a `NAME=value cmd` prefix only for what that command runs;
// `for NAME in items` (each item is a value of NAME); `${NAME}`, `${#NAME}`, `${NAME:-w}`, `${NAME-w}`,
// `${NAME:=w}`, `${NAME:+w}`, `${NAME:?w}`, `${NAME#p}`, `${NAME##p}`, `${NAME%p}`, `${NAME%%p}` with literal
// patterns and word operands of literal text and references (`${X:-$HOME/x}`, `${X:-${Y:-/}}`); `$(…)` and
// backticks whose output is evident (`echo`, `printf` of known words, `mktemp`: literal-output.ts). An unquoted
// value is split into words at blanks, as bash does.
// Of a variable not known, an operator still tells what it may give: `${X:-w}`, `${X-w}`, `${X:=w}`, `${X=w}`
// are X's value or the word w (X unset takes the default), so `rm -rf "${WORKDIR:-/}"` also reads `rm -rf /`;
// `${X:+w}`, `${X+w}` are w or nothing; `${X:?m}`, `${X?m}` and a trim of just a leading or trailing `/`
// (`${HOME%/}`) are `$X` itself. X's own value stays unknown: in a view the expansion keeps its spelling
// (`rm -rf ${WORKDIR:-/}`), in a value it is the reference `$X` (`D=${X:-/}` gives D the values `$X` and `/`).
// Unknown, and left as written: anything else (`$(curl …)`, `$1`, `$RANDOM`, arrays, a variable from the agent's
// environment such as `$HOME`), and a variable once something sets it in a way not followed (`read`, `mapfile`,
// `printf -v`, `unset`, `source`, an `eval` of unknown text). A value may hold simple references to unknown
// variables (`D=$HOME/x` → `$HOME/x`); one that would hold anything more is unknown as a whole. `~` stays `~`.
import { Lexer } from './lexer';
import { MAX_VALUE_LENGTH, MAX_VALUES } from './limits';
import { literalOutput, mktempOutput } from './literal-output';
import type { ParseSink } from './syntax';
import { isBareText, type Word, type WordPart } from './word';
import { UNKNOWN_TARGET } from './code-paths';

/** What the values need from the analysis: its budget and its record of truncation. */
export type ValueBudget = Pick<ParseSink, 'spend' | 'truncate' | 'nestedCode'>;

/** One word a value expansion produced; `opaque` when an expansion in it stays unknown and is not a plain `$NAME`. */
interface Field {
  text: string;
  bare: boolean;
  opaque: boolean;
}

/**
 * A possible value of an expansion: its text, or, for a variable not known, its value when set (`${X:-/}` is X's
 * value or `/`): written `$X` where the values are stored, the expansion as written in a view.
 */
type Value = string | ValueOf;

interface ValueOf {
  reference: string;
}

/** Where an expansion's values go: a view (a variable's unknown value keeps the spelling) or a stored value. */
type Target = 'view' | 'value';

/** A word being built from its parts; `started` once it is a word even if empty (`""`). */
interface Building {
  fields: Field[];
  text: string;
  bare: boolean;
  opaque: boolean;
  started: boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=/;
const SIMPLE_REFERENCE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
const SIMPLE_REFERENCES = /\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{[A-Za-z_][A-Za-z0-9_]*\})/g;
const PARAMETER = /^\$\{(#?)([A-Za-z_][A-Za-z0-9_]*)(:?[-=?+]|%%?|##?)?([\s\S]*)\}$/;
/** An operand taken as it is: no quotes, escapes or expansions to resolve. */
const LITERAL_OPERAND = /^[^$`"'\\]*$/;
const BLANKS = /[ \t\n]+/;
/** A substitution whose output could be evident: one simple command, nothing nested, piped or redirected. */
const NOT_ONE_SIMPLE_COMMAND = /[;&|<>()`\n]/;
/** Longest value a `#`/`%` glob pattern is matched against (each try is a regex match over it). */
const MAX_GLOB_TRIM = 1024;
/** Deepest `${…}` nesting in operands followed (`${A:-${B:-${C:-/}}}`); deeper ones stay unknown. */
const MAX_OPERAND_DEPTH = 8;
/** Trim patterns that take off no more than a leading or trailing `/`: of an unknown X, `${X%/}` reads `$X`. */
const SLASH_ONLY = '/';
/** Operand text beyond what is followed: quotes, escapes, command substitution and backticks. */
const NOT_A_PLAIN_OPERAND = /["'\\`]|\$\(/;
/** A `$NAME` or `$0`-style reference where a scan stands. */
const REFERENCE_AT = /\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/y;

/** Programs that set the variables they are given, to values not followed here. */
const SETS_NAMED_VARIABLES = new Set(['read', 'mapfile', 'readarray', 'getopts', 'unset', 'let', 'wait']);
const DECLARATIONS = new Set(['export', 'local', 'declare', 'typeset', 'readonly']);

export class ShellValues {
  /** The variables of each open (sub)shell, innermost last; each name maps to its possible values. */
  private readonly scopes: Map<string, readonly string[]>[] = [new Map()];

  constructor(private readonly budget: ValueBudget) {}

  private get variables(): Map<string, readonly string[]> {
    return this.scopes.at(-1)!;
  }

  /** A subshell starts with a copy of its parent's variables; what it sets is gone when it closes. */
  openScope(): void {
    this.scopes.push(new Map(this.variables));
  }

  closeScope(): void {
    if (this.scopes.length > 1) this.scopes.pop();
  }

  /** `for name in items`: each item (after expansion) is a value; no items known makes `name` unknown. */
  loop(name: string, items: readonly Word[] | undefined): void {
    if (!NAME.test(name)) return;
    if (items === undefined) {
      this.variables.delete(name);
      return;
    }
    const values: string[] = [];
    for (const item of items) {
      for (const fields of this.expandWord(item, true, 'value') ?? [[fieldOfWord(item)]]) {
        if (fields.some((field) => field.opaque)) {
          this.variables.delete(name);
          return;
        }
        values.push(...fields.map((field) => field.text));
      }
    }
    this.set(name, values);
  }

  /** Applies `NAME=value` (or `NAME+=value`) to the current shell. */
  assign(word: Word): void {
    const match = ASSIGNMENT.exec(word.text);
    if (!match) return;
    const [prefix, name, index, append] = match;
    // Arrays are not followed: their elements stay unknown.
    if (index !== undefined) {
      this.variables.delete(name!);
      return;
    }
    const values = this.assignedValues(word, prefix!.length);
    const before = this.variables.get(name!);
    if (values === undefined || (append && before === undefined)) {
      this.variables.delete(name!);
      return;
    }
    this.set(name!, append ? before!.flatMap((start) => values.map((value) => start + value)) : values);
  }

  /** What a command does to the variables besides its prefix: declarations, `unset`, `read` and the like. */
  afterCommand(words: readonly Word[]): void {
    const program = words[0]?.text;
    if (program === undefined) return;
    if (DECLARATIONS.has(program)) {
      const arrays = words.some((word) => /^-[a-zA-Z]*[aAin]/.test(word.text));
      for (const word of words.slice(1)) {
        if (arrays || !word.assignment) this.variables.delete(word.text.split('=')[0]!);
        else this.assign(word);
      }
    } else if (SETS_NAMED_VARIABLES.has(program) || (program === 'printf' && words[1]?.text === '-v')) {
      for (const word of words.slice(1)) this.variables.delete(word.text.split(/[=+-]/)[0]!);
    } else if (program === 'source' || program === '.') {
      this.variables.clear();
    }
  }

  /** Something ran that may set any variable (an `eval` of unknown text): none is known any more. */
  forgetAll(): void {
    this.variables.clear();
  }

  /**
   * The command's words with the known values filled in: one list of words per combination of values, or
   * undefined when no value is known for any of its expansions (the words are as they run).
   */
  expand(words: readonly Word[]): Word[][] | undefined {
    return this.expandWords(words, 'view');
  }

  /**
   * The words with the values filled in for `target`. A word with nothing known is kept as it is (its parts
   * tell what stays unknown in it); a filled-in word keeping an unknown expansion other than a plain `$NAME`
   * says so with one part for its whole text (argument-feeds.ts reads it as an unknown argument).
   */
  private expandWords(words: readonly Word[], target: Target): Word[][] | undefined {
    if (this.variables.size === 0 && !words.some((word) => word.parts?.some(mayResolve))) return undefined;
    let results: Word[][] = [[]];
    let changed = false;
    for (const word of words) {
      const alternatives = this.expandWord(word, true, target);
      if (alternatives) changed = true;
      const options = alternatives ? alternatives.map((fields) => fields.map(toWord)) : [[word]];
      if (options.length > 1) this.budget.spend(options.length * results.length);
      results = this.bounded(results.flatMap((done) => options.map((more) => [...done, ...more])));
    }
    // No combination at all (a loop over no items gave its variable none): the words as they are.
    return changed && results.length > 0 ? results : undefined;
  }

  /** Gives `name` these possible values in the current shell (what `cd` does to PWD). */
  set(name: string, values: readonly string[]): void {
    // The marker interpreter code's computed targets become (code-paths.ts) stays unknown whatever the command
    // assigns, or `UNKNOWN=build python3 -c …` would turn it into a harmless-looking target.
    if (`$${name}` === UNKNOWN_TARGET) return;
    if (values.some((value) => value.length > MAX_VALUE_LENGTH)) {
      this.budget.truncate('work');
      this.variables.delete(name);
      return;
    }
    this.variables.set(name, this.bounded([...new Set(values)]));
  }

  private bounded<T>(values: T[]): T[] {
    if (values.length <= MAX_VALUES) return values;
    this.budget.truncate('work');
    return values.slice(0, MAX_VALUES);
  }

  /** The values an assignment's word gives (no splitting into words); undefined when unknown. */
  private assignedValues(word: Word, prefixLength: number): string[] | undefined {
    if (!word.parts) return [word.text.slice(prefixLength)];
    const parts: WordPart[] = [];
    let skip = prefixLength;
    for (const part of word.parts) {
      if (skip >= part.text.length && part.kind === 'literal') {
        skip -= part.text.length;
        continue;
      }
      parts.push(skip > 0 ? { ...part, text: part.text.slice(skip) } : part);
      skip = 0;
    }
    const alternatives = this.expandParts(parts, false, 'value') ?? [[fieldOfParts(parts)]];
    const values: string[] = [];
    for (const fields of alternatives) {
      if (fields.some((field) => field.opaque)) return undefined;
      values.push(fields.map((field) => field.text).join(''));
    }
    return values;
  }

  /** A word's expansions with their values: one list of fields per combination; undefined when none is known. */
  private expandWord(word: Word, split: boolean, target: Target): Field[][] | undefined {
    return word.parts ? this.expandParts(word.parts, split, target) : undefined;
  }

  private expandParts(parts: readonly WordPart[], split: boolean, target: Target): Field[][] | undefined {
    let building: Building[] = [{ fields: [], text: '', bare: true, opaque: false, started: false }];
    let changed = false;
    for (const part of parts) {
      const values = part.kind === 'expansion' ? this.valuesOf(part.text, 0) : undefined;
      if (values === undefined) {
        for (const word of building) appendAsWritten(word, part);
        continue;
      }
      changed = true;
      // Each word built so far is copied once per value.
      this.budget.spend(values.length * building.length);
      const splits = split && !part.quoted;
      building = this.bounded(
        building.flatMap((word) =>
          values.map((value) => {
            const next: Building = { ...word, fields: [...word.fields] };
            if (typeof value === 'string') appendValue(next, value, splits, part.quoted);
            else if (target === 'value') appendValue(next, value.reference, splits, part.quoted);
            else appendAsWritten(next, part);
            return next;
          }),
        ),
      );
    }
    if (!changed) return undefined;
    return building.map((word) => {
      if (word.started) word.fields.push(finish(word));
      return word.fields;
    });
  }

  /** The values of an expansion as written, or undefined when not known. */
  private valuesOf(expansion: string, depth: number): readonly Value[] | undefined {
    if (expansion.startsWith('${')) return this.parameterValues(expansion, depth);
    if (expansion.startsWith('$(') || expansion.startsWith('`')) return this.substitutionOutput(expansion);
    if (expansion.startsWith('$')) return this.variables.get(expansion.slice(1));
    return undefined;
  }

  private parameterValues(expansion: string, depth: number): readonly Value[] | undefined {
    const match = PARAMETER.exec(expansion);
    if (!match) return undefined;
    const [, length, name, operator, operand] = match;
    if (operator === undefined && operand !== '') return undefined;
    const values = this.variables.get(name!);
    if (length) return values && operator === undefined ? values.map((value) => String([...value].length)) : undefined;
    if (operator === undefined) return values;
    // The operand is a word for these operators (a pattern or a message for the others).
    const word = /[-=+]/.test(operator) ? this.operandValues(operand!, depth) : undefined;
    if (values === undefined) return unsetValues(name!, operator, operand!, word);
    if (!/[-=+?]/.test(operator) && !LITERAL_OPERAND.test(operand!)) return undefined;
    const results: Value[] = [];
    for (const value of values) {
      const result = withOperator(value, operator, operand!, word);
      if (result === undefined) return undefined;
      results.push(...result);
    }
    return this.bounded(dedupe(results));
  }

  /**
   * The values of a word operand (`${X:-word}`): its literal text and references with their values (a variable
   * not known is its reference, `$X`, as in a stored value); undefined when something in it is not followed.
   */
  private operandValues(operand: string, depth: number): string[] | undefined {
    if (depth >= MAX_OPERAND_DEPTH || NOT_A_PLAIN_OPERAND.test(operand)) return undefined;
    const pieces = operandPieces(operand);
    if (pieces === undefined) return undefined;
    let results = [''];
    for (const piece of pieces) {
      const values = piece.startsWith('$') && piece !== '$' ? this.referenceValues(piece, depth) : [piece];
      if (values === undefined) return undefined;
      this.budget.spend(values.length);
      results = this.bounded(results.flatMap((done) => values.map((value) => done + value)));
      if (results.some((value) => value.length > MAX_VALUE_LENGTH)) {
        this.budget.truncate('work');
        return undefined;
      }
    }
    return results;
  }

  /** An operand's reference with its values as stored values spell them; undefined when not followed. */
  private referenceValues(reference: string, depth: number): string[] | undefined {
    const values = this.valuesOf(reference, depth + 1);
    if (values === undefined) return SIMPLE_REFERENCE.test(reference) ? [reference] : undefined;
    return values.map((value) => (typeof value === 'string' ? value : value.reference));
  }

  /** What `$(echo …)`, `$(printf …)` and their backtick forms print, trailing newlines removed. */
  private substitutionOutput(expansion: string): readonly string[] | undefined {
    const code = expansion.startsWith('$(') ? expansion.slice(2, -1) : expansion.slice(1, -1);
    if (code.length > MAX_VALUE_LENGTH || NOT_ONE_SIMPLE_COMMAND.test(code) || code.includes('\\')) return undefined;
    this.budget.nestedCode(code.length);
    const budget = this.budget;
    const sink: ParseSink = {
      spend: (units) => budget.spend(units),
      truncate: (reason) => budget.truncate(reason),
      nestedCode: (characters) => budget.nestedCode(characters),
      subshell: ignore,
      loop: ignore,
      command: ignore,
      pipeline: ignore,
    };
    const lexer = new Lexer(code, 0, NO_NESTING, sink);
    const words: Word[] = [];
    for (let token = lexer.next(); token.kind !== 'op' || token.op !== 'eof'; token = lexer.next()) {
      if (token.kind !== 'word' || token.word.assignment) return undefined;
      words.push(token.word);
    }
    const outputs: string[] = [];
    for (const expanded of this.expandWords(words, 'value') ?? [words]) {
      if (expanded.some((word) => word.parts?.some(isOpaque))) return undefined;
      const output = literalOutput({ words: expanded, redirects: [], depth: 0 }) ?? mktempOutput(expanded);
      if (output === undefined) return undefined;
      outputs.push(output.replace(/\n+$/, ''));
    }
    return outputs;
  }
}

const ignore = (): void => {};
/** The lexer never meets nested code here (NOT_ONE_SIMPLE_COMMAND rules it out). */
const NO_NESTING = { substitution: ignore, nested: ignore };

/** An expansion that may have values though no variable is known: a substitution, or `${X…}` with an operator. */
function mayResolve(part: WordPart): boolean {
  if (part.kind !== 'expansion') return false;
  return part.text.startsWith('$(') || part.text.startsWith('`') || /^\$\{#?\w+[-=?+:%#]/.test(part.text);
}

function dedupe(values: readonly Value[]): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const value of values) {
    const key = typeof value === 'string' ? `=${value}` : `$${value.reference}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * `${NAME<operator><operand>}` for a variable not known (see the header): its value when set (a ValueOf), the
 * operand word's values, or `$NAME` itself; undefined when nothing more than the expansion as written is known.
 */
function unsetValues(
  name: string,
  operator: string,
  operand: string,
  word: readonly Value[] | undefined,
): Value[] | undefined {
  const reference = `$${name}`;
  switch (operator) {
    case ':-':
    case '-':
    case ':=':
    case '=':
      return word === undefined ? undefined : dedupe([{ reference }, ...word]);
    case ':+':
    case '+':
      return word === undefined ? undefined : dedupe(['', ...word]);
    case ':?':
    case '?':
      return [reference];
    default:
      return operand === SLASH_ONLY ? [reference] : undefined;
  }
}

/**
 * `${NAME<operator><operand>}` for a known value; undefined when the pattern or word is beyond what is followed.
 * A value made only of references to unknown variables (`$E`) may be empty, so it may take the default too.
 */
function withOperator(
  value: string,
  operator: string,
  operand: string,
  word: readonly Value[] | undefined,
): readonly Value[] | undefined {
  const mayBeEmpty = value === '' || value.replace(SIMPLE_REFERENCES, '') === '';
  switch (operator) {
    case ':-':
    case ':=':
      if (value === '') return word;
      return mayBeEmpty && word ? [value, ...word] : [value];
    case '-':
    case '=':
    case ':?':
    case '?':
      return [value];
    case ':+':
      if (value === '') return [''];
      return word === undefined ? undefined : mayBeEmpty ? ['', ...word] : word;
    case '+':
      return word;
    default: {
      const result = trimmed(value, operator, operand);
      return result === undefined ? undefined : [result];
    }
  }
}

/**
 * An operand's pieces: literal runs, `$NAME`, `$0`…, and `${…}` with its nested braces; undefined when a brace
 * is not closed. Linear in the operand.
 */
function operandPieces(operand: string): string[] | undefined {
  const pieces: string[] = [];
  let i = 0;
  while (i < operand.length) {
    const next = operand.indexOf('$', i);
    if (next !== i) {
      const end = next < 0 ? operand.length : next;
      pieces.push(operand.slice(i, end));
      i = end;
      continue;
    }
    const c = operand[i + 1];
    if (c === '{') {
      let depth = 0;
      let j = i;
      for (; j < operand.length; j += 1) {
        if (operand[j] === '{') depth += 1;
        else if (operand[j] === '}' && (depth -= 1) === 0) break;
      }
      if (j >= operand.length) return undefined;
      pieces.push(operand.slice(i, j + 1));
      i = j + 1;
    } else {
      REFERENCE_AT.lastIndex = i;
      const text = REFERENCE_AT.exec(operand)?.[0] ?? '$';
      pieces.push(text);
      i += text.length;
    }
  }
  return pieces;
}

/** `${X#p}`, `${X##p}`, `${X%p}`, `${X%%p}`: the value with the shortest/longest matching prefix/suffix removed. */
function trimmed(value: string, operator: string, pattern: string): string | undefined {
  const prefix = operator.startsWith('#');
  const longest = operator.length === 2;
  if (!/[*?[]/.test(pattern)) {
    if (prefix) return value.startsWith(pattern) ? value.slice(pattern.length) : value;
    return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) : value;
  }
  // One `*` and any `?`: a linear regex, tried at each length. Brackets and more stars are not followed.
  const collapsed = pattern.replace(/\*+/g, '*');
  if (collapsed.includes('[') || collapsed.split('*').length > 2 || value.length > MAX_GLOB_TRIM) return undefined;
  const source = collapsed
    .replace(/[.+^${}()|\\\]]/g, '\\$&')
    .replace(/\*/g, '[\\s\\S]*')
    .replace(/\?/g, '[\\s\\S]');
  const matches = new RegExp(`^${source}$`);
  const lengths = [...Array(value.length + 1).keys()];
  if (longest) lengths.reverse();
  for (const length of lengths) {
    if (prefix && matches.test(value.slice(0, length))) return value.slice(length);
    if (!prefix && matches.test(value.slice(value.length - length))) return value.slice(0, value.length - length);
  }
  return value;
}

/** A word none of whose expansions is known, as one value. */
function fieldOfWord(word: Word): Field {
  return { text: word.text, bare: word.bare, opaque: word.parts?.some(isOpaque) ?? false };
}

function fieldOfParts(parts: readonly WordPart[]): Field {
  return { text: parts.map((part) => part.text).join(''), bare: false, opaque: parts.some(isOpaque) };
}

function isOpaque(part: WordPart): boolean {
  return part.kind === 'expansion' && !SIMPLE_REFERENCE.test(part.text);
}

function toWord(field: Field): Word {
  const word: Word = { text: field.text, bare: field.bare && field.text !== '', quoted: false, assignment: false };
  // The word keeps an unknown expansion: one part says so (nothing expands a filled-in word again).
  if (field.opaque) word.parts = [{ kind: 'expansion', text: field.text, quoted: false, bare: word.bare }];
  return word;
}

/** A part whose value is not known, kept as written. */
function appendAsWritten(word: Building, part: WordPart): void {
  const expansion = part.kind === 'expansion';
  const opaque = expansion && !SIMPLE_REFERENCE.test(part.text);
  const bare = expansion ? part.bare === true : isBareText(part.text, !part.quoted);
  append(word, part.text, bare, opaque, !expansion && part.quoted);
}

function append(word: Building, text: string, bare: boolean, opaque: boolean, keepsEmpty: boolean): void {
  word.text += text;
  word.bare &&= bare;
  word.opaque ||= opaque;
  word.started ||= keepsEmpty || text !== '';
}

/** A value is shown bare when it would be but for the references to unknown variables it keeps (`$HOME/x`). */
function isBareValue(value: string): boolean {
  return isBareText(value.includes('$') ? value.replace(SIMPLE_REFERENCES, '') : value, true);
}

/** Appends a value; unquoted (`splits`), it is cut into words at blanks, and an empty one adds no word. */
function appendValue(word: Building, value: string, splits: boolean, quoted: boolean): void {
  if (!splits || !BLANKS.test(value)) {
    append(word, value, isBareValue(value), false, quoted);
    return;
  }
  for (const [i, piece] of value.split(BLANKS).entries()) {
    if (i > 0 && word.started) {
      word.fields.push(finish(word));
      Object.assign(word, { text: '', bare: true, opaque: false, started: false });
    }
    if (piece !== '') append(word, piece, isBareValue(piece), false, false);
  }
}

function finish(word: Building): Field {
  return { text: word.text, bare: word.bare, opaque: word.opaque };
}
