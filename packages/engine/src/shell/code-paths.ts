// What a path or mode argument of interpreter code names, written as a shell word for a view, so that rules
// written for shell commands read it: a string literal is its text, the user's home directory in any of the
// usual spellings is `~`, and anything computed at run time is UNKNOWN_TARGET.
//
// Also read: a name the code assigned once, to what it was assigned (`home = os.path.expanduser('~')`, `$f =
// getenv("HOME") . "/x"`; the names are gathered by code-names.ts and passed in); a literal list joined by a
// literal (`['home', 'dev'].join('/')`); a base64 literal decoded (`base64.b64decode('…').decode()`,
// `Buffer.from('…', 'base64').toString()`, `atob('…')`, `base64_decode("…")`, `Base64.decode64("…")`);
// pathlib's `.joinpath(…)`, `.expanduser()`, `.resolve()`; TypeScript's non-null `x!`. shellText reads an
// expression that is shell code (`os.system("rm -rf " + home)`): the home directory is `$HOME` there, anything
// computed `$UNKNOWN`.
import { readStringLiteral } from './code-literals';
import type { ScannedLanguage } from './interpreters';
import { quote } from './render';
import { isBareText } from './word';

/**
 * The word for a target ssg cannot know before the code runs (a variable, a function's result). A parameter
 * expansion in the view, so rules can ask about a destructive verb on a target they cannot check.
 */
export const UNKNOWN_TARGET = '$UNKNOWN';

/** A piece of a path: the home directory, or text (`pattern`: a glob the call expands, its `*` and `?` live). */
type Piece = { home: true } | { text: string; pattern?: boolean };

/**
 * The names the code assigned, each to the expressions it may hold (one for a plain assignment, one per item
 * for a loop over a literal list); an expression is read in the language of the code.
 */
export interface CodeNames {
  get(name: string): readonly string[] | undefined;
}

const NO_NAMES: CodeNames = { get: () => undefined };

const HOME_VARIABLE = String.raw`(?:HOME|USERPROFILE)`;
const QUOTED_HOME = String.raw`(?:'${HOME_VARIABLE}'|"${HOME_VARIABLE}")`;

/** Whole expressions that evaluate to the home directory, per language. */
const HOME_EXPRESSIONS: Record<ScannedLanguage, RegExp> = {
  python: new RegExp(
    String.raw`^(?:(?:pathlib\.)?Path\.home\(\)|(?:os\.)?environ\[${QUOTED_HOME}\]|(?:os\.)?environ\.get\(${QUOTED_HOME}\)|(?:os\.)?getenv\(${QUOTED_HOME}\))$`,
  ),
  node: new RegExp(
    String.raw`^(?:(?:process|Bun)\.env\.${HOME_VARIABLE}|(?:process|Bun)\.env\[${QUOTED_HOME}\]|Deno\.env\.get\(${QUOTED_HOME}\)|(?:(?:[A-Za-z_$][\w$]*|require\(['"](?:node:)?os['"]\))\.)?homedir\(\))$`,
  ),
  ruby: new RegExp(String.raw`^(?:Dir\.home(?:\(\))?|ENV\[${QUOTED_HOME}\]|ENV\.fetch\(${QUOTED_HOME}\))$`),
  perl: new RegExp(String.raw`^(?:\$ENV\{(?:${HOME_VARIABLE}|${QUOTED_HOME})\}|File::HomeDir->my_home(?:\(\))?)$`),
  php: new RegExp(String.raw`^(?:getenv\(${QUOTED_HOME}\)|\$_SERVER\[${QUOTED_HOME}\]|\$_ENV\[${QUOTED_HOME}\])$`),
  lua: new RegExp(String.raw`^os\.getenv\(${QUOTED_HOME}\)$`),
  r: new RegExp(
    String.raw`^(?:Sys\.getenv\(${QUOTED_HOME}\)|path\.expand\((?:'~'|"~")\)|normalizePath\((?:'~'|"~")\))$`,
  ),
  julia: new RegExp(String.raw`^(?:homedir\(\)|ENV\[${QUOTED_HOME}\])$`),
  awk: new RegExp(String.raw`^ENVIRON\[${QUOTED_HOME}\]$`),
  applescript: /^(?:POSIX path of \(path to home folder\)|\(?path to home folder\)?)$/,
};

