// PowerShell (`pwsh`, `powershell`) code, written as the shell commands it amounts to so the shell rules judge
// it: `Remove-Item -Recurse -Force ~` (or `rm -r -fo ~`, `ri`, `del`, `rd` …) → `rm -rf ~`, `Set-Content`/
// `Out-File` → `tee <path>` (`Add-Content`, `-Append` → `tee -a`), and any other command statement (a native
// program: `git push --force`, `bash -c …`) → its words. `~`, `$HOME`, `$env:HOME` and `$env:USERPROFILE` are
// `~`, a drive root `C:\` is `/` and backslashes are slashes, so `C:\Users\me` reads as `/Users/me`; any other
// variable is UNKNOWN_TARGET. Statements are split at `;`, newlines, pipes and braces; nothing is evaluated.
import { UNKNOWN_TARGET } from './code-paths';
import type { InterpreterInvocation } from './interpreters';
import { quote } from './render';
import { isBareText, type Word } from './word';

/** pwsh's parameters that take a value (a prefix of each is accepted); the rest of its parameters are flags. */
const HOST_VALUE_PARAMETERS = [
  'executionpolicy',
  'ep',
  'windowstyle',
  'workingdirectory',
  'wd',
  'configurationname',
  'configurationfile',
  'outputformat',
  'inputformat',
  'version',
  'psconsolefile',
  'custompipename',
  'settingsfile',
];

/**
 * What `pwsh`/`powershell` runs: `-Command` (`-c`, any prefix) takes the rest of the line as code, as does the
 * first operand (Windows PowerShell's default; for pwsh 7 it names a script, which then reads as a harmless
 * command); `-EncodedCommand` (`-e`, `-ec`, `-enc`) is base64 of UTF-16LE code; `-File` names a script; `-` or
 * nothing at all reads the code from stdin.
 */
export function powershellInvocation(words: readonly Word[]): InterpreterInvocation {
  for (let i = 1; i < words.length; i += 1) {
    const text = words[i]!.text;
    const parameter = /^[-/]([A-Za-z]+)(?::(.*))?$/.exec(text);
    if (!parameter) return codeOrStdin(words.slice(i).map((word) => word.text));
    const name = parameter[1]!.toLowerCase();
    if ('command'.startsWith(name) && name !== 'co') return codeOrStdin(words.slice(i + 1).map((word) => word.text));
    if (name === 'e' || name === 'ec' || (name.length > 1 && 'encodedcommand'.startsWith(name))) {
      const code = decodeUtf16Base64(parameter[2] ?? words[i + 1]?.text ?? '');
      return code === undefined ? { readsStdin: false } : { code, readsStdin: false };
    }
    if ('file'.startsWith(name)) return { readsStdin: (parameter[2] ?? words[i + 1]?.text) === '-' };
    if (parameter[2] === undefined && HOST_VALUE_PARAMETERS.some((value) => value.startsWith(name) && name.length > 1))
      i += 1;
  }
  return { readsStdin: true };
}

function codeOrStdin(args: string[]): InterpreterInvocation {
  if (args.length === 0 || (args.length === 1 && args[0] === '-')) return { readsStdin: true };
  return { code: args.join(' '), readsStdin: false };
}

function decodeUtf16Base64(text: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-16le').decode(bytes);
  } catch {
    return undefined;
  }
}

const REMOVE_ITEM = new Set(['remove-item', 'rm', 'ri', 'del', 'erase', 'rd', 'rmdir']);
const SET_CONTENT = new Set(['set-content', 'sc', 'out-file']);
const ADD_CONTENT = new Set(['add-content', 'ac']);
/** Parameters taking a value, for the cmdlets above (a prefix of each is accepted, as PowerShell does). */
const VALUE_PARAMETERS = [
  'path',
  'literalpath',
  'filepath',
  'filter',
  'include',
  'exclude',
  'credential',
  'stream',
  'value',
  'encoding',
  'inputobject',
  'width',
];
const KEYWORDS = new Set([
  'if',
  'elseif',
  'else',
  'foreach',
  'for',
  'while',
  'do',
  'until',
  'switch',
  'function',
  'filter',
  'param',
  'try',
  'catch',
  'finally',
  'return',
  'throw',
  'trap',
  'break',
  'continue',
  'exit',
  'begin',
  'process',
  'end',
]);

/** The shell command lines equivalent to the PowerShell `code` (see the header). */
export function powershellCommands(code: string): string[] {
  const found: string[] = [];
  for (const statement of statements(code)) {
    const commandLine = translate(statement);
    if (commandLine !== undefined) found.push(commandLine);
  }
  return found;
}

/**
 * The words of each statement that calls a command: quotes removed (`'…'` literal, `"…"` with backtick
 * escapes). A statement opening with a quoted string is an expression whose value is output, not a command.
 */
