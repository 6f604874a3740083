// Interpreter code that names a call indirectly, rewritten to name it plainly so the scans (interpreters.ts,
// file-operations.ts) see the call: a name spelled as a literal or a concatenation of literals, an alias.
//   Python: `getattr(X, 'rm' + 'tree')` is `X.rmtree`; `from M import N as A` makes `A(` `M.N(`, and
//           `import M as A` makes `A.` `M.`.
//   Node:   `X['rm' + 'Sync']` is `X.rmSync` (a key that is a literal identifier).
//   Ruby:   `X.send(:rm_rf, …)`, `public_send`, `__send__` (`:name` or a literal) are `X.rm_rf(…)`, and
//           `X.method(:rm_rf).call(…)` is `X.rm_rf(…)`.
//   PHP:    `$f = 'sys' . 'tem'; $f(…)` (a name assigned once a literal) is `system(…)`, as is
//           `call_user_func('system', …)`.
//   Perl:   the glob operator `<~/.ssh/*>` is `glob('~/.ssh/*')`.
// A cheap scan like the others: each pass is linear in the code, and there are at most MAX_PASSES of them
// (a rewrite may reveal another: `getattr(getattr(m, 'a'), 'b')`). Never throws.
import { readArguments, readStringLiteral, skipSpaces } from './code-literals';
import type { ScannedLanguage } from './interpreters';

const MAX_PASSES = 3;
/** Most parts of a concatenation read, and most aliases remembered. */
const MAX_PARTS = 64;
const MAX_ALIASES = 64;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The value of an expression made only of string literals joined by the language's concatenation (`+`; `.`
 * in PHP and Perl), e.g. `'rm' + 'tree'`; undefined for anything else (a name, a literal that interpolates).
 */
export function literalConcatenation(expression: string, language: ScannedLanguage): string | undefined {
  const text = expression.trim();
  const operator = language === 'php' || language === 'perl' ? '.' : language === 'lua' ? '..' : '+';
  let p = 0;
  let value = '';
  for (let part = 0; part < MAX_PARTS; part += 1) {
    const literal = readStringLiteral(text, p, language);
    // An interpolating literal counts when it has nothing to interpolate (`"sys"` in PHP).
    if (!literal || (literal.interpolated && /[$@{}]/.test(literal.value))) return undefined;
    value += literal.value;
    p = skipSpaces(text, literal.end);
    if (p >= text.length) return value;
    if (!text.startsWith(operator, p)) return undefined;
    p = skipSpaces(text, p + operator.length);
  }
  return undefined;
}

/** The code with indirectly named calls named plainly (see the header). */
export function rewriteIndirectCalls(language: ScannedLanguage, code: string): string {
  const rewrite = REWRITES[language];
  if (!rewrite) return code;
  let text = code;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = rewrite(text);
    if (next === text) break;
    text = next;
  }
  return text;
}

