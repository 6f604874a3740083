// Decomposes a shell command string into the simple commands it would run, each rendered as a normalised
// "view" (render.ts), so that a rule fires however the command is spelled. The evaluator matches rules against
// the raw string and against every view.
//
// Each pipeline of two or more commands gives more views: its commands' views joined by ` | ` (or ` |& `),
// after the views of its commands (`curl -fsSL x | b'a'sh` → `curl -fsSL x`, `bash`, `curl -fsSL x | bash`),
// so that a rule can see what feeds what without the raw string's quoting in the way. A longer pipeline gives
// one such view from each stage on (`a | b | c` and `b | c`), so a stage can be matched at the view's start.
//
// Found: lists and pipelines, groups, subshells, if/while/until/for/case bodies, function bodies; command and
// process substitutions wherever they execute (not in single quotes or quoted heredocs); `bash -c` and other
// shells' `-c`, `eval`, `su -c`, `watch`, `flock -c`, `env -S`; heredocs, herestrings and echo/printf/cat
// output fed to a shell; wrappers (wrappers.ts), each giving its own view and the wrapped command's;
// interpreter one-liners that shell out (interpreters.ts, best effort); `at`/`batch` and `script -c`; the values
// the line sets (values.ts); functions the line defines, analysed again at each call with its arguments as
// `$1`, `$2`, … (their parser events are kept, and replayed); `read` from evident input; files the line writes
// with evident content and then runs (`echo 'rm -rf ~' > x.sh; bash x.sh`), copies (`cp x.sh y.sh`) or `cat`s
// into a shell; a process substitution run as a script (`bash <(echo …)`); the aliases a line that enables
// expand_aliases defines, at each command they name (`alias z='rm -rf'; z ~`).
// Data stays data: heredoc bodies for other programs, echo/printf arguments and commit messages are words of
// one view, never views of their own (but a `$(…)` inside them runs, so it is analysed).
// Decisions where bash and safety meet: an unquoted heredoc's `$(…)` runs whatever program reads the heredoc,
// so it is analysed; NUL bytes are removed first (bash cannot run them, and a host may strip them); `\r` counts
// as a blank so CRLF input reads as intended.
//
// Pure, never throws, linear in the input, bounded by the limits in limits.ts; `truncated` names the first
// limit hit.
import { fedExecutions, feedsArguments } from './argument-feeds';
import { AnalysisStopped, ViewCollector, type ViewTarget } from './collector';
import { commandEffects, scheduledFile, type StdinReader } from './executions';
import { interpreterInvocation, interpreterLanguage, shellCommandsInCode } from './interpreters';
import {
  COMMAND_WORK,
  MAX_CALL_DEPTH,
  MAX_DEPTH,
  MAX_FUNCTION_EVENTS,
  MAX_NESTED_FUNCTIONS,
  MAX_VALUES,
  MAX_WRAPPERS,
  MAX_WRITTEN_FILES,
  MAX_WRITTEN_TEXT,
  type Truncation,
} from './limits';
import { heredocText, literalOutput } from './literal-output';
import { withOptionPrefixesExpanded } from './option-prefixes';
import { parseExpansions, parseShell } from './parser';
import { commandName, renderView } from './render';
import { isShell, shellInvocation } from './shells';
import type { ParsedCommand, ParseSink, Redirect } from './syntax';
import { expandBraces, TOO_MANY_WORDS } from './braces';
import { LineLinks } from './line-links';
import { ProgramAliases } from './program-aliases';
import { readFiles } from './read-files';
import { overwrittenFiles, resolveTargets, targetWords } from './targets';
import { writtenFiles } from './written-files';
import { argumentList, isOpaqueWord, ShellValues } from './values';
import type { SymbolicPath } from './symbolic-path';
import { changesDirectory, foldersAt, WorkingDirectories, wrapperFolder } from './working-directories';
import type { Word } from './word';

export interface ShellAnalysis {
  /** The distinct views, in the order their commands were met. */
  commands: string[];
  /** The paths the views' commands change, resolved (targets.ts), each with its view; distinct pairs. */
  targets: ViewTarget[];
  /** Which limit was hit (or `error`: a bug stopped the analysis), so that some structure was not analysed. */
  truncated: Truncation | false;
}

/**
 * The commands analysed last, with their answers (the answer is a pure function of the text). The rules and the
 * self-protection guard analyse the same command one after the other in every evaluation, and a daemon meets the
 * same commands again and again (`npm test`, `git status`): the most recent are kept, the least recent dropped.
 * Only short commands with small answers are kept (CACHED_COMMAND, CACHED_ANALYSIS), at most ANALYSES_KEPT.
 */