function statements(code: string): string[][] {
  const all: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  let expression = false;
  const endWord = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endStatement = (): void => {
    endWord();
    if (words.length > 0 && !expression) all.push(words);
    words = [];
    expression = false;
  };
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i]!;
    if (c === "'" || c === '"') {
      if (words.length === 0 && word === undefined) expression = true;
      const end = closingQuote(code, i + 1, c);
      const body = code.slice(i + 1, end);
      word = (word ?? '') + (c === "'" ? body.replaceAll("''", "'") : body.replace(/`(.)/gs, '$1'));
      i = end;
    } else if (c === '`' && i + 1 < code.length) {
      word = (word ?? '') + code[i + 1];
      i += 1;
    } else if (c === ';' || c === '\n' || c === '|' || c === '{' || c === '}' || c === '&') {
      endStatement();
    } else if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
    } else {
      word = (word ?? '') + c;
    }
  }
  endStatement();
  return all;
}

/** Index of the quote closing a string opened before `from` (doubled quotes and backticks escape). */
function closingQuote(code: string, from: number, q: string): number {
  let i = from;
  while (i < code.length) {
    if (code[i] === '`' && q === '"') i += 2;
    else if (code[i] === q && code[i + 1] === q) i += 2;
    else if (code[i] === q) return i;
    else i += 1;
  }
  return code.length;
}

function translate(words: string[]): string | undefined {
  const [name, ...args] = words;
  const command = name!.toLowerCase();
  if (KEYWORDS.has(command) || !/^[\w.\\/:-]+$/.test(name!)) return undefined;
  if (REMOVE_ITEM.has(command)) return removeItem(args);
  if (SET_CONTENT.has(command) || ADD_CONTENT.has(command)) return setContent(args, ADD_CONTENT.has(command));
  return words.map(shellWord).join(' ');
}

interface Parameters {
  switches: Set<string>;
  /** Positional arguments and the values of -Path/-LiteralPath/-FilePath. */
  paths: string[];
}

/** Reads `-Name`, `-Name value` and `-Name:value` parameters; `names` resolves a prefix to the switch. */
function readParameters(args: string[], switches: readonly string[]): Parameters {
  const read: Parameters = { switches: new Set(), paths: [] };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const parameter = /^-([A-Za-z]+)(?::(.*))?$/.exec(arg);
    if (!parameter) {
      read.paths.push(...arg.split(',').filter((path) => path !== ''));
      continue;
    }
    const prefix = parameter[1]!.toLowerCase();
    const flag = switches.find((name) => name.startsWith(prefix));
    if (flag !== undefined && !VALUE_PARAMETERS.some((name) => name === prefix)) {
      read.switches.add(flag);
      continue;
    }
    const valueName = VALUE_PARAMETERS.find((name) => name.startsWith(prefix));
    const value = parameter[2] ?? (valueName !== undefined ? args[++i] : undefined);
    if (value !== undefined && /^(?:path|literalpath|filepath)$/.test(valueName ?? '')) {
      read.paths.push(...value.split(',').filter((path) => path !== ''));
    }
  }
  return read;
}

function removeItem(args: string[]): string | undefined {
  const read = readParameters(args, ['recurse', 'force', 'whatif', 'confirm']);
  if (read.switches.has('whatif') || read.paths.length === 0) return undefined;
  const flags = `${read.switches.has('recurse') ? 'r' : ''}${read.switches.has('force') ? 'f' : ''}`;
  return ['rm', ...(flags === '' ? [] : [`-${flags}`]), ...read.paths.map(pathWord)].join(' ');
}

function setContent(args: string[], appending: boolean): string | undefined {
  const read = readParameters(args, ['append', 'force', 'nonewline', 'noclobber', 'whatif', 'passthru']);
  const [target] = read.paths;
  if (read.switches.has('whatif') || target === undefined) return undefined;
  return `tee ${appending || read.switches.has('append') ? '-a ' : ''}${pathWord(target)}`;
}

const HOME = /^(?:~|\$home|\$env:home|\$env:userprofile|\$\{env:(?:home|userprofile)\})(?=$|[\\/])/i;
const DRIVE_ROOT = /^[A-Za-z]:(?=$|[\\/])/;

/** A PowerShell path as a shell word: home is `~`, `C:` is the root, `\` is `/`, other variables unknown. */
function pathWord(path: string): string {
  const home = HOME.exec(path);
  const rest = (home ? path.slice(home[0].length) : path.replace(DRIVE_ROOT, '')).replaceAll('\\', '/');
  if (rest.includes('$')) return UNKNOWN_TARGET;
  const word = rest === '' || isBareText(rest, true) ? rest : quote(rest);
  return home ? `~${word}` : word === '' ? '/' : word;
}

/** Any other argument as a shell word, read back as the same text. */
function shellWord(text: string): string {
  return text !== '' && isBareText(text) ? text : quote(text);
}