const REWRITES: Partial<Record<ScannedLanguage, (code: string) => string>> = {
  python: (code) => pythonAliases(replaceCalls(code, /(?<![\w.])getattr\s*\(/g, 'python', getattrCall)),
  node: (code) => nodeComputedMembers(code),
  ruby: (code) =>
    replaceCalls(code, /\.\s*(?:send|public_send|__send__)\s*\(/g, 'ruby', rubySend).replace(
      /\.\s*method\s*\(\s*:(\w+[!?]?)\s*\)\s*\.\s*call\s*\(/g,
      '.$1(',
    ),
  php: (code) => phpVariableFunctions(code),
  perl: (code) =>
    code.includes('<')
      ? code.replace(/<([^<>\s$@;=,()]*[/*~?][^<>\s$@;=,()]*)>/g, (_, pattern: string) => `glob('${pattern}')`)
      : code,
};

/**
 * Replaces each call matched by `pattern` (which ends just after its `(`) with what `replace` makes of its
 * arguments; a call it declines (undefined) is kept.
 */
function replaceCalls(
  code: string,
  pattern: RegExp,
  language: ScannedLanguage,
  replace: (args: string[]) => string | undefined,
): string {
  let out = '';
  let last = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    const call = readArguments(code, pattern.lastIndex, language, false);
    const replacement = replace(call.args);
    if (replacement !== undefined) {
      out += code.slice(last, match.index) + replacement;
      last = call.end;
    }
    pattern.lastIndex = Math.max(pattern.lastIndex, call.end);
  }
  return last === 0 ? code : out + code.slice(last);
}

/** `getattr(X, 'name')` → `X.name` (a default third argument is dropped). */
function getattrCall(args: string[]): string | undefined {
  const [receiver, name] = args;
  if (receiver === undefined || name === undefined) return undefined;
  const attribute = literalConcatenation(name, 'python');
  return attribute !== undefined && IDENTIFIER.test(attribute) ? `${receiver.trim()}.${attribute}` : undefined;
}

/** Ruby's `.send(:name, args…)` → `.name(args…)`. */
function rubySend(args: string[]): string | undefined {
  const [first, ...rest] = args;
  if (first === undefined) return undefined;
  const text = first.trim();
  const name = /^:(\w+[!?]?)$/.exec(text)?.[1] ?? literalConcatenation(text, 'ruby');
  return name !== undefined && /^\w+[!?]?$/.test(name) ? `.${name}(${rest.join(',')})` : undefined;
}

const PYTHON_FROM_IMPORT = /(?<![\w.])from\s+([\w.]+)\s+import\s+\(?([\w\s,]+)/g;
const PYTHON_IMPORT_AS = /(?<![\w.])import\s+([\w.]+)\s+as\s+(\w+)/g;

/** `from M import N as A` (and `import M as A`): each alias read as what it names. */
function pythonAliases(code: string): string {
  if (!code.includes(' as ')) return code;
  const aliases = new Map<string, string>();
  for (const match of code.matchAll(PYTHON_FROM_IMPORT)) {
    for (const entry of match[2]!.split(',')) {
      const alias = /^\s*(\w+)\s+as\s+(\w+)\s*$/.exec(entry);
      if (alias && aliases.size < MAX_ALIASES) aliases.set(alias[2]!, `${match[1]!}.${alias[1]!}`);
    }
  }
  for (const match of code.matchAll(PYTHON_IMPORT_AS))
    if (aliases.size < MAX_ALIASES && match[1] !== match[2]) aliases.set(match[2]!, match[1]!);
  if (aliases.size === 0) return code;
  const names = [...aliases.keys()].join('|');
  // Not the alias where it is bound (`as r`), and not an attribute (`x.r`) or a keyword argument (`r=`).
  return code.replace(
    new RegExp(`(?<![\\w.]|\\bas\\s{1,20}|\\bimport\\s{1,20})(${names})(?=\\s*[.(])`, 'g'),
    (name: string) => aliases.get(name)!,
  );
}

/** Node's `X['rm' + 'Sync']` → `X.rmSync`. */
function nodeComputedMembers(code: string): string {
  if (!code.includes('[')) return code;
  return replaceCalls(code, /(?<=[\w$)\]]\s*)\[/g, 'node', (args) => {
    if (args.length !== 1) return undefined;
    const key = literalConcatenation(args[0]!, 'node');
    return key !== undefined && IDENTIFIER.test(key) ? `.${key}` : undefined;
  });
}

const PHP_ASSIGNMENT = /(?<![\w$])\$(\w+)\s*=(?![=>])\s*([^;]{1,500});/g;
const PHP_CALL_USER_FUNC = /(?<![\w$])call_user_func\s*\(/g;

/** PHP's variable functions whose name is a literal assigned once, and `call_user_func('name', …)`. */
function phpVariableFunctions(code: string): string {
  const text = code.includes('call_user_func')
    ? replaceCalls(code, PHP_CALL_USER_FUNC, 'php', ([first, ...rest]) => {
        const name = first === undefined ? undefined : literalConcatenation(first, 'php');
        return name !== undefined && IDENTIFIER.test(name) ? `${name}(${rest.join(',')})` : undefined;
      })
    : code;
  if (!text.includes('$')) return text;
  const functions = new Map<string, string | undefined>();
  for (const match of text.matchAll(PHP_ASSIGNMENT)) {
    if (functions.size >= MAX_ALIASES) break;
    const value = literalConcatenation(match[2]!, 'php');
    const once = !functions.has(match[1]!) && value !== undefined && IDENTIFIER.test(value);
    functions.set(match[1]!, once ? value : undefined);
  }
  const known = [...functions].filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (known.length === 0) return text;
  const lookup = new Map(known);
  // The assignments go (their literal would read as a call of the name), the calls name the function.
  return text
    .replace(PHP_ASSIGNMENT, (assignment: string, name: string) => (lookup.has(name) ? ';' : assignment))
    .replace(
      new RegExp(`(?<![\\w$])\\$(${known.map(([name]) => name).join('|')})(?=\\s*\\()`, 'g'),
      (_, name: string) => lookup.get(name)!,
    );
}