const recent = new Map<string, ShellAnalysis>();
const ANALYSES_KEPT = 64;
const CACHED_COMMAND = 4096;
/** …and answers up to this many characters of views and targets: the cache stays under a few megabytes. */
const CACHED_ANALYSIS = 32_768;

function sizeOf({ commands, targets }: ShellAnalysis): number {
  let size = 0;
  for (const view of commands) size += view.length;
  for (const { view, target } of targets) size += view.length + target.length;
  return size;
}

export function analyzeShell(command: string): ShellAnalysis {
  const known = recent.get(command);
  if (known) {
    // Most recent last: a Map keeps insertion order.
    recent.delete(command);
    recent.set(command, known);
    return known;
  }
  const analysis = analyze(command);
  if (typeof command === 'string' && command.length <= CACHED_COMMAND && sizeOf(analysis) <= CACHED_ANALYSIS) {
    if (recent.size >= ANALYSES_KEPT) recent.delete(recent.keys().next().value!);
    recent.set(command, analysis);
  }
  return analysis;
}

function analyze(command: string): ShellAnalysis {
  const collector = new ViewCollector();
  try {
    if (typeof command === 'string') {
      const code = command.replaceAll('\0', '');
      new Analysis(collector, new WorkingDirectories(code), code).shell(code, 0);
    }
  } catch (error) {
    // A limit that ends the analysis (already recorded), or a bug: either way report what was found.
    collector.truncate(error instanceof AnalysisStopped ? error.reason : 'error');
  }
  return Object.freeze({
    commands: Object.freeze([...collector.views]) as string[],
    targets: Object.freeze([...collector.targets]) as ViewTarget[],
    truncated: collector.truncated,
  });
}

const NO_WORDS: Word[][] = [];
/** `$HOME` as a word of a command, to ask the values for it. */
const HOME_REFERENCE: Word = {
  text: '$HOME',
  bare: true,
  quoted: false,
  assignment: false,
  parts: [{ kind: 'expansion', text: '$HOME', quoted: false }],
};

/** What the parser reported, kept so that a function's body can be analysed again where it is called. */
type ParseEvent =
  | { kind: 'command'; command: ParsedCommand }
  | { kind: 'pipeline'; commands: readonly ParsedCommand[] }
  | { kind: 'subshell'; open: boolean }
  | { kind: 'loop'; name: string; items: Word[] | undefined }
  /** A function defined inside the body: defined again each time the body runs. */
  | { kind: 'define'; name: string; events: readonly ParseEvent[] };

/** A function body being read: its events (undefined once past MAX_FUNCTION_EVENTS) and where it was found. */
interface Recorder {
  name: string;
  events: ParseEvent[] | undefined;
  nesting: number;
}

/** Redirections that write a command's output to a file. */
const WRITES = new Set(['>', '>>', '&>', '&>>']);
/** How many sets of values a pipeline is read with (each gives its own views). */
const MAX_PIPELINE_READINGS = 8;
/** Most aliases kept, and most expanded one in another. */
const MAX_ALIASES = 32;
const MAX_ALIAS_DEPTH = 4;
/** Most files a `cat` of written files is read through (`cat x.sh | sh`). */
const MAX_CAT_FILES = 8;

class Analysis implements ParseSink {
  /** The variables the command line has set so far, in the (sub)shell being read. */
  private readonly values: ShellValues = new ShellValues(this);
  /** Whether the line names HOME anywhere: only then can it have given HOME a value. */
  private readonly mentionsHome: boolean;
  /** The programs the command line has copied under other names so far. */
  private readonly programs = new ProgramAliases();
  /** The links the command line has made so far. */
  private readonly links: LineLinks = new LineLinks(this);
  /** The functions the line defined so far, by name: their bodies' events. */
  private readonly functions = new Map<string, readonly ParseEvent[]>();
  /** The function bodies being read, innermost last. */
  private readonly recorders: Recorder[] = [];
  /** How deep in nested code the analysis itself parses (shell strings, scripts, heredoc expansions) it is. */
  private nesting = 0;
  /** Function calls being followed, one in another. */
  private calls = 0;
  /** Whether the line names `expand_aliases`: only then do the aliases it defines replace command names. */
  private readonly mentionsAliases: boolean;
  /** The aliases the line defined (once it mentions expand_aliases), by name. */
  private readonly aliases = new Map<string, string>();
  /** The aliases being expanded, one in another: an alias is not expanded again inside its own value. */
  private readonly expandingAliases = new Set<string>();
  /** The files the line wrote, by path, with their content when evident (undefined: not known). */
  private readonly written = new Map<string, string | undefined>();

