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
//         %x(…); php system / exec / shell_exec / passthru / popen / proc_open, backticks;
//         Bun's shell, the `$` tagged template (`Bun.$\`rm -rf ${dir}\``, zx's `$` alike), whose interpolations
//         are one word each (code-paths.ts reads them: `${os.homedir()}` is `~`).
// A single string argument is shell code (`os.system("rm -rf /")`); string and list arguments together are an
// argument vector (`spawnSync("sh", ["-c", "…"])`, `subprocess.run(["rm", "-rf", "/"])`), turned into a
// quoted command line so a `sh -c` inside is analysed in turn. A computed element of an argument vector (and,
// in perl and ruby, whose `system LIST` takes every argument as a word, a computed argument) is the word
// code-paths.ts reads for it: `system("rm", "-rf", glob("~"))` is `rm -rf ~`, a variable is UNKNOWN_TARGET.
// Deno (`deno eval CODE`, `deno run -`) and Bun read as node. cmd.exe (`cmd /c …`) is a shell of its own,
// translated in powershell.ts with PowerShell's Windows paths.
import { readArguments, readDelimited, readStringLiteral, skipSpaces } from './code-literals';
import { pathWord } from './code-paths';
import { fileOperationCommands } from './file-operations';
import { optionValue, readOptions } from './options';
import { cmdCommands, cmdInvocation, powershellCommands, powershellInvocation } from './powershell';
import { quote } from './render';
import type { Word } from './word';

export type Language = 'python' | 'node' | 'perl' | 'ruby' | 'php' | 'powershell' | 'cmd';
/** The languages whose code is scanned for calls (PowerShell and cmd are shells, read by statements instead). */
export type ScannedLanguage = Exclude<Language, 'powershell' | 'cmd'>;