/** Calls whose result is their (joined) arguments as a path: `os.path.join`, `Path(…)`, `File.join` … */
const PATH_CALLS =
  /^(?:os\.path\.(?:join|abspath|realpath|normpath)|(?:pathlib\.)?Path|str|os\.fspath|path\.(?:join|resolve|normalize)|File\.(?:join|realpath)|Pathname(?:\.new)?|catfile|File::Spec->catfile|file\.path|joinpath|normpath|abspath)\((.*)\)$/s;

/** Calls whose result is their arguments' text run together (R's `paste0`, PHP's and Lua's joins aside). */
const CONCAT_CALLS = /^(?:paste0|string|concat)\((.*)\)$/s;

/** Methods on a path that give the same path or a child: pathlib's `.joinpath(…)`, `.expanduser()` … */
const PATH_METHOD = /^(.+)\.(joinpath|expanduser|resolve|absolute)\((.*)\)$/s;

/** A literal list joined by a literal: `['home', 'dev'].join('/')` (JS), `'/'.join(['home', 'dev'])` (Python). */
const LIST_JOIN = /^\[(.*)\]\.join\((.*)\)$/s;
const PYTHON_JOIN = /^(['"][^'"]*['"])\.join\(\s*[[(](.*)[\])]\s*\)$/s;

