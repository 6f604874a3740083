// What the names of interpreter code hold, as far as the code says so plainly, so that a file call on a name
// reads as a call on what it names (code-paths.ts evaluates the expressions):
//   a name assigned once (`home = os.path.expanduser('~')`, `const home = os.homedir()`, `$f = getenv("HOME") .
//   "/x"`, `my $d = …`, `local d = …`, `d <- …`) holds that expression; assigned twice, it is not known;
//   a loop over a literal list (`for name in ['.ssh', '.aws']:`, `for (const n of ['a', 'b'])`, `foreach
//   (['a', 'b'] as $n)`, `%w[a b].each { |n| … }`) holds each item in turn (a call on it is one call per item);
//   a loop over a folder's listing holds its children: the names of `os.listdir(X)`, `fs.readdirSync(X)`,
//   `Dir.children(X)`, `scandir(X)` (a `*` that os.path.join(X, n) makes `X/*`), the paths of `X.iterdir()`,
//   `os.scandir(X)` (`X/*`); a loop over anything else (`glob.glob(P)`, `Dir.glob(P).each { |f| … }`) holds it.
// normalizeCode also reads module handles as their module: Python's `__import__('os').` is `os.`; Node's
// `require('fs/promises').` (`node:` or not) is `fsp.`, `require('fs-extra')` is `fse`, and names imported from
// them (`import { rm } from 'node:fs/promises'`, `const { rmSync: r } = require('fs')`) are the module's call
// (`fsp.rm(`, `fs.rmSync(`). A cheap scan like the rest, bounded in names and loops, linear in the code.
import { readArguments, readDelimited, skipSpaces } from './code-literals';
import type { CodeNames } from './code-paths';
import type { ScannedLanguage } from './interpreters';

/** Bounds: names remembered, loops read, items taken from a literal list. */
const MAX_NAMES = 256;
const MAX_LOOPS = 64;
export const MAX_ITEMS = 16;

