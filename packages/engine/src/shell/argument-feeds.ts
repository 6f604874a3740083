// Commands that take the arguments of the command they run from a list: `xargs` (from stdin) and GNU `parallel`
// (from `:::` lists, or stdin). When the list is known (`echo ~ | xargs rm -rf`, `parallel rm ::: a b`), the
// command is also shown with its arguments in place: `rm -rf ~`, `rm a`, `rm b`. The command as the wrapper
// gives it stays too, placeholders included (`find . | xargs -I{} rm {}` → `rm {}`).
// xargs's `-a FILE` is known when FILE is a process substitution with evident output (`xargs -a <(echo ~)`) or a
// file the line wrote with evident content.
// When the list is not known (a file: `xargs rm -rf < dirs.txt`, `xargs -a f`, `parallel … :::: f`; a program's
// output: `cat f | xargs rm -rf`, `find . | xargs rm -rf`; an expansion: `parallel rm ::: $(cat f)`), the
// command is also shown with UNKNOWN_TARGET for the arguments (`rm -rf $UNKNOWN`), so that rules about a target
// they cannot check see one. A `:::` item that is a reference to a variable not known stays that reference
// (`parallel rm -rf ::: $HOME` → `rm -rf $HOME`).
import { UNKNOWN_TARGET } from './code-paths';
import type { Execution } from './executions';
import { MAX_VALUES } from './limits';
import { commandName, quote } from './render';
import type { ParseSink } from './syntax';
import { isBareText, type Word } from './word';

/** Options of parallel that take a value as the next word (`-j 4`, `-S host`); other options stand alone. */
const PARALLEL_OPTIONS_WITH_VALUE = new Set([
  '-j',
  '-P',
  '-S',
  '-a',
  '-I',
  '-d',
  '-n',
  '-N',
  '-L',
  '-s',
  '-E',
  '--jobs',
  '--arg-file',
  '--sshlogin',
  '--delimiter',
  '--max-args',
  '--max-lines',
  '--colsep',
  '--workdir',
  '--wd',
  '--joblog',
  '--results',
  '--timeout',
  '--retries',
  '--delay',
  '--tmpdir',
]);
const ARGUMENT_LIST = new Set([':::', ':::+']);
/** parallel's `::::` and `::::+`: arguments read from files. */
const ARGUMENT_FILES = /^::::\+?$/;
/** parallel's positional placeholders `{1}`, `{2}`…; `{}` is the whole argument line. */
const PLACEHOLDER = /\{(\d*)\}/g;
/** An expansion whose value a view can show as written: `$NAME`, `${NAME}`, `$1`, `$@`… */
const SIMPLE_REFERENCE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{[A-Za-z_][A-Za-z0-9_]*\})$/;
/** The argument word for what is not known: a parameter expansion a view shows bare. */
const UNKNOWN_ARGUMENT: Word = { text: UNKNOWN_TARGET, bare: true, quoted: false, assignment: false };

/** Whether the command is one whose arguments may come from a list (checked first: it is the rare case). */
export function feedsArguments(words: readonly Word[]): boolean {
  const name = words[0] && commandName(words[0]);
  return name === 'xargs' || name === 'parallel';
}

/**
 * The commands a feeding command runs with their arguments known, given what it reads on stdin (undefined:
 * not known) and the executions it has already (xargs: the wrapped command, from wrappers.ts).
 */
export function fedExecutions(
  words: readonly Word[],
  executions: readonly Execution[],
  stdin: () => string | undefined,
  sink: Pick<ParseSink, 'truncate'>,
  file: (path: string) => string | undefined = () => undefined,
): Execution[] {
  const name = words[0] && commandName(words[0]);
  const truncate = (): void => sink.truncate('work');
  if (name === 'xargs') {
    const command = executions.find((execution) => execution.kind === 'command');
    if (command?.kind !== 'command') return [];
    const options = words.slice(0, words.length - command.words.length).map((word) => word.text);
    // `-a file` / `--arg-file=file`: the arguments come from a file, whatever stdin holds; known when the file
    // is (`xargs -a <(echo ~)`, a file the line wrote).
    const argumentFile = argumentFileOf(options);
    const input = argumentFile === undefined ? stdin() : argumentFile === '' ? undefined : file(argumentFile);
    return xargsCommands(options, command.words, input, truncate);
  }
  if (name === 'parallel') return parallelCommands(words, stdin, truncate);
  return [];
}