  constructor(
    private readonly collector: ViewCollector,
    /** The folders the command being read may run in. */
    private readonly directories: WorkingDirectories,
    commandLine: string,
  ) {
    this.mentionsHome = commandLine.includes('HOME');
    this.mentionsAliases = commandLine.includes('expand_aliases');
  }

  /** The values the line has given HOME by now (none when it has not: `~` is the user's home). */
  private homeValues(): string[] {
    if (!this.mentionsHome) return [];
    const values = this.values.expand([HOME_REFERENCE]) ?? [];
    return values.map((words) => words.map((word) => word.text).join(' ')).filter((home) => home !== '$HOME');
  }

  truncate(reason: Truncation): void {
    this.collector.truncate(reason);
  }

  nestedCode(characters: number): void {
    this.collector.countNestedCode(characters);
  }

  spend(units: number): void {
    this.collector.spend(units);
  }

  subshell(open: boolean): void {
    this.record({ kind: 'subshell', open });
    if (open) this.openScope();
    else this.closeScope();
  }

  /** Keeps an event for the function bodies being read where it was found. */
  private record(event: ParseEvent): void {
    for (const recorder of this.recorders) {
      if (recorder.nesting !== this.nesting || !recorder.events) continue;
      if (recorder.events.length >= MAX_FUNCTION_EVENTS) recorder.events = undefined;
      else recorder.events.push(event);
    }
  }

  functionBody(name: string, open: boolean): void {
    if (open) {
      const followed = this.recorders.length < MAX_NESTED_FUNCTIONS;
      this.recorders.push({ name, events: followed ? [] : undefined, nesting: this.nesting });
      return;
    }
    const recorder = this.recorders.at(-1);
    if (recorder?.name !== name || recorder.nesting !== this.nesting) return;
    this.recorders.pop();
    // A body not followed leaves the function unknown: its calls are commands like any other.
    if (!recorder.events) this.functions.delete(name);
    else {
      this.functions.set(name, recorder.events);
      this.record({ kind: 'define', name, events: recorder.events });
    }
  }

  /**
   * A call of a function the line defined: its body is analysed again with the call's arguments as the
   * positional parameters (each reading of them one alternative), in the calling shell.
   */
  private call(command: ParsedCommand): void {
    const [first] = command.words;
    const body = first && !first.parts && !first.quoted ? this.functions.get(first.text) : undefined;
    if (!body) return;
    if (this.calls >= MAX_CALL_DEPTH) {
      this.truncate('depth');
      return;
    }
    const saved = this.values.positional;
    const zero = saved?.[0]?.[0];
    const readings = (this.values.expand(command.words) ?? [command.words]).slice(0, MAX_VALUES);
    this.values.setPositional(readings.map((words) => [zero, ...argumentList(words.slice(1))]));
    this.calls += 1;
    try {
      this.replay(body);
    } finally {
      this.calls -= 1;
      this.values.setPositional(saved);
    }
  }

  private replay(events: readonly ParseEvent[]): void {
    let opened = 0;
    for (const event of events) {
      switch (event.kind) {
        case 'command':
          this.analyseCommand(event.command);
          break;
        case 'pipeline':
          this.analysePipeline(event.commands);
          break;
        case 'subshell':
          if (event.open) {
            opened += 1;
            this.openScope();
          } else if (opened > 0) {
            opened -= 1;
            this.closeScope();
          }
          break;
        case 'loop':
          this.values.loop(event.name, event.items);
          break;
        case 'define':
          this.functions.set(event.name, event.events);
          break;
      }
    }
    for (; opened > 0; opened -= 1) this.closeScope();
  }

  /** A (sub)shell opens: what it sets, its variables and its `cd`, is gone when it closes. */
  private openScope(): void {
    this.values.openScope();
    this.directories.openScope();
  }

  private closeScope(): void {
    this.values.closeScope();
    this.directories.closeScope();
  }

  loop(name: string, items: Word[] | undefined): void {
    this.record({ kind: 'loop', name, items });
    this.values.loop(name, items);
  }

  /**
   * Analyses a piece of shell code found at nesting `depth`, in a shell of its own unless `sameShell` (`eval`),
   * with `args` as its `$0`, `$1`, … when given (`bash -c CODE a b`).
   */
  shell(code: string, depth: number, sameShell = false, args?: readonly Word[]): void {
    if (depth > MAX_DEPTH) {
      this.truncate('depth');
      return;
    }
    // The command line itself runs in the shell the analysis starts with.
    if (depth === 0) {
      parseShell(code, depth, this);
      return;
    }
    this.nesting += 1;
    const recorders = this.recorders.length;
    if (!sameShell) this.openScope();
    try {
      // find's `{}` (`-exec sh -c '…' _ {} \;`) stands for each file found: not known.
      if (args) this.values.setPositional([argumentList(args).map((arg) => (arg?.includes('{}') ? undefined : arg))]);
      parseShell(code, depth, this);
    } finally {
      if (!sameShell) this.closeScope();
      // A function body the nested code left open ends with it.
      this.recorders.length = Math.min(this.recorders.length, recorders);
      this.nesting -= 1;
    }
  }

