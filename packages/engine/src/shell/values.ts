// The variables a command line sets for itself, and its words with those values filled in, so that a view
// shows the command as it would run: `D=~; rm -rf $D` also gives `rm -rf ~`, `R=rm; $R -rf /` gives `rm -rf /`.
//
// Known: `NAME=value` (also `export`, `local`, `declare`, `typeset`, `readonly`), persisting along the list in the
// same shell and undone when a subshell closes; a `NAME=value cmd` prefix only for what that command runs;
// `for NAME in items` (each item is a value of NAME); `${NAME}`, `${#NAME}`, `${NAME:-w}`, `${NAME-w}`,
// `${NAME:=w}`, `${NAME:+w}`, `${NAME:?w}`, `${NAME#p}`, `${NAME##p}`, `${NAME%p}`, `${NAME%%p}` with literal
// patterns and word operands of literal text and references (`${X:-$HOME/x}`, `${X:-${Y:-/}}`); `$(…)` and
// backticks whose output is evident (`echo`, `printf` of known words, `mktemp`, `dirname`/`realpath`/`ls -d` of
// literal paths: literal-output.ts; `pwd`, `cd DIR; pwd`, `eval echo …`, `git rev-parse --show-toplevel`). An
// unquoted value is split into words at blanks, or at the characters of an IFS the line set, as bash does.
// Arrays: `NAME=(…)`, `NAME+=(…)`, `declare -a NAME=(…)`, read as `${NAME[@]}`, `${NAME[*]}`, `${NAME[i]}` (a
// literal index), `${#NAME[@]}`, `$NAME`. Positional parameters (`$0`-`$9`, `${10}`, `$@`, `$*`, `$#`): from
// `set --`/`shift`, and set by the analysis for a `-c` script's arguments and a function's call (analyze.ts).
// Like values, lists are multi-valued: each alternative is one list, an element not known is undefined.
// Of a variable not known, an operator still tells what it may give: `${X:-w}`, `${X-w}`, `${X:=w}`, `${X=w}`
// are X's value or the word w (X unset takes the default), so `rm -rf "${WORKDIR:-/}"` also reads `rm -rf /`;
// `${X:+w}`, `${X+w}` are w or nothing; `${X:?m}`, `${X?m}` and a trim of just a leading or trailing `/`
// (`${HOME%/}`) are `$X` itself. X's own value stays unknown: in a view the expansion keeps its spelling
// (`rm -rf ${WORKDIR:-/}`), in a value it is the reference `$X` (`D=${X:-/}` gives D the values `$X` and `/`).
// Unknown, and left as written: anything else (`$(curl …)`, `$1` outside a call, `$RANDOM`, a variable from the agent's
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
type Value = string | ValueOf | Fields;

interface ValueOf {
  reference: string;
}

/** The words of `$@`/`$*` or `${NAME[@]}`/`${NAME[*]}`: each its own word, or (`star`, quoted) one word. */
interface Fields {
  fields: readonly string[];
  star: boolean;
}

/** One element of a list (an array, the positional parameters); undefined when not known. */
export type Element = string | undefined;
/** A list's possible contents: each alternative is one list of elements. */
export type Lists = readonly (readonly Element[])[];

