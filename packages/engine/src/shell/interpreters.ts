// Interpreter one-liners (`python -c`, `node -e`, `perl -e`, `ruby -e`, `php -r`, `pwsh -c`, or code fed on
// stdin): the shell commands they run or amount to. Best effort and deliberately cheap: no parsing of the
// language, just a scan for the well-known calls that run shell commands, taking their leading string-literal
// arguments, and for the file API calls that delete, overwrite, move or chmod files, written as the shell
// command that does the same (file-operations.ts; PowerShell in powershell.ts). Code that builds its command
// at run time (variables, concatenation, decoding) is not seen; rules on the raw command still apply.
//
// Found:  python os.system / os.popen / subprocess.run|call|Popen|check_output|check_call|getoutput|
//         getstatusoutput (also imported bare, e.g. `from os import system`);
//         node child_process exec / execSync / execFile / execFileSync / spawn / spawnSync;
//         perl system / exec, backticks, qx{…}; ruby system / exec / spawn / popen / Open3.capture*, backticks,
//         %x(…); php system / exec / shell_exec / passthru / popen / proc_open, backticks.
// A single string argument is shell code (`os.system("rm -rf /")`); string and list arguments together are an
// argument vector (`spawnSync("sh", ["-c", "…"])`, `subprocess.run(["rm", "-rf", "/"])`), turned into a
// quoted command line so a `sh -c` inside is analysed in turn.
import { readDelimited, readStringLiteral, skipSpaces } from './code-literals';
import { fileOperationCommands } from './file-operations';
import { optionValue, readOptions } from './options';
import { powershellCommands, powershellInvocation } from './powershell';
import { quote } from './render';
import type { Word } from './word';

export type Language = 'python' | 'node' | 'perl' | 'ruby' | 'php' | 'powershell';
/** The languages whose code is scanned for calls (PowerShell is a shell, read by statements instead). */
export type ScannedLanguage = Exclude<Language, 'powershell'>;

const LANGUAGE_NAMES: readonly [RegExp, Language][] = [
  [/^(?:python|pypy)(?:[0-9]+(?:\.[0-9]+)*)?$/, 'python'],
  [/^(?:node|nodejs|bun)$/, 'node'],
  [/^perl(?:[0-9]+(?:\.[0-9]+)*)?$/, 'perl'],
  [/^ruby(?:[0-9]+(?:\.[0-9]+)*)?$/, 'ruby'],
  [/^php(?:[0-9]+(?:\.[0-9]+)*)?$/, 'php'],
  [/^(?:pwsh|powershell)(?:-preview)?(?:\.exe)?$/i, 'powershell'],
];

export function interpreterLanguage(name: string): Language | undefined {
  return LANGUAGE_NAMES.find(([pattern]) => pattern.test(name))?.[1];
}

interface CommandLine {
  /** Short options whose value is code. */
  code: string;
  /** Long options whose value is code. */
  codeLong?: readonly string[];
  /** Other short options taking a value (attached or next word). */
  short: string;
  /** Short options taking the rest of their word as value. */
  attached?: string;
  /** Other long options taking the next word as value. */
  long?: readonly string[];
  /** Options naming the program to run instead of code or stdin (python -m module, php -f file). */
  programOptions?: readonly string[];
}

const COMMAND_LINES: Record<ScannedLanguage, CommandLine> = {
  python: { code: 'c', short: 'WXm', programOptions: ['-m'] },
  node: {
    code: 'ep',
    codeLong: ['--eval', '--print'],
    short: 'rC',
    long: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--title'],
  },
  perl: { code: 'eE', short: '', attached: 'iIMmFxdDC' },
  ruby: { code: 'e', short: 'rICE', attached: 'iFxWTK' },
  php: { code: 'rBRE', short: 'fdczStF', programOptions: ['-f'] },
};

export interface InterpreterInvocation {
  /** The code given on the command line (several `-e` are joined by newlines). */
  code?: string;
  /** The interpreter reads its program from stdin (no code, no script file, or `-`). */
  readsStdin: boolean;
}

export function interpreterInvocation(language: Language, words: readonly Word[]): InterpreterInvocation {
  if (language === 'powershell') return powershellInvocation(words);
  const grammar = COMMAND_LINES[language];
  const read = readOptions(language === 'node' ? words.map(nodeCodeCluster) : words, 1, {
    short: grammar.code + grammar.short,
    attached: grammar.attached ?? '',
    long: [...(grammar.codeLong ?? []), ...(grammar.long ?? [])],
  });
  const codeOptions = [...[...grammar.code].map((flag) => `-${flag}`), ...(grammar.codeLong ?? [])];
  const code = read.seen.filter(([option]) => codeOptions.includes(option)).map(([, value]) => value);
  if (code.length > 0) return { code: code.join('\n'), readsStdin: false };
  if (grammar.programOptions?.some((option) => optionValue(read, option) !== undefined)) return { readsStdin: false };
  const operand = words[read.next]?.text;
  return { readsStdin: operand === undefined || operand === '-' };
}