  /**
   * One view of the pipeline from each stage on but the last, so `^curl … \| sh` matches wherever it stands; as
   * written, with the values known (`SH=bash; curl x | $SH` also reads `curl x | bash`), and with each stage's
   * wrappers taken off (`env /usr/bin/curl x | nice bash` also reads `curl x | bash`).
   */
  pipeline(commands: readonly ParsedCommand[]): void {
    this.record({ kind: 'pipeline', commands });
    this.analysePipeline(commands);
  }

  private analysePipeline(commands: readonly ParsedCommand[]): void {
    const alternatives = commands.map((command) =>
      (this.values.expand(command.words) ?? []).slice(0, MAX_PIPELINE_READINGS),
    );
    const readings = Math.max(...alternatives.map((words) => words.length));
    for (let reading = 0; reading <= readings; reading += 1) {
      // Reading 0 is as written; reading i takes each stage's i-th set of values (its last, when it has fewer).
      const stages = commands.map((command, i) =>
        reading === 0
          ? command.words
          : (alternatives[i]![Math.min(reading, alternatives[i]!.length) - 1] ?? command.words),
      );
      for (const words of [stages, stages.map(unwrapped)]) {
        for (let from = 0; from < commands.length - 1; from++) {
          this.collector.add(this.pipelineView(commands.slice(from), words.slice(from)));
        }
      }
    }
  }

  /** Each command's own view, joined by its pipe; undefined when longer than the views have room for. */
  private pipelineView(commands: readonly ParsedCommand[], words: readonly Word[][]): string | undefined {
    let view = '';
    for (const [i, command] of commands.entries()) {
      const pipe = i > 0 ? ` ${commands[i - 1]!.pipe ?? '|'} ` : '';
      const stage = renderView(words[i]!, command.redirects, this.collector.room - view.length - pipe.length);
      if (stage === undefined) return undefined;
      view += pipe + stage;
    }
    return view;
  }

  command(command: ParsedCommand): void {
    this.record({ kind: 'command', command });
    this.analyseCommand(command);
  }

  private analyseCommand(command: ParsedCommand): void {
    const stdin = this.viewsOf(command);
    this.call(command);
    if (this.mentionsAliases) this.aliasesSetBy(command.words);
    this.filesWrittenBy(command);
    this.variablesSetBy(command);
    const inner = command.depth + 1;
    for (const redirect of command.redirects) {
      const { heredoc } = redirect;
      if (heredoc?.body !== undefined) {
        // A shell reading the heredoc parses it below, substitutions included.
        if (!heredoc.quoted && stdin !== 'shell') this.expansions(heredoc.body, inner);
        if (stdin) this.runCode(stdin, heredocText({ ...heredoc, body: heredoc.body }), inner);
      } else if (redirect.op === '<<<' && redirect.target && stdin) {
        this.runCode(stdin, redirect.target.text, inner);
      } else if (redirect.op === '<' && redirect.target && stdin && this.written.size > 0) {
        // `bash < x.sh` of a file the line wrote.
        const text = this.writtenText(redirect.target);
        if (text !== undefined) this.runCode(stdin, text, inner);
      }
    }
    const piped = stdin && command.stdinFrom ? this.printedBy(command.stdinFrom) : undefined;
    if (stdin && piped !== undefined) this.runCode(stdin, piped, inner);
  }

  /** What a command does to the variables of the shell it runs in (a pipeline's stages each run in their own). */
  private variablesSetBy(command: ParsedCommand): void {
    if (command.words[0]?.text === 'read' && this.readsLines(command)) return;
    if (command.pipe !== undefined || command.stdinFrom !== undefined) {
      // `… | while read d`: the loop runs in the stage's shell, reading what the stage before prints.
      if (command.loopCondition) this.values.afterCommand(command.words);
      return;
    }
    if (command.words.length === 0) {
      for (const assignment of command.assignments ?? []) {
        this.values.assign(assignment);
        this.programs.assigned(assignment);
      }
      return;
    }
    this.values.afterCommand(command.words);
    if (changesDirectory(command.words)) {
      const alternatives = this.values.expand(command.words) ?? [command.words];
      const folders = this.directories.change(alternatives, command.listOperator);
      if (folders) this.values.set('PWD', folders);
    }
    // An `eval` of text not known here may have set anything.
    if (command.words[0]!.text === 'eval' && command.words.some((word) => word.parts)) this.values.forgetAll();
  }