/** Decoding a base64 literal, per language (the literal is the first group). */
const BASE64_CALLS =
  /^(?:base64\.(?:b64decode|standard_b64decode|decodebytes)\((.*?)\)(?:\.decode\([^()]*\))?|Buffer\.from\((.*?),\s*['"]base64['"]\s*\)(?:\.toString\([^()]*\))?|atob\((.*)\)|base64_decode\((.*)\)|Base64\.(?:strict_|urlsafe_)?decode64\((.*)\)|decode_base64\((.*)\))$/s;
/** Longest base64 literal decoded. */
const MAX_BASE64 = 65_536;

/** Calls that expand a leading `~` of their argument (Python's, Ruby's and Perl's tilde expansion). */
const TILDE_CALLS = /^(?:os\.path\.expanduser|File\.expand_path|glob)\((.*)\)$/s;

/** Calls whose result is the files their first argument matches as a glob pattern (Perl's `glob` expands `~`). */
const GLOB_CALLS = /^(?:glob|glob\.i?glob|Dir\.glob|bsd_glob|File::Glob::bsd_glob)\((.*)\)$/s;

/** Where the languages concatenate strings or paths, from the loosest binding to the tightest. */
const CONCATENATION: Record<ScannedLanguage, readonly string[]> = {
  python: ['+', '/'],
  node: ['+'],
  ruby: ['+'],
  perl: ['.'],
  php: ['.'],
  lua: ['..'],
  r: [],
  julia: ['*'],
  awk: [' '],
  applescript: ['&'],
};

/** Interpolations inside a literal: `${…}` (JS), `{…}` (Python f-string), `#{…}` (Ruby), `$ENV{…}` (Perl). */
const INTERPOLATIONS: Record<ScannedLanguage, RegExp> = {
  python: /\{([^{}]*)\}/g,
  node: /\$\{([^{}]*)\}/g,
  ruby: /#\{([^{}]*)\}/g,
  perl: /(\$ENV\{[^{}]*\}|[$@][\w:{]+)/g,
  php: /(\{?\$[\w[\]'"]+\}?)/g,
  lua: /(?!)/g,
  r: /(?!)/g,
  julia: /\$(?:\(([^()]*)\)|([A-Za-z_]\w*))/g,
  awk: /(?!)/g,
  applescript: /(?!)/g,
};

/** Nesting of calls and concatenations looked through; deeper expressions are UNKNOWN_TARGET. */
const MAX_EXPRESSION_DEPTH = 8;

/** The shell word for the path `expression` evaluates to (see the header). */
export function pathWord(expression: string, language: ScannedLanguage, names: CodeNames = NO_NAMES): string {
  const pieces = evaluate(expression.trim(), language, 0, names);
  if (pieces === undefined) return UNKNOWN_TARGET;
  if (pieces.some((piece, i) => 'home' in piece && i > 0)) return UNKNOWN_TARGET;
  const home = pieces[0] !== undefined && 'home' in pieces[0];
  const word = textWord(pieces.filter((piece) => 'text' in piece));
  return home ? `~${word}` : word === '' ? "''" : word;
}

/**
 * The text pieces as one shell word. Literal text is quoted where the shell would read it otherwise (a `~` or
 * `*` in it is a name, not the home directory or a glob); the `*` and `?` of a pattern stay live.
 */
function textWord(pieces: { text: string; pattern?: boolean }[]): string {
  const runs: { text: string; live: boolean }[] = [];
  const add = (text: string, live: boolean): void => {
    const last = runs.at(-1);
    if (last && last.live === live) last.text += text;
    else if (text !== '') runs.push({ text, live });
  };
  for (const piece of pieces) {
    if (!piece.pattern) add(piece.text, false);
    else for (const part of piece.text.split(/([*?]+)/)) add(part, /^[*?]+$/.test(part));
  }
  return runs.map((run) => (run.live || isBareText(run.text) ? run.text : quote(run.text))).join('');
}

/**
 * The shell code an expression evaluates to, for a call that runs shell code: literal text as is, the home
 * directory `$HOME`, each part computed at run time `$UNKNOWN`; undefined when nothing of it is known.
 */
export function shellText(
  expression: string,
  language: ScannedLanguage,
  names: CodeNames = NO_NAMES,
): string | undefined {
  const text = expression.trim();
  const operator = CONCATENATION[language].find((op) => splitTopLevel(text, op, language).length > 1);
  const parts = operator === undefined ? [text] : splitTopLevel(text, operator, language);
  let known = false;
  let code = '';
  for (const part of parts) {
    const pieces = evaluate(part.trim(), language, 1, names);
    if (pieces === undefined) {
      code += UNKNOWN_TARGET;
      continue;
    }
    known = true;
    for (const piece of pieces) code += 'home' in piece ? '$HOME' : piece.text;
  }
  return known ? code : undefined;
}

function evaluate(expression: string, language: ScannedLanguage, depth: number, names: CodeNames): Piece[] | undefined {
  if (depth > MAX_EXPRESSION_DEPTH || expression === '') return undefined;
  if (HOME_EXPRESSIONS[language].test(expression)) return [{ home: true }];
  if (expression.endsWith('!') && language === 'node')
    return evaluate(expression.slice(0, -1), language, depth + 1, names);
  if (/^\$?[A-Za-z_]\w*$/.test(expression)) {
    const assigned = names.get(expression);
    return assigned?.length === 1 ? evaluate(assigned[0]!.trim(), language, depth + 1, names) : undefined;
  }
  if (expression.startsWith('(') && readDelimitedEnd(expression) === expression.length)
    return evaluate(expression.slice(1, -1).trim(), language, depth + 1, names);
  for (const operator of CONCATENATION[language]) {
    const parts = splitTopLevel(expression, operator, language);
    if (parts.length < 2) continue;
    const pieces: Piece[] = [];
    for (const [i, part] of parts.entries()) {
      const evaluated = evaluate(part.trim(), language, depth + 1, names);
      if (evaluated === undefined) return undefined;
      if (i > 0 && operator === '/') pieces.push({ text: '/' });
      pieces.push(...evaluated);
    }
    return pieces;
  }
  const literal = readStringLiteral(expression, 0, language);
  if (literal && literal.end === expression.length)
    return literalPieces(literal.value, literal.interpolated, language, depth, names);
  const glob = GLOB_CALLS.exec(expression);
  if (glob) {
    const [pattern = ''] = splitTopLevel(glob[1]!, ',', language);
    const pieces = evaluate(pattern.trim(), language, depth + 1, names)?.map((piece) =>
      'text' in piece ? { text: piece.text, pattern: true } : piece,
    );
    return language === 'perl' || language === 'r' ? expandTilde(pieces) : pieces;
  }
  const tilde = TILDE_CALLS.exec(expression);
  if (tilde) return expandTilde(evaluate(tilde[1]!.trim(), language, depth + 1, names));
  const call = PATH_CALLS.exec(expression);
  if (call) return joinPaths(splitTopLevel(call[1]!, ',', language), language, depth, names, '/');
  const concat = CONCAT_CALLS.exec(expression);
  if (concat) return joinPaths(splitTopLevel(concat[1]!, ',', language), language, depth, names, '');
  const base64 = BASE64_CALLS.exec(expression);
  if (base64)
    return decodeBase64(
      base64.slice(1).find((group) => group !== undefined)!,
      language,
    );
  const list = LIST_JOIN.exec(expression) ?? PYTHON_JOIN.exec(expression);
  if (list) {
    const [items, separator] = expression.startsWith('[') ? [list[1]!, list[2]!] : [list[2]!, list[1]!];
    const glue = literalValue(separator, language);
    if (glue === undefined) return undefined;
    return joinPaths(splitTopLevel(items, ',', language), language, depth, names, glue);
  }
  const method = PATH_METHOD.exec(expression);
  if (method) {
    const receiver = evaluate(method[1]!.trim(), language, depth + 1, names);
    if (method[2] === 'expanduser') return expandTilde(receiver);
    if (method[2] !== 'joinpath') return receiver;
    const children = joinPaths(splitTopLevel(method[3]!, ',', language), language, depth, names, '/');
    return receiver && children && [...receiver, { text: '/' }, ...children];
  }
  return undefined;
}

/** The end of the bracketed group opening `text` (its length when the group is the whole text). */
function readDelimitedEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')' && --depth === 0) return i + 1;
    else if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

function literalValue(expression: string, language: ScannedLanguage): string | undefined {
  const text = expression.trim();
  const literal = readStringLiteral(text, 0, language);
  return literal && literal.end === text.length && !literal.interpolated ? literal.value : undefined;
}

/** A base64 literal's text (UTF-8), when it is a literal, not too long, and decodes. */
function decodeBase64(expression: string, language: ScannedLanguage): Piece[] | undefined {
  const [first = ''] = splitTopLevel(expression, ',', language);
  const encoded = literalValue(first, language);
  if (encoded === undefined || encoded.length > MAX_BASE64) return undefined;
  try {
    const bytes = Uint8Array.from(atob(encoded.replace(/[\s]/g, '').replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    return [{ text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }];
  } catch {
    return undefined;
  }
}

function literalPieces(
  value: string,
  interpolated: boolean,
  language: ScannedLanguage,
  depth: number,
  names: CodeNames,
): Piece[] | undefined {
  if (!interpolated) return [{ text: value }];
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of value.matchAll(INTERPOLATIONS[language])) {
    const inner = evaluate((match[1] ?? match[2] ?? match[0]).trim(), language, depth + 1, names);
    if (inner === undefined) return undefined;
    pieces.push({ text: value.slice(last, match.index) }, ...inner);
    last = match.index + match[0].length;
  }
  pieces.push({ text: value.slice(last) });
  return pieces.filter((piece) => !('text' in piece) || piece.text !== '');
}

function joinPaths(
  parts: string[],
  language: ScannedLanguage,
  depth: number,
  names: CodeNames,
  separator: string,
): Piece[] | undefined {
  const pieces: Piece[] = [];
  for (const [i, part] of parts.entries()) {
    const evaluated = evaluate(part.trim(), language, depth + 1, names);
    if (evaluated === undefined) return undefined;
    if (i > 0 && separator !== '') pieces.push({ text: separator });
    pieces.push(...evaluated);
  }
  return pieces;
}

function expandTilde(pieces: Piece[] | undefined): Piece[] | undefined {
  const first = pieces?.[0];
  if (pieces === undefined || first === undefined || !('text' in first)) return pieces;
  if (first.text !== '~' && !first.text.startsWith('~/')) return pieces;
  return [{ home: true }, { ...first, text: first.text.slice(1) }, ...pieces.slice(1)];
}

/** The parts of `text` between top-level `separator`s (outside brackets and string literals). */
function splitTopLevel(text: string, separator: string, language: ScannedLanguage): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const literal = c === '"' || c === "'" || c === '`' ? readStringLiteral(text, i, language) : undefined;
    if (literal) {
      i = literal.end;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') depth -= 1;
    else if (depth === 0 && separator.length > 1 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length;
      continue;
    } else if (depth === 0 && c === separator && !isPartOfOperator(text, i)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    i += 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/** `+=`, `//`, `->`, `::`, `a.b` in a name and numbers are not the concatenations looked for. */
function isPartOfOperator(text: string, i: number): boolean {
  const c = text[i];
  const before = text[i - 1] ?? '';
  const after = text[i + 1] ?? '';
  if (after === '=' || after === c || before === c) return true;
  if (c === '.') return /[\w)\]}]/.test(before) && /[A-Za-z_(]/.test(after) && !/['"]/.test(after);
  return false;
}

/** The octal digits of a permission mode (`0o755`, `0755`, `'755'`, `493`, `oct('755')`), or UNKNOWN_TARGET. */
export function modeWord(expression: string): string {
  const text = expression.trim();
  const octal = /^(?:0[oO]?([0-7]{1,4})|(?:oct\()?['"]([0-7]{3,4})['"]\)?)$/.exec(text);
  if (octal) return (octal[1] ?? octal[2])!.padStart(3, '0');
  if (/^[0-9]+$/.test(text) && Number(text) < 0o10000) return Number(text).toString(8).padStart(3, '0');
  return UNKNOWN_TARGET;
}