/**
 * The file of xargs's `-a file`, `-afile`, `--arg-file[=]file` (also after flags: `-0a file`): undefined when
 * there is none, '' when it is missing.
 */
function argumentFileOf(options: readonly string[]): string | undefined {
  for (const [i, option] of options.entries()) {
    const attached = /^-[0rtpx]*a(.*)$/.exec(option);
    if (attached) return attached[1] !== '' ? attached[1] : (options[i + 1] ?? '');
    if (option === '--arg-file') return options[i + 1] ?? '';
    if (option.startsWith('--arg-file=')) return option.slice('--arg-file='.length);
  }
  return undefined;
}

/** xargs's command with the arguments it reads from `input` (undefined: not known, UNKNOWN_TARGET stands in). */
function xargsCommands(
  options: readonly string[],
  command: readonly Word[],
  input: string | undefined,
  truncate: () => void,
): Execution[] {
  const replace = replaceString(options);
  if (input === undefined) {
    if (replace === undefined) return [{ kind: 'command', words: [...command, UNKNOWN_ARGUMENT] }];
    if (!command.some((word) => word.text.includes(replace))) return [];
    return [{ kind: 'command', words: command.map((word) => withReplaced(word, replace, UNKNOWN_TARGET)) }];
  }
  const byLine = replace !== undefined || options.some((option) => /^-[a-zA-Z]*[Ld]|^--delimiter/.test(option));
  const nul = options.some((option) => /^-[a-zA-Z]*0|^--null$/.test(option));
  const items = bounded(split(input, nul ? /\0/ : byLine ? /\n/ : /[ \t\n]+/), truncate);
  if (items.length === 0) return [];
  if (replace === undefined) return [{ kind: 'command', words: [...command, ...items.map(argumentWord)] }];
  return items.map((item) => ({
    kind: 'command' as const,
    words: command.map((word) => withReplaced(word, replace, item)),
  }));
}

function withReplaced(word: Word, replace: string, item: string): Word {
  if (!word.text.includes(replace)) return word;
  const text = word.text.replaceAll(replace, item);
  // The unknown argument stays a parameter expansion in the view, as bare as the word around it lets it be.
  if (item === UNKNOWN_TARGET)
    return { ...argumentWord(text), bare: isBareText(text.replaceAll(UNKNOWN_TARGET, ''), true) };
  return argumentWord(text);
}

/** xargs's `-I R`, `-IR`, `-i`, `--replace[=R]`: the string replaced by each input line. */
function replaceString(options: readonly string[]): string | undefined {
  const found = findReplaceString(options);
  // An empty one would be found everywhere: xargs then inserts nothing.
  return found === '' ? undefined : found;
}

function findReplaceString(options: readonly string[]): string | undefined {
  for (const [i, option] of options.entries()) {
    if (option === '-I') return options[i + 1];
    if (option.startsWith('-I')) return option.slice(2);
    if (option === '-i' || option === '--replace') return '{}';
    if (option.startsWith('--replace=')) return option.slice('--replace='.length);
    if (option.startsWith('-i')) return option.slice(2);
  }
  return undefined;
}

/** One argument parallel is given: its text (undefined: not known) and the shell code it is in the command line. */
interface Item {
  text?: string;
  shown: string;
}

const UNKNOWN_ITEM: Item = { shown: UNKNOWN_TARGET };

/**
 * `parallel [options] command… ::: a b ::: c d` (each combination), or lines on stdin without `:::`. An
 * argument not known (a list read from a file or an unknown stdin, an item whose value is not known) is
 * UNKNOWN_TARGET in the command line.
 */