  /**
   * Adds the views of a command and of what it runs, each also with the values known for its expansions;
   * returns what reads its stdin as code, if anything.
   */
  private viewsOf(command: ParsedCommand): StdinReader | undefined {
    const resolved = this.values.expand(command.words) ?? NO_WORDS;
    // `~` in the command's own words, like the rest of them, is expanded before a prefix `HOME=x` applies.
    const homes = this.homeValues();
    // `X=1 cmd`: X is set for what cmd runs, after cmd's own words were expanded.
    const prefixed = command.words.length > 0 && command.assignments !== undefined;
    if (!prefixed) return this.viewsOfWords(command, resolved, homes);
    this.values.openScope();
    try {
      for (const assignment of command.assignments!) this.values.assign(assignment);
      return this.viewsOfWords(command, resolved, homes);
    } finally {
      this.values.closeScope();
    }
  }

  private viewsOfWords(command: ParsedCommand, resolved: Word[][], homes: readonly string[]): StdinReader | undefined {
    const redirects = this.redirectsWithValues(command.redirects);
    for (const file of overwrittenFiles(redirects)) {
      this.collector.addTargets(`> ${file}`, resolveTargets([file], this.directories.current, this.links));
    }
    // With values known, the command as written adds nothing: what stays unknown is kept as written in each
    // resolved view (values.ts), and `X=build; rm -rf $X` must read as `rm -rf build`, not as an unknown target.
    // `folders`: where a wrapper that moved first (`env -C /`) runs the command; else where the line is.
    const queue: { words: Word[]; wrappers: number; folders?: readonly SymbolicPath[] }[] = (
      resolved.length > 0 ? resolved : [command.words]
    ).map((words) => ({ words, wrappers: 0 }));
    // Unquoted brace lists expand before anything else runs: `rm -rf ~/{.ssh,.aws}` is `rm -rf ~/.ssh ~/.aws`.
    for (const { words } of [...queue]) {
      const expanded = withBracesExpanded(words);
      if (expanded === TOO_MANY_WORDS) this.truncate('work');
      else if (expanded) queue.push({ words: expanded, wrappers: 0 });
    }
    const inner = command.depth + 1;
    let stdin: StdinReader | undefined;
    for (let i = 0; i < queue.length; i += 1) {
      const { words, wrappers, folders = this.directories.current } = queue[i]!;
      this.spend(COMMAND_WORK + words.length);
      // Long options abbreviated (`rm --rec`, `git reset --har`) also read written in full: one more view.
      const options = withOptionPrefixesExpanded(words);
      if (options) queue.push({ words: options, wrappers, folders });
      const view = renderView(words, command.redirects, this.collector.room);
      this.collector.add(view);
      const targets = targetWords(words);
      if (targets.length > 0) {
        this.collector.addTargets(view!, resolveTargets(targets, folders, this.links, homes));
      }
      for (const file of writtenFiles(words)) {
        this.collector.addTargets(`> ${file}`, resolveTargets([file], folders, this.links, homes));
      }
      for (const file of readFiles(words, redirects)) {
        this.collector.addTargets(`< ${file}`, resolveTargets([file], folders, this.links, homes));
      }
      this.links.follow(words, folders);
      this.programs.follow(words);
      const renamed = this.programs.renamed(words);
      if (renamed) queue.push({ words: renamed, wrappers, folders });
      const moved = wrapperFolder(words);
      const innerFolders = moved === undefined ? folders : foldersAt(moved, folders);
      const effects = commandEffects(words, i === 0 ? command.assignments : undefined);
      stdin ??= effects.stdin;
      // xargs and parallel also run their command with the arguments they are fed, when those are known.
      const executions = feedsArguments(words)
        ? [
            ...effects.executions,
            ...fedExecutions(
              words,
              effects.executions,
              () => this.pipedText(command),
              this,
              (path) => this.fileText(path),
            ),
          ]
        : effects.executions;
      this.runWrittenFile(words, inner);
      if (wrappers === 0 && this.aliases.size > 0) this.runAlias(words, inner);
      for (const execution of executions) {
        if (execution.kind === 'shell' && innerFolders !== this.directories.current) {
          this.directories.openScopeIn(innerFolders);
          try {
            this.shell(execution.script, inner, execution.sameShell, execution.arguments);
          } finally {
            this.directories.closeScope();
          }
        } else if (execution.kind === 'shell') {
          this.shell(execution.script, inner, execution.sameShell, execution.arguments);
        } else if (execution.kind === 'code') {
          this.runCode(execution.language, execution.code, inner);
        } else if (wrappers >= MAX_WRAPPERS) {
          this.truncate('depth');
        } else {
          queue.push({ words: execution.words, wrappers: wrappers + 1, folders: innerFolders });
        }
      }
    }
    return stdin;
  }

