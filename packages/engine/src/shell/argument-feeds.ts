// Commands that take the arguments of the command they run from a list: `xargs` (from stdin) and GNU `parallel`
// (from `:::` lists, or stdin). When the list is known (`echo ~ | xargs rm -rf`, `parallel rm ::: a b`), the
// command is also shown with its arguments in place: `rm -rf ~`, `rm a`, `rm b`. When it is not, the command
// stays as the wrapper gives it, placeholders included (`find . | xargs -I{} rm {}` → `rm {}`).
import type { Execution } from './executions';
import { MAX_VALUES } from './limits';
import { commandName, quote } from './render';
import type { ParseSink } from './syntax';
import { isBareText, type Word } from './word';

/** Option letters of parallel that take a value (`-j 4`, `-S host`); other options stand alone. */
const PARALLEL_OPTIONS_WITH_VALUE = new Set(['-j', '-P', '-S', '-a', '-I', '-d', '-n', '-N', '-L', '-s', '-E']);
const ARGUMENT_LIST = new Set([':::', ':::+']);
/** parallel's positional placeholders `{1}`, `{2}`…; `{}` is the whole argument line. */
const PLACEHOLDER = /\{(\d*)\}/g;

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
): Execution[] {
  const name = words[0] && commandName(words[0]);
  const truncate = (): void => sink.truncate('work');
  if (name === 'xargs') {
    const command = executions.find((execution) => execution.kind === 'command');
    if (command?.kind !== 'command') return [];
    const input = stdin();
    return input === undefined ? [] : xargsCommands(words, command.words, input, truncate);
  }
  if (name === 'parallel') return parallelCommands(words, stdin, truncate);
  return [];
}

function xargsCommands(words: readonly Word[], command: Word[], input: string, truncate: () => void): Execution[] {
  const options = words.slice(0, words.length - command.length).map((word) => word.text);
  const replace = replaceString(options);
  const byLine = replace !== undefined || options.some((option) => /^-[a-zA-Z]*[Ld]|^--delimiter/.test(option));
  const nul = options.some((option) => /^-[a-zA-Z]*0|^--null$/.test(option));
  const items = bounded(split(input, nul ? /\0/ : byLine ? /\n/ : /[ \t\n]+/), truncate);
  if (items.length === 0) return [];
  if (replace === undefined) return [{ kind: 'command', words: [...command, ...items.map(argumentWord)] }];
  return items.map((item) => ({
    kind: 'command' as const,
    words: command.map((word) =>
      word.text.includes(replace) ? argumentWord(word.text.replaceAll(replace, item)) : word,
    ),
  }));
}

/** xargs's `-I R`, `-IR`, `-i`, `--replace[=R]`: the string replaced by each input line. */
function replaceString(options: readonly string[]): string | undefined {
  for (const [i, option] of options.entries()) {
    if (option === '-I') return options[i + 1];
    if (option.startsWith('-I')) return option.slice(2);
    if (option === '-i' || option === '--replace') return '{}';
    if (option.startsWith('--replace=')) return option.slice('--replace='.length);
    if (option.startsWith('-i')) return option.slice(2);
  }
  return undefined;
}

/** `parallel [options] command… ::: a b ::: c d` (each combination), or lines on stdin without `:::`. */
function parallelCommands(words: readonly Word[], stdin: () => string | undefined, truncate: () => void): Execution[] {
  let i = 1;
  let replace = '{}';
  while (i < words.length && words[i]!.text.startsWith('-') && !ARGUMENT_LIST.has(words[i]!.text)) {
    if (words[i]!.text === '-I') replace = words[i + 1]?.text ?? replace;
    i += PARALLEL_OPTIONS_WITH_VALUE.has(words[i]!.text) ? 2 : 1;
  }
  const start = i;
  while (i < words.length && !words[i]!.text.startsWith('::::') && !ARGUMENT_LIST.has(words[i]!.text)) i += 1;
  const command = words.slice(start, i).map((word) => word.text);
  const lists: string[][] = [];
  for (; i < words.length; i += 1) {
    const text = words[i]!.text;
    // `::::` reads its arguments from files: not known.
    if (text.startsWith('::::')) return [];
    if (ARGUMENT_LIST.has(text)) lists.push([]);
    else lists.at(-1)!.push(text);
  }
  if (lists.length === 0) {
    const input = stdin();
    if (input === undefined) return [];
    lists.push(split(input, /\n/));
  }
  let lines: string[][] = [[]];
  for (const list of lists)
    lines = bounded(
      lines.flatMap((line) => list.map((item) => [...line, item])),
      truncate,
    );
  // parallel hands the command line to a shell, each argument quoted as needed.
  return lines.map((line) => ({ kind: 'shell' as const, script: commandLine(command, line, replace) }));
}

function commandLine(command: readonly string[], line: readonly string[], replace: string): string {
  const shown = line.map(shellWord);
  if (command.length === 0) return line.join(' ');
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

/** An argument as shell code: bare when it reads the same (a `~` from the calling shell stays `~`), else quoted. */
function shellWord(text: string): string {
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
