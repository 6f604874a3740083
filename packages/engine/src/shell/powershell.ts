// PowerShell (`pwsh`, `powershell`) code, written as the shell commands it amounts to so the shell rules judge
// it: `Remove-Item -Recurse -Force ~` (or `rm -r -fo ~`, `ri`, `del`, `rd` …) → `rm -rf ~`, `Set-Content`/
// `Out-File` → `tee <path>` (`Add-Content`, `-Append` → `tee -a`), and any other command statement (a native
// program: `git push --force`, `bash -c …`) → its words. `~`, `$HOME`, `$env:HOME` and `$env:USERPROFILE` are
// `~`, a drive `C:` is where WSL mounts it, `/mnt/c`, and backslashes are slashes, so `C:\Users\me` reads as
// `/mnt/c/Users/me` and `C:\Windows` as `/mnt/c/Windows` (the spellings the rules know); a drive-relative
// `C:Usersbob` that starts with a top folder's name is what bash leaves of an unquoted `C:\Users\bob`, read as
// `/mnt/c/Users/bob`; any other variable is UNKNOWN_TARGET. Formatting a drive (`Format-Volume -DriveLetter D`,
// cmd's `format D:`) is `mkfs /dev/disk/by-drive-letter/D`: making a file system on the drive's device, whose
// Linux name is not known here. Statements are split at `;`, newlines, pipes and braces; nothing is evaluated.
// Reading a file (`Get-Content`, `gc`, `cat`, `type`, `[IO.File]::ReadAllText(…)`) is `cat <path>`; a Remove-Item
// fed by `Get-ChildItem X` (`ls`, `dir`, `gci`; directly or through `ForEach-Object { Remove-Item $_ }`) removes
// X's children, `rm -rf X/*` (see removeListed). cmd.exe's builtins are translated at the end of this file.
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
const GET_CONTENT = new Set(['get-content', 'gc', 'cat', 'type']);
const GET_CHILD_ITEM = new Set(['get-childitem', 'gci', 'ls', 'dir']);
const FOR_EACH = new Set(['foreach-object', '%', 'foreach']);
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
/** Get-ChildItem's and Get-Content's own parameters taking a value. */
const LISTING_VALUES = [...VALUE_PARAMETERS, 'depth', 'attributes'];
const READING_VALUES = [...VALUE_PARAMETERS, 'totalcount', 'head', 'first', 'tail', 'last', 'readcount', 'delimiter'];
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

/**
 * A statement that calls a command. `piped`: it reads the output of the statement before it at the same
 * brace depth (`Get-ChildItem ~ | Remove-Item`); `block`: the statement whose `{` opened the block it is in
 * (`ForEach-Object { Remove-Item $_ }`).
 */
interface Statement {
  words: string[];
  depth: number;
  piped: boolean;
  block?: Statement;
}

/** The first stage of the pipeline a statement is in, and the names of the stages between. */
interface Pipeline {
  first: string[];
  between: string[];
}

/** The shell command lines equivalent to the PowerShell `code` (see the header). */
export function powershellCommands(code: string): string[] {
  const found: string[] = [];
  const pipelines = new Map<Statement, Pipeline>();
  const heads: (Pipeline | undefined)[] = [];
  for (const statement of statements(code)) {
    if (heads.length > statement.depth + 1) heads.length = statement.depth + 1;
    const head = statement.piped ? heads[statement.depth] : undefined;
    const pipeline = head ?? { first: statement.words, between: [] };
    heads[statement.depth] = pipeline;
    pipelines.set(statement, pipeline);
    const commandLine = translate(statement.words, head ?? blockSource(statement, pipelines));
    if (commandLine !== undefined) found.push(commandLine);
    if (head) head.between.push(statement.words[0]!.toLowerCase());
  }
  found.push(...staticFileCalls(code));
  return found;
}

/**
 * What `$_` names inside a `ForEach-Object { … }` block: the pipeline feeding the ForEach-Object, as if the
 * block's statement were piped from it.
 */