  /**
   * `read NAME` whose stdin is evident: NAME takes its first line, or, as a `while` loop's condition, each line
   * in turn (`while read -r d; do …; done <<< "$x"`, `echo / | while read d`). False when not followed (other
   * options, several names, a stdin not known): the caller then forgets NAME as before.
   */
  private readsLines(command: ParsedCommand): boolean {
    const read = readName(command.words);
    if (!read) return false;
    const texts = this.readInput(command);
    if (!texts) return false;
    const values: string[] = [];
    for (const text of texts) {
      const lines = text.split('\n');
      if (!read.raw && text.includes('\\')) return false;
      for (const line of command.loopCondition ? lines.filter((each) => each !== '') : lines.slice(0, 1)) {
        values.push(line.replace(/^[ \t]+|[ \t]+$/g, ''));
      }
    }
    this.values.set(read.name, values.slice(0, MAX_VALUES));
    return true;
  }

  /** The texts a command may read on stdin: a heredoc, a herestring's values, or (a loop) a pipe's input. */
  private readInput(command: ParsedCommand): string[] | undefined {
    const stdin = command.redirects.findLast(({ op, heredoc }) => op === '<' || op === '<<<' || heredoc);
    const { heredoc } = stdin ?? {};
    if (heredoc) {
      if (heredoc.body === undefined || (!heredoc.quoted && /\$\(|`/.test(heredoc.body))) return undefined;
      return [heredocText({ ...heredoc, body: heredoc.body })];
    }
    if (stdin?.op === '<<<' && stdin.target) {
      const alternatives = this.values.expand([stdin.target]) ?? [[stdin.target]];
      if (alternatives.some((words) => words.some(isOpaqueWord))) return undefined;
      return alternatives.map((words) => `${words.map((word) => word.text).join(' ')}\n`);
    }
    if (stdin || !command.loopCondition || !command.stdinFrom) return undefined;
    const text = this.pipedText(command);
    return text === undefined ? undefined : [text];
  }

  /**
   * Files the command writes, remembered with their content when evident (`echo`, `printf`, `cat <<EOF`
   * with `>` or `>>`; `tee FILE` of an evident stdin) for a shell or interpreter the line runs them with.
   */
  private filesWrittenBy(command: ParsedCommand): void {
    this.filesCopiedBy(command);
    const tee = command.words[0]?.text === 'tee';
    const writes = command.redirects.filter(({ op, target }) => target && WRITES.has(op));
    if (!tee && writes.length === 0) return;
    const [words] = this.values.expand(command.words) ?? [command.words];
    const output = words!.some(isOpaqueWord) ? undefined : literalOutput({ ...command, words: words! });
    for (const { op, target } of writes) this.write(target!, tee ? undefined : output, op.endsWith('>>'));
    if (!tee) return;
    const text = this.pipedText(command);
    const append = words!.some((word) => /^-[a-z]*a|^--append$/.test(word.text));
    for (const file of words!.slice(1)) if (!file.text.startsWith('-')) this.write(file, text, append);
  }

  /** `alias NAME='value' …`: the aliases a command defines (a line that enables expand_aliases uses them). */
  private aliasesSetBy(words: readonly Word[]): void {
    if (words[0]?.text !== 'alias' || words[0].quoted) return;
    for (const word of words.slice(1)) {
      const definition = /^([^\s=/$`'"]+)=([^]*)$/.exec(word.text);
      if (!definition || word.parts) continue;
      if (!this.aliases.has(definition[1]!) && this.aliases.size >= MAX_ALIASES) continue;
      this.aliases.set(definition[1]!, definition[2]!);
    }
  }

  /** A command whose name is an alias the line defined: its value, then the command's arguments, as code. */
  private runAlias(words: readonly Word[], depth: number): void {
    const [first] = words;
    if (!first || first.quoted || first.parts || this.expandingAliases.has(first.text)) return;
    const value = this.aliases.get(first.text);
    if (value === undefined || this.expandingAliases.size >= MAX_ALIAS_DEPTH) return;
    const args = words.length > 1 ? renderView(words.slice(1), [], this.collector.room) : '';
    if (args === undefined) return;
    this.expandingAliases.add(first.text);
    try {
      this.shell(args === '' ? value : `${value} ${args}`, depth, true);
    } finally {
      this.expandingAliases.delete(first.text);
    }
  }

  /** `cp x.sh y.sh`, `mv x.sh dir/`: the copy of a file the line wrote has its content. */
  private filesCopiedBy(command: ParsedCommand): void {
    if (this.written.size === 0) return;
    const name = command.words[0] && commandName(command.words[0]);
    if (name !== 'cp' && name !== 'mv') return;
    const [words] = this.values.expand(command.words) ?? [command.words];
    const operands = words!.slice(1).filter((word) => !word.text.startsWith('-'));
    if (operands.length !== 2 || operands.some(isOpaqueWord)) return;
    const [source, target] = operands as [Word, Word];
    const path = filePath(source.text);
    if (!this.written.has(path)) return;
    const copy = target.text.endsWith('/') ? `${target.text}${path.slice(path.lastIndexOf('/') + 1)}` : target.text;
    this.write({ ...target, text: copy, parts: undefined }, this.written.get(path), false);
  }

  /** The content of a file the line wrote, when known. */
  private writtenText(file: Word): string | undefined {
    const [[word] = [file]] = this.values.expand([file]) ?? [[file]];
    return word && !isOpaqueWord(word) ? this.written.get(filePath(word.text)) : undefined;
  }

  /** What a command prints, when evident (literal-output.ts), or the content of the written files it `cat`s. */
  private printedBy(command: ParsedCommand): string | undefined {
    const printed = literalOutput(command);
    if (printed !== undefined || this.written.size === 0) return printed;
    const [first, ...files] = command.words;
    if (!first || commandName(first) !== 'cat' || files.length === 0 || files.length > MAX_CAT_FILES) return undefined;
    let text = '';
    for (const file of files) {
      const content = file.text.startsWith('-') ? undefined : this.writtenText(file);
      if (content === undefined) return undefined;
      text += content;
    }
    return text;
  }

  private write(target: Word, text: string | undefined, append: boolean): void {
    const [[file] = [target]] = this.values.expand([target]) ?? [[target]];
    if (!file || isOpaqueWord(file)) return;
    const path = filePath(file.text);
    if (!this.written.has(path) && this.written.size >= MAX_WRITTEN_FILES) return;
    const before = append ? (this.written.has(path) ? this.written.get(path) : '') : '';
    if (before === undefined || text === undefined) {
      this.written.set(path, undefined);
      return;
    }
    const content = before === '' || before.endsWith('\n') ? before + text : `${before}\n${text}`;
    this.written.set(path, content.length > MAX_WRITTEN_TEXT ? undefined : content);
  }

  /**
   * The text of a file a command reads, when evident: a process substitution's output (`<(echo ~)`, one
   * reading), or a file the line wrote.
   */
  private fileText(path: string): string | undefined {
    if (path.startsWith('<(') && path.endsWith(')')) {
      const outputs = this.values.outputOf(path.slice(2, -1));
      return outputs?.length === 1 ? `${outputs[0]}\n` : undefined;
    }
    return this.written.get(filePath(path));
  }

  /**
   * A file the line wrote, run: `bash x.sh`, `sh x.sh a b`, `source x.sh`, `. x.sh`, `python3 x.py`,
   * `at -f x.sh now`, `./x.sh` (its `#!` line says by what; none: a shell): its content is analysed as code.
   */
  private runWrittenFile(words: readonly Word[], depth: number): void {
    // A process substitution as the script (`bash <(echo 'rm -rf ~')`, `. <(printf …)`): its output is the code.
    const run =
      this.written.size > 0 || words.some((word) => word.text.startsWith('<(')) ? scriptRun(words) : undefined;
    if (!run) return;
    const content = this.fileText(run.file.text);
    if (content === undefined) return;
    const reader = run.reader ?? shebangReader(content);
    if (reader === 'shell') this.shell(content, depth, run.sameShell, run.args);
    else this.runCode(reader, content, depth);
  }

  /** The redirections with the values known for their files, one redirection a value (`: > "$f"` in a loop). */
  private redirectsWithValues(redirects: readonly Redirect[]): Redirect[] {
    return redirects.flatMap((redirect) => {
      const values = redirect.target?.parts ? this.values.expand([redirect.target]) : undefined;
      return values ? values.map(([target]) => ({ ...redirect, ...(target ? { target } : {}) })) : [redirect];
    });
  }

  /**
   * What the command reads on stdin, when evident: its own herestring or heredoc (the last stdin redirection
   * wins; a file is not known), else what the command before it in a pipe prints.
   */
  private pipedText(command: ParsedCommand): string | undefined {
    const stdin = command.redirects.findLast(({ op, heredoc }) => op === '<' || op === '<<<' || heredoc);
    if (stdin?.heredoc?.body !== undefined) return heredocText({ ...stdin.heredoc, body: stdin.heredoc.body });
    if (stdin) return stdin.op === '<<<' && stdin.target ? `${stdin.target.text}\n` : undefined;
    const from = command.stdinFrom;
    if (!from) return undefined;
    const [words] = this.values.expand(from.words) ?? [from.words];
    return this.printedBy({ ...from, words: words! });
  }

  /** Code that `reader` runs: shell code, or interpreter code whose shell-outs are analysed. */
  private runCode(reader: StdinReader, code: string, depth: number): void {
    if (reader === 'shell') {
      this.shell(code, depth);
      return;
    }
    this.nestedCode(code.length);
    for (const commandLine of shellCommandsInCode(reader, code)) this.shell(commandLine, depth);
  }

  private expansions(text: string, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.truncate('depth');
      return;
    }
    this.nesting += 1;
    try {
      parseExpansions(text, depth, this);
    } finally {
      this.nesting -= 1;
    }
  }
}

/** `read [-r] [-s] [-e] [-p PROMPT] [-t SECONDS] [NAME]`: the one variable it sets; undefined for other forms. */
function readName(words: readonly Word[]): { name: string; raw: boolean } | undefined {
  let raw = false;
  let i = 1;
  for (; i < words.length; i += 1) {
    const option = words[i]!.text;
    if (option === '--') {
      i += 1;
      break;
    }
    if (!option.startsWith('-')) break;
    if (!/^-[rse]*[pt]?$/.test(option)) return undefined;
    raw ||= option.includes('r');
    if (/[pt]$/.test(option)) i += 1;
  }
  const names = words.slice(i);
  if (names.length > 1) return undefined;
  const name = names[0]?.parts ? undefined : (names[0]?.text ?? 'REPLY');
  return name !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? { name, raw } : undefined;
}

/** A path as the written-files map keys it: `./x.sh` and `x.sh` are one file. */
function filePath(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/^(?:\.\/)+/, '');
}

interface ScriptRun {
  file: Word;
  /** Undefined: the file itself is run, its `#!` line says by what. */
  reader?: StdinReader;
  sameShell?: boolean;
  args?: Word[];
}

/** The script file a command runs, and with what. */
function scriptRun(words: readonly Word[]): ScriptRun | undefined {
  const [first] = words;
  if (!first) return undefined;
  const name = commandName(first);
  if (isShell(name)) {
    const { file, fileArguments = [] } = shellInvocation(words);
    return file ? { file, reader: 'shell', args: [file, ...fileArguments] } : undefined;
  }
  if ((name === 'source' || name === '.') && words[1]) return { file: words[1], reader: 'shell', sameShell: true };
  const scheduled = scheduledFile(words);
  if (scheduled) return { file: scheduled, reader: 'shell' };
  const language = interpreterLanguage(name);
  if (language) {
    const { code, readsStdin } = interpreterInvocation(language, words);
    const file = words.slice(1).find((word) => !word.text.startsWith('-'));
    return code === undefined && !readsStdin && file ? { file, reader: language } : undefined;
  }
  return first.text.includes('/') ? { file: first, args: [...words] } : undefined;
}

/** What runs a file by its `#!` line: a shell, an interpreter's language; a shell when there is none. */
function shebangReader(content: string): StdinReader {
  const line = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(content);
  if (!line) return 'shell';
  const program = line[1]!.endsWith('/env') && line[2] ? line[2] : line[1]!;
  const name = program.slice(program.lastIndexOf('/') + 1);
  return isShell(name) ? 'shell' : (interpreterLanguage(name) ?? 'shell');
}

/**
 * The words with every unquoted brace list expanded (bash's first expansion); undefined when none has one,
 * TOO_MANY_WORDS when one is past the bound.
 */
function withBracesExpanded(words: readonly Word[]): Word[] | typeof TOO_MANY_WORDS | undefined {
  let changed = false;
  const out: Word[] = [];
  for (const word of words) {
    const expanded = word.bare ? expandBraces(word.text) : undefined;
    if (expanded === TOO_MANY_WORDS) return TOO_MANY_WORDS;
    if (!expanded) {
      out.push(word);
      continue;
    }
    changed = true;
    for (const text of expanded) out.push({ ...word, text, parts: undefined });
  }
  return changed ? out : undefined;
}

/**
 * The command a stage runs once its wrappers (`sudo`, `env`, `nice`, `timeout 5` …) are taken off; xargs and
 * parallel stay, since they give what they read as arguments, not as input.
 */
function unwrapped(words: Word[]): Word[] {
  let inner = words;
  for (let depth = 0; depth < MAX_WRAPPERS && !feedsArguments(inner); depth += 1) {
    const [execution, more] = commandEffects(inner).executions;
    if (execution?.kind !== 'command' || more !== undefined) break;
    inner = execution.words;
  }
  return inner;
}