const LANGUAGE_NAMES: readonly [RegExp, Language][] = [
  [/^(?:python|pypy)(?:[0-9]+(?:\.[0-9]+)*)?$/, 'python'],
  [/^(?:node|nodejs|bun|deno)(?:\.exe)?$/, 'node'],
  [/^perl(?:[0-9]+(?:\.[0-9]+)*)?$/, 'perl'],
  [/^ruby(?:[0-9]+(?:\.[0-9]+)*)?$/, 'ruby'],
  [/^php(?:[0-9]+(?:\.[0-9]+)*)?$/, 'php'],
  [/^(?:pwsh|powershell)(?:-preview)?(?:\.exe)?$/i, 'powershell'],
  [/^cmd(?:\.exe)?$/i, 'cmd'],
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
  if (language === 'cmd') return cmdInvocation(words);
  const program = words[0]?.text.replace(/^.*\//, '') ?? '';
  if (/^deno(?:\.exe)?$/.test(program)) return denoInvocation(words);
  if (/^bun(?:\.exe)?$/.test(program) && words[1]?.text === 'run') return { readsStdin: words[2]?.text === '-' };
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

/** Deno's value-taking options that may come before `eval`'s code or `run`'s script. */
const DENO_OPTIONS = {
  short: 'cL',
  long: ['--ext', '--import-map', '--config', '--location', '--seed', '--lock', '--cert', '--log-level', '--eval'],
};

/**
 * `deno eval [options] CODE` (`-p`/`--print` print its value), `deno repl --eval CODE`, `deno run [options] -`
 * and `deno -` read stdin, as does the bare `deno` (a REPL); other subcommands run files or tools.
 */
function denoInvocation(words: readonly Word[]): InterpreterInvocation {
  const subcommand = words[1]?.text;
  if (subcommand === undefined || subcommand === '-') return { readsStdin: true };
  const read = readOptions(words, 2, DENO_OPTIONS);
  if (subcommand === 'eval') {
    const code = words[read.next]?.text;
    return code === undefined ? { readsStdin: false } : { code, readsStdin: false };
  }
  if (subcommand === 'repl') {
    const code = optionValue(read, '--eval');
    return code === undefined ? { readsStdin: true } : { code, readsStdin: false };
  }
  if (subcommand === 'run') return { readsStdin: words[read.next]?.text === '-' };
  return { readsStdin: false };
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

/** Bun's (and zx's) `$` tagged template, alone or as `Bun.$`: the token is the `$`, the template follows. */
const BUN_SHELL = '(?<![A-Za-z0-9_$.])(?:Bun\\.)?\\$(?=`)';

/**
 * Where each language can shell out: a call name standing alone (not part of a longer identifier), and for
 * perl, ruby and php the backticks (perl's `qx`, ruby's `%x`). One native search jumps from one to the next,
 * so a megabyte of code without them is scanned in a millisecond.
 */
const SHELL_OUT: Record<ScannedLanguage, RegExp> = {
  python: shellOutPattern(SHELL_CALLS.python, []),
  node: shellOutPattern(SHELL_CALLS.node, [BUN_SHELL]),
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
  if (language === 'cmd') return cmdCommands(code);
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
    if (token === '$' || token === 'Bun.$') {
      const literal = readDelimited(code, end + 1, '`');
      found.push(templateCommandLine(literal.body));
      end = literal.end;
    } else if (token === '`') {
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

/** Languages whose `system LIST` takes each argument as one word of the argument vector, computed or not. */
const WORD_ARGUMENTS: ReadonlySet<ScannedLanguage> = new Set(['perl', 'ruby']);

/**
 * Reads `( "…", ["…", …], … ` after a call's name: the leading literal arguments, as one command line (a
 * single string is shell code; otherwise each is a word, the list elements too).
 */
function readCallArguments(
  code: string,
  from: number,
  language: ScannedLanguage,
): { commandLine?: string; end: number } {
  let p = skipSpaces(code, from);
  const parenthesized = code[p] === '(';
  if (parenthesized) p = skipSpaces(code, p + 1);
  const words: string[] = [];
  let shellCode: string | undefined;
  let count = 0;
  let afterComma = false;
  for (;;) {
    const literal = readStringLiteral(code, p, language);
    if (literal) {
      if (count === 0) shellCode = literal.value;
      words.push(quote(literal.value));
      p = literal.end;
    } else if (code[p] === '[') {
      const list = readArguments(code, p + 1, language, false);
      words.push(...list.args.map((element) => argumentWord(element, language)));
      shellCode = undefined;
      p = list.end;
    } else {
      break;
    }
    count += 1;
    afterComma = false;
    p = skipSpaces(code, p);
    if (code[p] !== ',') break;
    afterComma = true;
    p = skipSpaces(code, p + 1);
  }
  if (count === 0) return { end: p };
  if (afterComma && WORD_ARGUMENTS.has(language)) {
    const rest = readArguments(code, p, language, !parenthesized);
    const more = rest.args.filter((arg) => !isOptionArgument(arg)).map((arg) => argumentWord(arg, language));
    if (more.length > 0) shellCode = undefined;
    words.push(...more);
    p = rest.end;
  }
  if (count === 1 && shellCode !== undefined) return { commandLine: shellCode, end: p };
  return { commandLine: words.join(' '), end: p };
}

/** One argument of an argument vector as a shell word: a literal quoted, anything else as code-paths.ts reads it. */
function argumentWord(expression: string, language: ScannedLanguage): string {
  const text = expression.trim();
  const literal = readStringLiteral(text, 0, language);
  if (literal && literal.end === text.length && !literal.interpolated) return quote(literal.value);
  return pathWord(text, language);
}

/** Keyword arguments and option hashes (`exception: true`, `{chdir => "x"}`, `:err => …`) are not words. */
function isOptionArgument(arg: string): boolean {
  return /^\s*(?:\{|:\w+\s*=>|[A-Za-z_]\w*:\s|[A-Za-z_]\w*\s*=[^=~])/.test(arg);
}

/**
 * The command line of a Bun `$` template: the text is shell code, and each `${…}` one word (Bun quotes it),
 * the word code-paths.ts reads for the expression.
 */
function templateCommandLine(body: string): string {
  let line = '';
  let last = 0;
  let i = body.indexOf('${');
  while (i >= 0) {
    const expression = readDelimited(body, i + 2, '{');
    line += body.slice(last, i) + pathWord(expression.body, 'node');
    last = expression.end;
    i = body.indexOf('${', last);
  }
  return line + body.slice(last);
}