function blockSource(statement: Statement, pipelines: Map<Statement, Pipeline>): Pipeline | undefined {
  const owner = statement.block;
  if (!owner?.piped || !FOR_EACH.has(owner.words[0]!.toLowerCase())) return undefined;
  const pipeline = pipelines.get(owner);
  if (!pipeline) return undefined;
  // The stages before the ForEach-Object filter what it sees; the ForEach-Object itself does not.
  return { first: pipeline.first, between: pipeline.between.slice(0, -1) };
}

/**
 * The words of each statement that calls a command: quotes removed (`'…'` literal, `"…"` with backtick
 * escapes). A statement opening with a quoted string is an expression whose value is output, not a command.
 */
function statements(code: string): Statement[] {
  const all: Statement[] = [];
  let words: string[] = [];
  let word: string | undefined;
  let expression = false;
  let depth = 0;
  let piped = false;
  let last: Statement | undefined;
  const blocks: (Statement | undefined)[] = [];
  const endWord = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  /** Ends the statement; `pipe` when a `|` ends it. An empty statement keeps a pending pipe (`gci |⏎ ri`). */
  const endStatement = (pipe = false): void => {
    endWord();
    last = undefined;
    if (words.length > 0) {
      if (!expression) {
        last = { words, depth, piped, block: blocks[depth - 1] };
        all.push(last);
      }
      piped = pipe;
    } else {
      piped ||= pipe;
    }
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
    } else if (c === '|' && code[i + 1] !== '|') {
      endStatement(true);
    } else if (c === '{') {
      endStatement();
      blocks[depth] = last;
      depth += 1;
      piped = false;
    } else if (c === '}') {
      endStatement();
      depth = Math.max(0, depth - 1);
      // The words after a block belong to the statement that opened it; a `|` after them still pipes it on.
      piped = false;
    } else if (c === ';' || c === '\n' || c === '|' || c === '&') {
      endStatement();
      if (c === '|' || c === '&') i += code[i + 1] === c ? 1 : 0;
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

function translate(words: string[], source: Pipeline | undefined): string | undefined {
  const [name, ...args] = words;
  const command = name!.toLowerCase();
  if (KEYWORDS.has(command) || !/^[\w.\\/:%-]+$/.test(name!)) return undefined;
  if (REMOVE_ITEM.has(command)) return removeItem(args, source);
  if (SET_CONTENT.has(command) || ADD_CONTENT.has(command)) return setContent(args, ADD_CONTENT.has(command));
  if (GET_CONTENT.has(command)) return getContent(args);
  if (command === '%') return undefined;
  if (command === 'format-volume') {
    const letter = readParameters(
      args,
      ['force', 'full', 'whatif'],
      ['driveletter', 'filesystem', 'newfilesystemlabel'],
    ).values.get('driveletter');
    return letter === undefined ? undefined : formatDrive(letter.replace(/:$/, ''));
  }
  return words.map(shellWord).join(' ');
}

interface Parameters {
  switches: Set<string>;
  /** Positional arguments and the values of -Path/-LiteralPath/-FilePath. */
  paths: string[];
  /** The other parameters given a value, by their full name. */
  values: Map<string, string>;
}

/**
 * Reads `-Name`, `-Name value` and `-Name:value` parameters: a prefix names the first of `switches`, else of
 * the parameters taking a value.
 */
function readParameters(args: string[], switches: readonly string[], values = VALUE_PARAMETERS): Parameters {
  const read: Parameters = { switches: new Set(), paths: [], values: new Map() };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const parameter = /^-([A-Za-z]+)(?::(.*))?$/.exec(arg);
    if (!parameter) {
      read.paths.push(...arg.split(',').filter((path) => path !== ''));
      continue;
    }
    const prefix = parameter[1]!.toLowerCase();
    const flag = switches.find((name) => name.startsWith(prefix));
    if (flag !== undefined && !values.some((name) => name === prefix)) {
      read.switches.add(flag);
      continue;
    }
    const valueName = values.find((name) => name.startsWith(prefix));
    const value = parameter[2] ?? (valueName !== undefined ? args[++i] : undefined);
    if (value === undefined || valueName === undefined) continue;
    if (/^(?:path|literalpath|filepath)$/.test(valueName)) read.paths.push(...value.split(',').filter((p) => p !== ''));
    else read.values.set(valueName, value);
  }
  return read;
}

function removeItem(args: string[], source: Pipeline | undefined): string | undefined {
  const read = readParameters(args, ['recurse', 'force', 'whatif', 'confirm']);
  if (read.switches.has('whatif')) return undefined;
  const recurse = read.switches.has('recurse');
  const force = read.switches.has('force');
  const fromPipeline = read.paths.length === 0 || read.paths.every((path) => /^\$(?:_|psitem)(?:$|\.)/i.test(path));
  if (fromPipeline) return source === undefined ? undefined : removeListed(source, recurse, force);
  const flags = `${recurse ? 'r' : ''}${force ? 'f' : ''}`;
  return ['rm', ...(flags === '' ? [] : [`-${flags}`]), ...read.paths.map(pathWord)].join(' ');
}

/**
 * Remove-Item fed by a pipeline: what Get-ChildItem (`ls`, `dir`, `gci`) lists, the children of its path
 * (`rm X/*`, `-r` when either lists or removes recursively); only some of them (`-Filter`, `-Include`, a
 * wildcard, a Where-Object stage …) as `find X -name PATTERN -delete`. From anything else, what is removed is
 * not known here.
 */
function removeListed(source: Pipeline, recurse: boolean, force: boolean): string {
  const [name = '', ...args] = source.first;
  if (!GET_CHILD_ITEM.has(name.toLowerCase())) return `rm -${recurse ? 'r' : ''}f ${UNKNOWN_TARGET}`;
  const read = readParameters(
    args,
    ['recurse', 'force', 'file', 'directory', 'name', 'hidden', 'system'],
    LISTING_VALUES,
  );
  const recursive = recurse || read.switches.has('recurse') || read.values.has('depth');
  const [path = '.'] = read.paths;
  const { folder: listed, pattern: wildcard } = splitWildcard(path);
  const folder = pathWord(listed);
  const pattern = wildcard ?? read.values.get('filter') ?? read.values.get('include');
  const filtered = pattern !== undefined || read.values.has('exclude') || source.between.length > 0;
  if (filtered) {
    const name = pattern === undefined || source.between.length > 0 ? UNKNOWN_TARGET : quote(pattern);
    return `find ${folder}${recursive ? '' : ' -maxdepth 1'} -name ${name} -delete`;
  }
  const flags = `${recursive ? 'r' : ''}${force ? 'f' : ''}`;
  const children = folder.endsWith('/') ? `${folder}*` : `${folder}/*`;
  return ['rm', ...(flags === '' ? [] : [`-${flags}`]), children].join(' ');
}

/** A path whose last part is a wildcard (`C:\\temp\\*.log`), as its folder and the pattern. */
function splitWildcard(path: string): { folder: string; pattern?: string } {
  const slash = Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/'));
  const last = path.slice(slash + 1);
  if (!/[*?[]/.test(last)) return { folder: path };
  return {
    folder:
      slash < 0
        ? '.'
        : slash === 0 || /^[A-Za-z]:$/.test(path.slice(0, slash))
          ? path.slice(0, slash + 1)
          : path.slice(0, slash),
    pattern: last,
  };
}

function setContent(args: string[], appending: boolean): string | undefined {
  const read = readParameters(args, ['append', 'force', 'nonewline', 'noclobber', 'whatif', 'passthru']);
  const [target] = read.paths;
  if (read.switches.has('whatif') || target === undefined) return undefined;
  return `tee ${appending || read.switches.has('append') ? '-a ' : ''}${pathWord(target)}`;
}

/** Get-Content (`gc`, `cat`, `type`) reads its files: `cat <paths>`. */
function getContent(args: string[]): string | undefined {
  const read = readParameters(args, ['raw', 'wait', 'force', 'asbytestream'], READING_VALUES);
  return read.paths.length === 0 ? undefined : ['cat', ...read.paths.map(pathWord)].join(' ');
}

/** .NET's static file calls: `[IO.File]::ReadAllText('…')`, `[System.IO.Directory]::Delete($p, $true)` … */
const STATIC_FILE_CALL =
  /\[(?:System\.)?IO\.(File|Directory)\]::([A-Za-z]+)\(\s*('(?:[^']|'')*'|"(?:[^"`]|`.)*"|\$[\w:]+)(?:\s*,\s*('(?:[^']|'')*'|"(?:[^"`]|`.)*"|\$[\w:]+))?/gi;
const STATIC_VERBS: Record<string, string> = {
  readalltext: 'cat',
  readalllines: 'cat',
  readallbytes: 'cat',
  readlines: 'cat',
  openread: 'cat',
  opentext: 'cat',
  writealltext: 'tee',
  writealllines: 'tee',
  writeallbytes: 'tee',
  create: 'tee',
  createtext: 'tee',
  appendalltext: 'tee -a',
  appendalllines: 'tee -a',
  appendtext: 'tee -a',
  delete: 'rm',
  move: 'mv',
  copy: 'cp',
};

function staticFileCalls(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(STATIC_FILE_CALL)) {
    const [, type, method, first, second] = match;
    const verb = STATIC_VERBS[method!.toLowerCase()];
    if (verb === undefined) continue;
    const target = pathWord(stringValue(first!));
    if (verb === 'mv' || verb === 'cp') {
      if (second !== undefined) found.push(`${verb} ${target} ${pathWord(stringValue(second))}`);
    } else if (verb === 'rm' && type!.toLowerCase() === 'directory') {
      found.push(second?.toLowerCase() === '$true' ? `rm -rf ${target}` : `rmdir ${target}`);
    } else {
      found.push(`${verb} ${target}`);
    }
  }
  return found;
}

/** A PowerShell string literal's text (a variable stays as written, for pathWord). */
function stringValue(expression: string): string {
  if (expression.startsWith("'")) return expression.slice(1, -1).replaceAll("''", "'");
  if (expression.startsWith('"')) return expression.slice(1, -1).replace(/`(.)/gs, '$1');
  return expression;
}

const HOME = /^(?:~|\$home|\$env:home|\$env:userprofile|\$\{env:(?:home|userprofile)\})(?=$|[\\/])/i;
const DRIVE = /^([A-Za-z]):(?=$|[\\/])/;
/** `C:Usersbob`: an unquoted `C:\Users\bob` after bash removed its backslashes. */
const MANGLED_DRIVE = /^([A-Za-z]):(Users|Windows|ProgramData|Program Files(?: \(x86\))?)(.*)$/i;

/** A PowerShell path as a shell word: home is `~`, `C:` is `/mnt/c`, `\` is `/`, other variables unknown. */
function pathWord(written: string): string {
  const mangled = MANGLED_DRIVE.exec(written);
  const path = mangled ? `${mangled[1]}:\\${mangled[2]}${mangled[3] ? `\\${mangled[3]}` : ''}` : written;
  const home = HOME.exec(path);
  const rest = (
    home ? path.slice(home[0].length) : path.replace(DRIVE, (_, drive: string) => `/mnt/${drive.toLowerCase()}`)
  ).replaceAll('\\', '/');
  if (rest.includes('$')) return UNKNOWN_TARGET;
  const trimmed = /^\/mnt\/[a-z]\/$/.test(rest) ? rest.slice(0, -1) : rest;
  const word = trimmed === '' || isBareText(trimmed, true) ? trimmed : quote(trimmed);
  return home ? `~${word}` : word === '' ? '/' : word;
}

/** Formatting drive `letter`: a file system made on its device (see the header). */
function formatDrive(letter: string): string {
  return `mkfs /dev/disk/by-drive-letter/${letter.toUpperCase()}`;
}

/** Any other argument as a shell word, read back as the same text. */
function shellWord(text: string): string {
  return text !== '' && isBareText(text) ? text : quote(text);
}

// cmd.exe (`cmd /c …`, `cmd.exe /k …`, Git Bash's `cmd //c …`) runs its own builtins, written as the shell
// commands they amount to with the paths read as PowerShell's: `rd /s /q X` → `rm -rf X` (`rd X` → `rmdir X`),
// `del /q X` (`erase`) → `rm -f X` and with `/s` (the files of the whole tree) `rm -rf X`, or `find DIR -name
// PATTERN -delete` for a pattern; `type X` → `cat X`, `copy`/`move` → `cp`/`mv`, `> X` → `tee X`; any other
// command (a program: `powershell -c …`, `git …`) → its words. `%USERPROFILE%`, `%HOME%` and
// `%HOMEDRIVE%%HOMEPATH%` are `~`, any other `%VAR%` is unknown. Commands are split at `&`, `&&`, `||`, `|`,
// parentheses and newlines; `if exist X …` and `if A==B …` run the command after their condition.

/** What `cmd` runs: the rest of the line after `/c` or `/k` (also attached, `/c"dir"`); without them, stdin. */
export function cmdInvocation(words: readonly Word[]): InterpreterInvocation {
  for (let i = 1; i < words.length; i += 1) {
    const run = /^\/\/?[ck](.*)$/is.exec(words[i]!.text);
    if (!run) continue;
    const code = [run[1]!, ...words.slice(i + 1).map((word) => word.text)].filter((part) => part !== '').join(' ');
    return code === '' ? { readsStdin: false } : { code: stripOuterQuotes(code), readsStdin: false };
  }
  return { readsStdin: !words.slice(1).some((word) => !word.text.startsWith('/')) };
}

/** `cmd /c "…"` drops the quotes around the whole line when the line starts with one. */
function stripOuterQuotes(code: string): string {
  return code.length > 1 && code.startsWith('"') && code.endsWith('"') ? code.slice(1, -1) : code;
}

/** The shell command lines equivalent to the cmd.exe `code` (see above). */
export function cmdCommands(code: string): string[] {
  const found: string[] = [];
  for (const words of cmdStatements(code)) {
    const { command, redirects } = withoutRedirects(words);
    const commandLine = cmdTranslate(withoutCondition(command));
    if (commandLine !== undefined) found.push(commandLine);
    for (const redirect of redirects) found.push(redirect);
  }
  return found;
}

/** The words of each command: `"…"` quotes removed, `^` escaping the next character. */
function cmdStatements(code: string): string[][] {
  const all: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endStatement = (): void => {
    endWord();
    if (words.length > 0) all.push(words);
    words = [];
  };
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i]!;
    if (c === '"') {
      const end = code.indexOf('"', i + 1);
      const close = end < 0 ? code.length : end;
      word = (word ?? '') + code.slice(i + 1, close);
      i = close;
    } else if (c === '^' && i + 1 < code.length) {
      word = (word ?? '') + code[i + 1];
      i += 1;
    } else if (c === '&' || c === '|' || c === '(' || c === ')' || c === '\n' || c === '\r') {
      endStatement();
    } else if (c === '>' || c === '<') {
      // `2>nul`: a digit just before the operator names a descriptor, not an argument.
      if (word !== undefined && /^[0-9]$/.test(word)) word = undefined;
      endWord();
      const doubled = code[i + 1] === c;
      words.push(doubled ? c + c : c);
      i += doubled ? 1 : 0;
    } else if (c === ' ' || c === '\t' || c === ',' || c === ';' || c === '=') {
      if (c === '=' && word !== undefined) word += c;
      else endWord();
    } else {
      word = (word ?? '') + c;
    }
  }
  endStatement();
  return all;
}

/** A command's words without its redirections, and each file it writes (`> X` → `tee X`, `>> X` → `tee -a X`). */
function withoutRedirects(words: string[]): { command: string[]; redirects: string[] } {
  const command: string[] = [];
  const redirects: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (word !== '>' && word !== '>>' && word !== '<' && word !== '<<') {
      command.push(word);
      continue;
    }
    const target = words[i + 1];
    i += 1;
    // `2>nul`, `2>&1`: the descriptor stays in the previous word, the target is a device or a descriptor.
    if (target === undefined || word.startsWith('<') || /^(?:nul|con|&?[0-9])$/i.test(target)) continue;
    redirects.push(`tee ${word === '>>' ? '-a ' : ''}${cmdPath(target)}`);
  }
  return { command, redirects };
}

/** `if [/i] [not] exist|defined X CMD…`, `if [not] errorlevel N CMD…`, `if [not] A==B CMD…`: the CMD. */
function withoutCondition(words: string[]): string[] {
  if (words[0]?.toLowerCase() !== 'if') return words;
  let i = 1;
  if (words[i]?.toLowerCase() === '/i') i += 1;
  if (words[i]?.toLowerCase() === 'not') i += 1;
  const test = words[i]?.toLowerCase() ?? '';
  if (test === 'exist' || test === 'defined' || test === 'errorlevel') i += 2;
  else if (words[i]?.includes('==')) i += 1;
  else i += 3;
  return words.slice(i);
}

function cmdTranslate(words: string[]): string | undefined {
  const [name, ...args] = words;
  if (name === undefined) return undefined;
  const command = name.toLowerCase().replace(/^@/, '');
  const switches = new Set(args.filter((arg) => /^\/[a-z]/i.test(arg)).map((arg) => arg.slice(0, 2).toLowerCase()));
  const paths = args.filter((arg) => !/^\/[a-z?](?::.*)?$/i.test(arg));
  if (command === 'rd' || command === 'rmdir') {
    if (paths.length === 0) return undefined;
    const verb = switches.has('/s') ? (switches.has('/q') ? 'rm -rf' : 'rm -r') : 'rmdir';
    return [verb, ...paths.map(cmdPath)].join(' ');
  }
  if (command === 'del' || command === 'erase') return cmdDelete(paths, switches);
  if (command === 'type') return paths.length === 0 ? undefined : ['cat', ...paths.map(cmdPath)].join(' ');
  if ((command === 'copy' || command === 'move') && paths.length >= 2)
    return [command === 'copy' ? 'cp' : 'mv', ...paths.slice(0, 2).map(cmdPath)].join(' ');
  if (command === 'rem' || command.startsWith('::')) return undefined;
  if (command === 'format' && /^[A-Za-z]:\\?$/.test(paths[0] ?? '')) return formatDrive(paths[0]![0]!);
  return words.map(shellWord).join(' ');
}

/** `del`: one file or pattern per path; `/s` takes the files of the whole tree under it, `/q` and `/f` force. */
function cmdDelete(paths: string[], switches: Set<string>): string | undefined {
  if (paths.length === 0) return undefined;
  const force = switches.has('/q') || switches.has('/f');
  if (!switches.has('/s')) return [force ? 'rm -f' : 'rm', ...paths.map(cmdPath)].join(' ');
  const lines = paths.map((path) => {
    const { folder, pattern } = splitWildcard(path);
    if (pattern === undefined || /^\*(?:\.\*)?$/.test(pattern)) return `rm -rf ${cmdPath(folder)}`;
    return `find ${cmdPath(folder)} -name ${quote(pattern)} -delete`;
  });
  return lines.join('; ');
}

/** A cmd path as a shell word: its home variables are `~`, other `%VAR%` unknown, then as PowerShell's. */
function cmdPath(path: string): string {
  const home = path.replace(/^(?:%userprofile%|%home%|%homedrive%%homepath%)(?=$|[\\/])/i, '$HOME');
  return pathWord(home.replace(/%(?:[^%\s]*%|~?[a-z]*[0-9*])/gi, () => '$X'));
}