/** What one (sub)shell knows: its variables, arrays and positional parameters (`$0` first; undefined: unknown). */
interface Scope {
  variables: Map<string, readonly string[]>;
  arrays: Map<string, Lists>;
  positional: Lists | undefined;
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
const PARAMETER = /^\$\{(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#])(:?[-=?+]|%%?|##?)?([\s\S]*)\}$/;
/** `$1`, `$@`, `$*`, `$#`: a positional parameter or its count. */
const POSITIONAL = /^\$([0-9@*#])$/;
/** `${NAME[i]}`, `${NAME[@]}`, `${NAME[*]}`, `${#NAME[@]}`. */
const ARRAY_ELEMENT = /^\$\{(#?)([A-Za-z_][A-Za-z0-9_]*)\[(@|\*|-?[0-9]+)\]\}$/;
/** `NAME=(…)`, `NAME+=(…)`: a literal array. */
const ARRAY_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=\(([\s\S]*)\)$/;
/** Variables that always hold an absolute path: of these, `${X%/*}` is the parent, `$X/..`. */
const ABSOLUTE_PATHS = new Set(['PWD', 'HOME', 'OLDPWD']);
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
  /** What each open (sub)shell knows, innermost last; each name maps to its possible values. */
  private readonly scopes: Scope[] = [{ variables: new Map(), arrays: new Map(), positional: undefined }];

  constructor(private readonly budget: ValueBudget) {}

  private get scope(): Scope {
    return this.scopes.at(-1)!;
  }

  private get variables(): Map<string, readonly string[]> {
    return this.scope.variables;
  }

  private get arrays(): Map<string, Lists> {
    return this.scope.arrays;
  }

  /** A subshell starts with a copy of its parent's variables; what it sets is gone when it closes. */
  openScope(): void {
    const { variables, arrays, positional } = this.scope;
    this.scopes.push({ variables: new Map(variables), arrays: new Map(arrays), positional });
  }

  /** The positional parameters (`$0` first) of the current shell; undefined when not known. */
  get positional(): Lists | undefined {
    return this.scope.positional;
  }

  /** Sets the positional parameters (a function call, `set --`, `bash -c CODE $0 $1…`); undefined: unknown. */
  setPositional(lists: Lists | undefined): void {
    this.scope.positional = lists === undefined || lists.length === 0 ? undefined : this.bounded([...lists]);
  }

  /** The arguments words give, as list alternatives (undefined for an element whose value is not known). */
  argumentLists(words: readonly Word[], zero: Element): Lists {
    return this.bounded(
      (this.expandWords(words, 'value') ?? [words]).map((alternative) => [zero, ...alternative.map(elementOf)]),
    );
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
    // An element set by its index is not followed: the array and its elements become unknown.
    if (index !== undefined) {
      this.variables.delete(name!);
      this.arrays.delete(name!);
      return;
    }
    const array = ARRAY_ASSIGNMENT.exec(word.text);
    if (array && word.parts?.at(-1)?.text.startsWith('(')) {
      this.assignArray(name!, array[3]!, append === '+');
      return;
    }
    this.arrays.delete(name!);
    const values = this.assignedValues(word, prefix!.length);
    const before = this.variables.get(name!);
    if (values === undefined || (append && before === undefined)) {
      this.variables.delete(name!);
      return;
    }
    this.set(name!, append ? before!.flatMap((start) => values.map((value) => start + value)) : values);
  }

  /**
   * `NAME=(a b …)`: each word of the list, expanded and split, is an element; `+=` appends. An element not
   * known (`$(curl …)`) is unknown in every reading; a list holding `[i]=x` is not followed.
   */
  private assignArray(name: string, list: string, append: boolean): void {
    const before = append ? this.arrays.get(name) : [[]];
    const words = before && !/\[[^\]]*\]=/.test(list) ? this.listWords(list) : undefined;
    if (before === undefined || words === undefined) {
      this.arrays.delete(name);
      this.variables.delete(name);
      return;
    }
    const lists: Element[][] = [];
    for (const expanded of this.expandWords(words, 'value') ?? [words]) {
      const elements = expanded.map(elementOf);
      for (const start of before) lists.push([...start, ...elements]);
    }
    const bounded = this.bounded(lists);
    this.arrays.set(name, bounded);
    // `$NAME` is the first element.
    const firsts = bounded.map((elements) => elements[0] ?? '');
    if (bounded.every((elements) => elements.length === 0 || elements[0] !== undefined)) {
      this.set(name, firsts as string[]);
    } else this.variables.delete(name);
  }

  /** The words of a piece of code holding words only (an array's list, a substitution's one command). */
  private listWords(code: string): Word[] | undefined {
    const lexer = new Lexer(code, 0, NO_NESTING, this.quietSink());
    const words: Word[] = [];
    for (let token = lexer.next(); token.kind !== 'op' || token.op !== 'eof'; token = lexer.next()) {
      if (token.kind === 'op' && token.op === '\n') continue;
      if (token.kind !== 'word') return undefined;
      words.push(token.word);
    }
    return words;
  }

  private quietSink(): ParseSink {
    const budget = this.budget;
    return {
      spend: (units) => budget.spend(units),
      truncate: (reason) => budget.truncate(reason),
      nestedCode: (characters) => budget.nestedCode(characters),
      subshell: ignore,
      loop: ignore,
      command: ignore,
      pipeline: ignore,
    };
  }

  /** What a command does to the variables besides its prefix: declarations, `unset`, `read` and the like. */
  afterCommand(words: readonly Word[]): void {
    const program = words[0]?.text;
    if (program === undefined) return;
    if (DECLARATIONS.has(program)) {
      // `-a` with a literal list (`declare -a T=(…)`) is followed; other kinds (`-A`, `-i`, `-n`) are not.
      const indexed = words.some((word) => /^-[a-zA-Z]*a/.test(word.text));
      const other = words.some((word) => /^-[a-zA-Z]*[Ain]/.test(word.text));
      for (const word of words.slice(1)) {
        const listed = indexed && ARRAY_ASSIGNMENT.test(word.text);
        if (other || !word.assignment || (indexed && !listed)) {
          const name = word.text.split(/\+?=/)[0]!;
          this.variables.delete(name);
          this.arrays.delete(name);
        } else this.assign(word);
      }
    } else if (program === 'set') {
      this.setArguments(words);
    } else if (program === 'shift') {
      this.shift(words[1]?.text ?? '1');
    } else if (SETS_NAMED_VARIABLES.has(program) || (program === 'printf' && words[1]?.text === '-v')) {
      for (const word of words.slice(1)) this.variables.delete(word.text.split(/[=+-]/)[0]!);
    } else if (program === 'source' || program === '.') {
      this.variables.clear();
      this.arrays.clear();
    }
  }

  /** `set -- a b`, `set a b` (options first): the positional parameters become the words after them. */
  private setArguments(words: readonly Word[]): void {
    for (let i = 1; i < words.length; i += 1) {
      const text = words[i]!.text;
      if (text === '--') {
        this.setPositional(this.argumentLists(words.slice(i + 1), undefined));
        return;
      }
      // `-o NAME`, also at the end of grouped flags (`set -euo pipefail`), takes the next word.
      if (/^[-+][a-zA-Z]*o$/.test(text)) i += 1;
      else if (!/^[-+]/.test(text) || words[i]!.parts) {
        this.setPositional(this.argumentLists(words.slice(i), undefined));
        return;
      }
    }
  }

  /** `shift N`: the first N positional parameters after `$0` are dropped. */
  private shift(count: string): void {
    const positional = this.positional;
    if (positional === undefined) return;
    if (!/^[0-9]+$/.test(count)) {
      this.setPositional(undefined);
      return;
    }
    const n = Number(count);
    this.setPositional(positional.map((list) => (list.length - 1 >= n ? [list[0], ...list.slice(1 + n)] : list)));
  }

  /** Something ran that may set any variable (an `eval` of unknown text): none is known any more. */
  forgetAll(): void {
    this.variables.clear();
    this.arrays.clear();
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
    const { scope } = this;
    const nothingKnown = scope.variables.size === 0 && scope.arrays.size === 0 && scope.positional === undefined;
    if (nothingKnown && !words.some((word) => word.parts?.some(mayResolve))) return undefined;
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
    const separators = this.fieldSeparators();
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
            if (typeof value === 'string') appendValue(next, value, splits, part.quoted, separators);
            else if ('fields' in value) appendFields(next, value, splits, part.quoted, separators);
            else if (target === 'value') appendValue(next, value.reference, splits, part.quoted, separators);
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

  /**
   * How `$IFS` splits an unquoted expansion: at blanks unless the line set IFS (`IFS=,`: at commas, `IFS=`:
   * not at all); undefined for no splitting. An IFS with several possible values splits at blanks.
   */
  private fieldSeparators(): RegExp | undefined {
    const ifs = this.variables.get('IFS');
    if (ifs?.length !== 1 || ifs[0]!.includes('$')) return BLANKS;
    const characters = [...new Set(ifs[0]!)];
    if (characters.length === 0) return undefined;
    const escape = (list: string[]): string => list.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('');
    const white = escape(characters.filter((c) => c === ' ' || c === '\t' || c === '\n'));
    const other = escape(characters.filter((c) => c !== ' ' && c !== '\t' && c !== '\n'));
    if (other === '') return new RegExp(`[${white}]+`);
    return white === '' ? new RegExp(`[${other}]`) : new RegExp(`[${white}]*[${other}][${white}]*|[${white}]+`);
  }

  /** The values of an expansion as written, or undefined when not known. */
  private valuesOf(expansion: string, depth: number): readonly Value[] | undefined {
    if (expansion.startsWith('${')) return this.parameterValues(expansion, depth);
    if (expansion.startsWith('$(') || expansion.startsWith('`')) return this.substitutionOutput(expansion);
    const positional = POSITIONAL.exec(expansion);
    if (positional) return this.lookup(positional[1]!);
    if (expansion.startsWith('$')) return this.variables.get(expansion.slice(1));
    return undefined;
  }

  /** A variable's values, or a positional parameter's (`1`, `@`, `*`) or their count's (`#`). */
  private lookup(name: string): readonly Value[] | undefined {
    if (NAME.test(name)) return this.variables.get(name);
    const positional = this.positional;
    if (positional === undefined) return undefined;
    if (name === '#') return dedupe(positional.map((list) => String(list.length - 1)));
    const lists = name === '@' || name === '*' ? positional.map((list) => list.slice(1)) : undefined;
    if (lists) return listValues(lists, name === '*');
    const elements = positional.map((list) => elementAt(list, Number(name)));
    return elements.includes(undefined) ? undefined : dedupe(elements as string[]);
  }

  /** `${NAME[i]}`, `${NAME[@]}`, `${NAME[*]}`, `${#NAME[@]}` of an array the line set. */
  private arrayValues(expansion: string): readonly Value[] | undefined {
    const match = ARRAY_ELEMENT.exec(expansion);
    const lists = match ? this.arrays.get(match[2]!) : undefined;
    if (!match || !lists) return undefined;
    const [, length, , index] = match;
    const all = index === '@' || index === '*';
    if (length) return all ? dedupe(lists.map((list) => String(list.length))) : undefined;
    if (all) return listValues(lists, index === '*');
    const elements = lists.map((list) => elementAt(list, Number(index)));
    return elements.includes(undefined) ? undefined : dedupe(elements as string[]);
  }

  private parameterValues(expansion: string, depth: number): readonly Value[] | undefined {
    if (expansion.includes('[')) return this.arrayValues(expansion);
    const match = PARAMETER.exec(expansion);
    if (!match) return undefined;
    const [, length, name, operator, operand] = match;
    if (operator === undefined && operand !== '') return undefined;
    const found = this.lookup(name!);
    if (found?.some((value) => typeof value !== 'string')) return operator || length ? undefined : found;
    const values = found as readonly string[] | undefined;
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
    if (values.some((value) => typeof value !== 'string' && 'fields' in value)) return undefined;
    return values.map((value) => (typeof value === 'string' ? value : (value as ValueOf).reference));
  }

  /** What a piece of code prints when that is evident (see substitutionOutput); undefined otherwise. */
  outputOf(code: string): readonly string[] | undefined {
    return this.substitutionOutput(`$(${code})`);
  }

  /**
   * What `$(echo …)`, `$(printf …)` and their backtick forms print, trailing newlines removed; also `mktemp`, the
   * path commands of literal-output.ts, `pwd` and `cd DIR; pwd` (the working folder, `$PWD` when not known),
   * `eval` of such a command (`eval echo ~dev` → `~dev`) and `git rev-parse --show-toplevel`.
   */
  private substitutionOutput(expansion: string): readonly string[] | undefined {
    const code = expansion.startsWith('$(') ? expansion.slice(2, -1) : expansion.slice(1, -1);
    if (code.length > MAX_VALUE_LENGTH || code.includes('\\')) return undefined;
    const changed = CD_THEN_PWD.exec(code);
    // `cd` alone goes home; `cd -` goes to a folder not known.
    if (changed) return changed[1] === '-' ? undefined : [changed[1] ?? '~'];
    if (NOT_ONE_SIMPLE_COMMAND.test(code)) return undefined;
    this.budget.nestedCode(code.length);
    let words = this.listWords(code);
    if (words === undefined || words.some((word) => word.assignment)) return undefined;
    // `eval WORDS` runs the words as a command: the same when they need no more quoting.
    if (words[0]?.text === 'eval' && words.slice(1).every((word) => !word.parts && isBareText(word.text, true))) {
      words = words.slice(1);
    }
    const outputs: string[] = [];
    for (const expanded of this.expandWords(words, 'value') ?? [words]) {
      if (expanded.some((word) => word.parts?.some(isOpaque))) return undefined;
      const output = literalOutput({ words: expanded, redirects: [], depth: 0 }) ?? mktempOutput(expanded);
      if (output !== undefined) {
        outputs.push(output.replace(/\n+$/, ''));
        continue;
      }
      const folder = workingFolderPrinted(expanded.map((word) => word.text));
      if (!folder) return undefined;
      outputs.push(...(this.variables.get('PWD') ?? ['$PWD']));
    }
    return this.bounded(outputs);
  }
}

/** `cd [DIR]; pwd` or `cd [DIR] && pwd`: the folder is DIR, or the home. */
const CD_THEN_PWD = /^\s*cd(?:\s+(?:--\s+)?([^\s;&|<>()`$'"\\]+))?\s*(?:;|&&)\s*pwd(?:\s+-[LP])?\s*$/;

/**
 * Whether the command prints the working folder: `pwd`, and `git rev-parse --show-toplevel`, the repository's
 * root, taken to be the working folder: the root is the working folder or above it, so what the line does
 * to it or its parent reaches at least as high when read as `$PWD`.
 */
function workingFolderPrinted(words: readonly string[]): boolean {
  if (words[0] === 'pwd') return words.length === 1 || (words.length === 2 && /^-[LP]$/.test(words[1]!));
  return words.length === 3 && words[0] === 'git' && words[1] === 'rev-parse' && words[2] === '--show-toplevel';
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
    const key =
      typeof value === 'string'
        ? `=${value}`
        : 'fields' in value
          ? `@${String(value.star)}${JSON.stringify(value.fields)}`
          : `$${value.reference}`;
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
      if (operand === SLASH_ONLY) return [reference];
      // The working folder's parent: `${PWD%/*}` is `$PWD/..` (PWD, HOME, OLDPWD hold absolute paths).
      return operator === '%' && operand === '/*' && ABSOLUTE_PATHS.has(name) ? [`${reference}/..`] : undefined;
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

/**
 * Appends a value; unquoted (`splits`), it is cut into words at the separators (blanks, or `$IFS`'s), and an
 * empty one adds no word.
 */
function appendValue(
  word: Building,
  value: string,
  splits: boolean,
  quoted: boolean,
  separators: RegExp | undefined,
): void {
  if (!splits || separators === undefined || !separators.test(value)) {
    append(word, value, isBareValue(value), false, quoted);
    return;
  }
  for (const [i, piece] of value.split(separators).entries()) {
    if (i > 0 && word.started) {
      word.fields.push(finish(word));
      Object.assign(word, { text: '', bare: true, opaque: false, started: false });
    }
    if (piece !== '') append(word, piece, isBareValue(piece), false, false);
  }
}

/**
 * Appends `$@` or an array's `[@]`: each element its own word (quoted, an empty one too); unquoted, each is
 * split further. Quoted `$*` and `[*]` are one word, the elements joined by a blank.
 */
function appendFields(
  word: Building,
  value: Fields,
  splits: boolean,
  quoted: boolean,
  separators: RegExp | undefined,
): void {
  if (value.star && quoted) {
    appendValue(word, value.fields.join(' '), false, true, separators);
    return;
  }
  for (const [i, field] of value.fields.entries()) {
    if (i > 0 && word.started) {
      word.fields.push(finish(word));
      Object.assign(word, { text: '', bare: true, opaque: false, started: false });
    }
    appendValue(word, field, splits, quoted, separators);
  }
}

/** The values of `$@`, `$*` or an array's `[@]`/`[*]`: undefined when an element is not known. */
function listValues(lists: readonly (readonly Element[])[], star: boolean): Value[] | undefined {
  if (lists.some((list) => list.includes(undefined))) return undefined;
  return dedupe(lists.map((list) => ({ fields: list as string[], star })));
}

/** A list's element `index` (negative: from the end); past the end, empty. */
function elementAt(list: readonly Element[], index: number): Element {
  const at = index < 0 ? list.length + index : index;
  return at >= 0 && at < list.length ? list[at] : '';
}

/** The elements words give as they are (already expanded), for the positional parameters they become. */
export function argumentList(words: readonly Word[]): Element[] {
  return words.map(elementOf);
}

/** Whether a word keeps an expansion whose value is not known and which is not a plain reference (`$(curl x)`). */
export function isOpaqueWord(word: Word): boolean {
  return word.parts?.some(isOpaque) ?? false;
}

/** An argument's value as a list element: undefined when it keeps an expansion not known. */
function elementOf(word: Word): Element {
  return word.parts?.some(isOpaque) ? undefined : word.text;
}

function finish(word: Building): Field {
  return { text: word.text, bare: word.bare, opaque: word.opaque };
}