/** Node reads `-pe CODE` as `-p -e CODE` (one code value), unlike getopt's `-p` with value `e`. */
function nodeCodeCluster(word: Word): Word {
  return /^-(?:pe|ep)$/.test(word.text) ? { ...word, text: '-e' } : word;
}

const SHELL_CALLS: Record<ScannedLanguage, ReadonlySet<string>> = {
  python: new Set([
    'system',
    'popen',
    'run',
    'call',
    'Popen',
    'check_output',
    'check_call',
    'getoutput',
    'getstatusoutput',
  ]),
  node: new Set(['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync']),
  perl: new Set(['system', 'exec']),
  ruby: new Set(['system', 'exec', 'spawn', 'popen', 'capture2', 'capture2e', 'capture3']),
  php: new Set(['system', 'exec', 'shell_exec', 'passthru', 'popen', 'proc_open']),
};

/**
 * Where each language can shell out: a call name standing alone (not part of a longer identifier), and for
 * perl, ruby and php the backticks (perl's `qx`, ruby's `%x`). One native search jumps from one to the next,
 * so a megabyte of code without them is scanned in a millisecond.
 */
const SHELL_OUT: Record<ScannedLanguage, RegExp> = {
  python: shellOutPattern(SHELL_CALLS.python, []),
  node: shellOutPattern(SHELL_CALLS.node, []),
  perl: shellOutPattern([...SHELL_CALLS.perl, 'qx'], ['`']),
  ruby: shellOutPattern(SHELL_CALLS.ruby, ['`', '%x']),
  php: shellOutPattern(SHELL_CALLS.php, ['`']),
};

/** Matches each of `names` standing alone (not inside a longer identifier) and each of `literals`. */
function shellOutPattern(names: Iterable<string>, literals: readonly string[]): RegExp {
  const standalone = `(?<![A-Za-z0-9_$])(?:${[...names].join('|')})(?![A-Za-z0-9_$])`;
  return new RegExp([...literals, standalone].join('|'), 'g');
}

/** Shell command lines that `code` evidently runs or amounts to (see the header). */
export function shellCommandsInCode(language: Language, code: string): string[] {
  if (language === 'powershell') return powershellCommands(code);
  return [...shellOutCommands(language, code), ...fileOperationCommands(language, code)];
}

/** The command lines of the calls that shell out. */
function shellOutCommands(language: ScannedLanguage, code: string): string[] {
  const found: string[] = [];
  const shellOut = SHELL_OUT[language];
  shellOut.lastIndex = 0;
  for (let match = shellOut.exec(code); match !== null; match = shellOut.exec(code)) {
    const token = match[0];
    let end = shellOut.lastIndex;
    if (token === '`') {
      const literal = readDelimited(code, end, '`');
      found.push(literal.body);
      end = literal.end;
    } else if (token === '%x' || token === 'qx') {
      const opener = code[end];
      // `qx` must be followed by its delimiter (`qx{…}`, `qx(…)`); `%x` takes any character.
      if (opener !== undefined && (token === '%x' || /[^\sA-Za-z0-9_,;=]/.test(opener))) {
        const literal = readDelimited(code, end + 1, opener);
        found.push(literal.body);
        end = literal.end;
      }
    } else {
      const call = readCallArguments(code, end, language);
      if (call.commandLine !== undefined) found.push(call.commandLine);
      end = Math.max(end, call.end);
    }
    shellOut.lastIndex = end;
  }
  return found;
}

/** Reads `( "…", ["…", …], … ` after a call's name: the leading literal arguments, as one command line. */
function readCallArguments(
  code: string,
  from: number,
  language: ScannedLanguage,
): { commandLine?: string; end: number } {
  let p = skipSpaces(code, from);
  if (code[p] === '(') p = skipSpaces(code, p + 1);
  const items: (string | string[])[] = [];
  for (;;) {
    const literal = readStringLiteral(code, p, language);
    if (literal) {
      items.push(literal.value);
      p = literal.end;
    } else if (code[p] === '[') {
      const list = readStringList(code, p + 1, language);
      items.push(list.values);
      p = list.end;
    } else {
      break;
    }
    p = skipSpaces(code, p);
    if (code[p] !== ',') break;
    p = skipSpaces(code, p + 1);
  }
  const [first] = items;
  if (first === undefined) return { end: p };
  if (items.length === 1 && typeof first === 'string') return { commandLine: first, end: p };
  return { commandLine: items.flat().map(quote).join(' '), end: p };
}

function readStringList(code: string, from: number, language: ScannedLanguage): { values: string[]; end: number } {
  const values: string[] = [];
  let p = skipSpaces(code, from);
  for (;;) {
    const literal = readStringLiteral(code, p, language);
    if (!literal) break;
    values.push(literal.value);
    p = skipSpaces(code, literal.end);
    if (code[p] !== ',') break;
    p = skipSpaces(code, p + 1);
  }
  return { values, end: code[p] === ']' ? p + 1 : p };
}