function parallelCommands(words: readonly Word[], stdin: () => string | undefined, truncate: () => void): Execution[] {
  let i = 1;
  let replace = '{}';
  let argumentFile = false;
  while (i < words.length && words[i]!.text.startsWith('-') && !ARGUMENT_LIST.has(words[i]!.text)) {
    const option = words[i]!.text;
    if (option === '-I') replace = words[i + 1]?.text ?? replace;
    argumentFile ||= option === '-a' || option === '--arg-file' || option.startsWith('--arg-file=');
    i += PARALLEL_OPTIONS_WITH_VALUE.has(option) ? 2 : 1;
  }
  const start = i;
  while (i < words.length && !ARGUMENT_FILES.test(words[i]!.text) && !ARGUMENT_LIST.has(words[i]!.text)) i += 1;
  const command = words.slice(start, i).map((word) => word.text);
  const lists: Item[][] = [];
  let fromFiles = false;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (ARGUMENT_FILES.test(word.text) || ARGUMENT_LIST.has(word.text)) {
      // `::::` reads its arguments from the files that follow: not known.
      fromFiles = ARGUMENT_FILES.test(word.text);
      lists.push(fromFiles ? [UNKNOWN_ITEM] : []);
    } else if (!fromFiles) {
      const shown = shellWord(word);
      lists.at(-1)!.push(shown === UNKNOWN_TARGET ? UNKNOWN_ITEM : { text: word.text, shown });
    }
  }
  if (argumentFile) lists.push([UNKNOWN_ITEM]);
  if (lists.length === 0) {
    const input = stdin();
    lists.push(
      input === undefined ? [UNKNOWN_ITEM] : split(input, /\n/).map((text) => ({ text, shown: shellText(text) })),
    );
  }
  let lines: Item[][] = [[]];
  for (const list of lists)
    lines = bounded(
      lines.flatMap((line) => list.map((item) => [...line, item])),
      truncate,
    );
  // Without a command each argument line is a command of its own, run as written; an unknown one shows nothing.
  if (command.length === 0) lines = lines.filter((line) => line.every((item) => item.text !== undefined));
  // parallel hands the command line to a shell, each argument quoted as needed.
  const scripts = new Set(lines.map((line) => commandLine(command, line, replace)));
  return [...scripts].map((script) => ({ kind: 'shell' as const, script }));
}

function commandLine(command: readonly string[], line: readonly Item[], replace: string): string {
  if (command.length === 0) return line.map((item) => item.text).join(' ');
  const shown = line.map((item) => item.shown);
  const usesPlaceholder = command.some((word) => word.includes(replace) || /\{\d+\}/.test(word));
  if (!usesPlaceholder) return [...command, ...shown].join(' ');
  return command
    .map((word) =>
      word
        .replaceAll(replace, shown.join(' '))
        .replace(PLACEHOLDER, (whole, n: string) => (n === '' ? whole : (shown[Number(n) - 1] ?? ''))),
    )
    .join(' ');
}

/**
 * A `:::` item as shell code for the argument it is: UNKNOWN_TARGET when an expansion in it is not known (a
 * command substitution), else bare when it reads the same (a `~` or a `$HOME` from the calling shell stays as
 * it is), with references to variables not known in double quotes, else single-quoted.
 */
function shellWord(word: Word): string {
  const expansions = word.parts?.filter((part) => part.kind === 'expansion') ?? [];
  if (expansions.some((part) => !SIMPLE_REFERENCE.test(part.text))) return UNKNOWN_TARGET;
  if (word.bare) return word.text;
  if (expansions.length === 0) return shellText(word.text);
  const inside = word.parts!.map((part) =>
    part.kind === 'expansion' ? part.text : part.text.replace(/["$`\\]/g, '\\$&'),
  );
  return `"${inside.join('')}"`;
}

/** A line of text as one shell word: bare when it reads the same (a `~` stays `~`), else single-quoted. */
function shellText(text: string): string {
  return isBareText(text, true) ? text : quote(text);
}

function argumentWord(text: string): Word {
  return { text, bare: isBareText(text, true) && text !== '', quoted: false, assignment: false };
}

function split(input: string, separator: RegExp): string[] {
  return input.split(separator).filter((item) => item !== '');
}

function bounded<T>(items: T[], truncate: () => void): T[] {
  if (items.length <= MAX_VALUES) return items;
  truncate();
  return items.slice(0, MAX_VALUES);
}