const ASSIGNMENT =
  /(?:^|[;\n{])[ \t]*(?:(?:const|let|var|my|local|our)\s+)?(\$?[A-Za-z_]\w*)[ \t]*(?:<-|=(?![=~>]))[ \t]*([^;\n]+)/g;

/** Where a loop binds a name, per language: the name is the first group, what it iterates follows the match. */
const LOOPS: Partial<Record<ScannedLanguage, RegExp>> = {
  python: /(?<![\w.])for\s+([A-Za-z_]\w*)\s+in\s+/g,
  node: /(?<![\w.$])for\s*\(\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s+of\s+/g,
  perl: /(?<![\w.$])for(?:each)?\s+my\s+(\$\w+)\s*(?=\()/g,
  julia: /(?<![\w.])for\s+([A-Za-z_]\w*)\s+in\s+/g,
  lua: /(?<![\w.])for\s+[A-Za-z_]\w*\s*,\s*([A-Za-z_]\w*)\s+in\s+i?pairs\s*\(/g,
};

/** Ruby's `RECEIVER.each { |x| …`, `RECEIVER.each do |x|` and `Dir.glob(P) { |x| …` (the receiver is before). */
const RUBY_BLOCK = /(\.each(?:_child|_entry)?)?\s*(?:\{|\bdo)\s*\|\s*([A-Za-z_]\w*)[^|]{0,40}\|/g;
/** PHP's `foreach (EXPR as $x)` and `foreach (EXPR as $k => $x)`. */
const PHP_FOREACH = /\bforeach\s*\(\s*([^;]{1,500}?)\s+as\s+(?:\$\w+\s*=>\s*)?(\$\w+)\s*\)/g;
/** JS's `EXPR.forEach((x) => …` and `EXPR.forEach(function (x) …` (the receiver is before). */
const FOR_EACH = /\.forEach\(\s*(?:async\s*)?(?:function\s*)?\(?\s*([A-Za-z_$][\w$]*)/g;

/** Listings whose items are names (joined to the folder by the code) and those whose items are paths. */
const NAME_LISTINGS =
  /^(?:await\s+)?(?:os\.listdir|listdir|(?:fs|fsp|fse)\.readdir(?:Sync)?|readdir(?:Sync)?|Dir\.(?:children|entries)|scandir|readdir)\((.*)\)$/s;
const PATH_LISTINGS = /^(?:os\.scandir\((.*)\)|(.*)\.iterdir\(\)|Dir\.each_child\((.*)\)|(.*)\.children)$/s;

/** The names `code` assigns or loops over (see the header). */
export function codeNames(language: ScannedLanguage, code: string): CodeNames {
  const names = new Map<string, string[]>();
  const bind = (name: string, values: string[]): void => {
    const known = names.get(name);
    if (known) known.length = 0;
    else if (names.size < MAX_NAMES) names.set(name, values);
  };
  ASSIGNMENT.lastIndex = 0;
  for (let match = ASSIGNMENT.exec(code); match !== null; match = ASSIGNMENT.exec(code)) {
    bind(match[1]!, [match[2]!.trim()]);
    ASSIGNMENT.lastIndex = match.index + match[0].length;
  }
  for (const [name, iterable] of loops(language, code)) bind(name, loopItems(iterable, language));
  return names;
}

/** Each loop's name and the text of what it iterates. */
function loops(language: ScannedLanguage, code: string): [string, string][] {
  const found: [string, string][] = [];
  const loop = LOOPS[language];
  if (loop) {
    loop.lastIndex = 0;
    for (let match = loop.exec(code); match !== null && found.length < MAX_LOOPS; match = loop.exec(code)) {
      const operand = readOperand(code, loop.lastIndex, language);
      found.push([match[1]!, operand.text]);
      loop.lastIndex = Math.max(loop.lastIndex, operand.end);
    }
  }
  const blocks = language === 'ruby' ? RUBY_BLOCK : language === 'node' ? FOR_EACH : undefined;
  if (blocks) {
    blocks.lastIndex = 0;
    for (let match = blocks.exec(code); match !== null && found.length < MAX_LOOPS; match = blocks.exec(code)) {
      const name = match[2] ?? match[1]!;
      const receiver = receiverBefore(code, match.index);
      if (receiver !== '' && (match[1] !== undefined || language === 'node' || /^Dir(?:\.glob\(|\[)/.test(receiver)))
        found.push([name, receiver]);
    }
  }
  if (language === 'php') {
    PHP_FOREACH.lastIndex = 0;
    for (let match = PHP_FOREACH.exec(code); match !== null && found.length < MAX_LOOPS; match = PHP_FOREACH.exec(code))
      found.push([match[2]!, match[1]!]);
  }
  return found;
}

/** What a loop's name holds in turn: a literal list's items, a listing's children, or the iterable itself. */
function loopItems(iterable: string, language: ScannedLanguage): string[] {
  const text = iterable.trim();
  const list = /^(?:\[|\(|array\(|%w[[(]|c\(|\{)/.exec(text);
  if (list) {
    if (text.startsWith('%w'))
      return text
        .slice(3, -1)
        .trim()
        .split(/\s+/)
        .slice(0, MAX_ITEMS)
        .map((item) => `'${item}'`);
    return readArguments(text, list[0].length, language, false)
      .args.slice(0, MAX_ITEMS)
      .map((item) => item.trim());
  }
  const names = NAME_LISTINGS.exec(text);
  if (names) return ["glob('*')"];
  const paths = PATH_LISTINGS.exec(text);
  if (paths) return [`os.path.join(${paths.slice(1).find((group) => group !== undefined)!}, glob('*'))`];
  return [text];
}

/** The expression at `from` (a loop's iterable): names, calls, indexing and literals, up to a `:`, `)` or blank. */
export function readOperand(code: string, from: number, language: ScannedLanguage): { text: string; end: number } {
  let p = skipSpaces(code, from);
  const start = p;
  if (code.startsWith('await ', p)) p = skipSpaces(code, p + 6);
  while (p < code.length) {
    const c = code[p]!;
    if (c === '[' || c === '(' || c === '{') {
      p = readDelimited(code, p + 1, c).end;
    } else if (c === '"' || c === "'") {
      p = readDelimited(code, p + 1, c).end;
    } else if (/[\w.$%]/.test(c) || (c === ':' && code[p + 1] === ':')) {
      p += c === ':' ? 2 : 1;
    } else {
      break;
    }
  }
  void language;
  return { text: code.slice(start, p), end: p };
}

/** Longest receiver read backwards before a method call. */
const MAX_RECEIVER = 400;

/**
 * The receiver written just before `end` (where `.method(` starts): names, dots, calls and indexing, read
 * backwards over balanced brackets and string literals; '' when there is none.
 */
export function receiverBefore(code: string, end: number): string {
  let i = end - 1;
  const limit = Math.max(0, end - MAX_RECEIVER);
  while (i >= limit) {
    const c = code[i]!;
    if (c === ')' || c === ']' || c === '}') {
      const open = c === ')' ? '(' : c === ']' ? '[' : '{';
      let depth = 0;
      let j = i;
      for (; j >= limit; j -= 1) {
        if (code[j] === c) depth += 1;
        else if (code[j] === open && --depth === 0) break;
      }
      if (j < limit) return '';
      i = j - 1;
    } else if (c === '"' || c === "'") {
      const open = code.lastIndexOf(c, i - 1);
      if (open < limit) return '';
      i = open - 1;
    } else if (/[\w.$]/.test(c) || (c === ':' && code[i - 1] === ':')) {
      i -= c === ':' ? 2 : 1;
    } else {
      break;
    }
  }
  return code.slice(i + 1, end).trim();
}

const NODE_MODULES: Record<string, string> = {
  fs: 'fs',
  'fs/promises': 'fsp',
  'fs-extra': 'fse',
  child_process: 'child_process',
  os: 'os',
  path: 'path',
};
const NODE_MODULE = String.raw`['"](?:node:)?(fs|fs/promises|fs-extra|child_process|os|path)['"]`;
const NODE_REQUIRE = new RegExp(String.raw`(?:await\s+)?(?:require|import)\(\s*${NODE_MODULE}\s*\)`, 'g');
const NODE_NAMED = new RegExp(
  String.raw`(?:import\s*\{([^{}]{0,500})\}\s*from\s*${NODE_MODULE}|(?:const|let|var)\s*\{([^{}]{0,500})\}\s*=\s*(?:await\s+)?(?:require|import)\(\s*${NODE_MODULE}\s*\))`,
  'g',
);
const NODE_DEFAULT = new RegExp(
  String.raw`(?:import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from\s*${NODE_MODULE}|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?(?:require|import)\(\s*${NODE_MODULE}\s*\)(?!\s*\.))`,
  'g',
);
const PYTHON_IMPORT = /(?:__import__|importlib\.import_module)\(\s*['"]([\w.]+)['"]\s*\)/g;

/** The code with module handles read as their modules (see the header). */
export function normalizeCode(language: ScannedLanguage, code: string): string {
  if (language === 'python') return code.includes('import') ? code.replace(PYTHON_IMPORT, '$1') : code;
  if (language !== 'node' || !/require|import/.test(code)) return code;
  const renames = new Map<string, string>();
  for (const match of code.matchAll(NODE_NAMED)) {
    const module = NODE_MODULES[(match[2] ?? match[4])!]!;
    for (const entry of (match[1] ?? match[3])!.split(',')) {
      const [name, alias = name] = entry.split(/\s+as\s+|:/).map((part) => part.trim());
      if (name && alias && /^[A-Za-z_$][\w$]*$/.test(alias) && renames.size < MAX_NAMES)
        renames.set(alias, `${module}.${name}`);
    }
  }
  for (const match of code.matchAll(NODE_DEFAULT)) {
    const alias = (match[1] ?? match[3])!;
    const module = NODE_MODULES[(match[2] ?? match[4])!]!;
    if (alias !== module && renames.size < MAX_NAMES) renames.set(alias, module);
  }
  let normalized = code.replace(NODE_REQUIRE, (_, module: string) => NODE_MODULES[module]!);
  if (renames.size > 0) {
    const names = [...renames.keys()].map((name) => name.replace(/\$/g, '\\$')).join('|');
    normalized = normalized.replace(new RegExp(`(?<![\\w$.])(${names})(?=\\s*[.(])`, 'g'), (name: string) =>
      renames.get(name)!,
    );
  }
  return normalized;
}
