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
// interpreter one-liners that shell out (interpreters.ts, best effort).
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
import { commandEffects, type StdinReader } from './executions';
import { shellCommandsInCode } from './interpreters';
import { COMMAND_WORK, MAX_DEPTH, MAX_WRAPPERS, type Truncation } from './limits';
import { heredocText, literalOutput } from './literal-output';
import { parseExpansions, parseShell } from './parser';
import { renderView } from './render';
import type { ParsedCommand, ParseSink } from './syntax';
import { expandBraces, TOO_MANY_WORDS } from './braces';
import { LineLinks } from './line-links';
import { overwrittenFiles, resolveTargets, targetWords } from './targets';
import { ShellValues } from './values';
import { changesDirectory, WorkingDirectories } from './working-directories';
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
 * The last command analysed and its answer: the rules and the self-protection guard analyse the same command one
 * after the other in every evaluation, and the answer is a pure function of the text.
 */
let last: { command: string; analysis: ShellAnalysis } | undefined;

export function analyzeShell(command: string): ShellAnalysis {
  if (last?.command === command) return last.analysis;
  const analysis = analyze(command);
  last = { command, analysis };
  return analysis;
}

function analyze(command: string): ShellAnalysis {
  const collector = new ViewCollector();
  try {
    if (typeof command === 'string') {
      const code = command.replaceAll('\0', '');
      new Analysis(collector, new WorkingDirectories(code)).shell(code, 0);
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
/** How many sets of values a pipeline is read with (each gives its own views). */
const MAX_PIPELINE_READINGS = 8;

class Analysis implements ParseSink {
  /** The variables the command line has set so far, in the (sub)shell being read. */
  private readonly values: ShellValues = new ShellValues(this);
  /** The links the command line has made so far. */
  private readonly links: LineLinks = new LineLinks(this);

  constructor(
    private readonly collector: ViewCollector,
    /** The folders the command being read may run in. */
    private readonly directories: WorkingDirectories,
  ) {}

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
    if (open) this.openScope();
    else this.closeScope();
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
    this.values.loop(name, items);
  }

  /** Analyses a piece of shell code found at nesting `depth`, in a shell of its own unless `sameShell` (`eval`). */
  shell(code: string, depth: number, sameShell = false): void {
    if (depth > MAX_DEPTH) {
      this.truncate('depth');
      return;
    }
    // The command line itself runs in the shell the analysis starts with.
    if (sameShell || depth === 0) {
      parseShell(code, depth, this);
      return;
    }
    this.openScope();
    try {
      parseShell(code, depth, this);
    } finally {
      this.closeScope();
    }
  }

  /**
   * One view of the pipeline from each stage on but the last, so `^curl … \| sh` matches wherever it stands; as
   * written, with the values known (`SH=bash; curl x | $SH` also reads `curl x | bash`), and with each stage's
   * wrappers taken off (`env /usr/bin/curl x | nice bash` also reads `curl x | bash`).
   */
  pipeline(commands: readonly ParsedCommand[]): void {
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
    const stdin = this.viewsOf(command);
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
      }
    }
    const piped = stdin && command.stdinFrom ? literalOutput(command.stdinFrom) : undefined;
    if (stdin && piped !== undefined) this.runCode(stdin, piped, inner);
  }

  /** What a command does to the variables of the shell it runs in (a pipeline's stages each run in their own). */
  private variablesSetBy(command: ParsedCommand): void {
    if (command.pipe !== undefined || command.stdinFrom !== undefined) return;
    if (command.words.length === 0) {
      for (const assignment of command.assignments ?? []) this.values.assign(assignment);
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
    // `X=1 cmd`: X is set for what cmd runs, after cmd's own words were expanded.
    const prefixed = command.words.length > 0 && command.assignments !== undefined;
    if (!prefixed) return this.viewsOfWords(command, resolved);
    this.values.openScope();
    try {
      for (const assignment of command.assignments!) this.values.assign(assignment);
      return this.viewsOfWords(command, resolved);
    } finally {
      this.values.closeScope();
    }
  }

  private viewsOfWords(command: ParsedCommand, resolved: Word[][]): StdinReader | undefined {
    for (const file of overwrittenFiles(command.redirects)) {
      this.collector.addTargets(`> ${file}`, resolveTargets([file], this.directories.current, this.links));
    }
    // With values known, the command as written adds nothing: what stays unknown is kept as written in each
    // resolved view (values.ts), and `X=build; rm -rf $X` must read as `rm -rf build`, not as an unknown target.
    const queue: { words: Word[]; wrappers: number }[] = (resolved.length > 0 ? resolved : [command.words]).map(
      (words) => ({ words, wrappers: 0 }),
    );
    // Unquoted brace lists expand before anything else runs: `rm -rf ~/{.ssh,.aws}` is `rm -rf ~/.ssh ~/.aws`.
    for (const { words } of [...queue]) {
      const expanded = withBracesExpanded(words);
      if (expanded === TOO_MANY_WORDS) this.truncate('work');
      else if (expanded) queue.push({ words: expanded, wrappers: 0 });
    }
    const inner = command.depth + 1;
    let stdin: StdinReader | undefined;
    for (let i = 0; i < queue.length; i += 1) {
      const { words, wrappers } = queue[i]!;
      this.spend(COMMAND_WORK + words.length);
      const view = renderView(words, command.redirects, this.collector.room);
      this.collector.add(view);
      const targets = targetWords(words);
      if (targets.length > 0) {
        this.collector.addTargets(view!, resolveTargets(targets, this.directories.current, this.links));
      }
      this.links.follow(words, this.directories.current);
      const effects = commandEffects(words);
      stdin ??= effects.stdin;
      // xargs and parallel also run their command with the arguments they are fed, when those are known.
      const executions = feedsArguments(words)
        ? [...effects.executions, ...fedExecutions(words, effects.executions, () => this.pipedText(command), this)]
        : effects.executions;
      for (const execution of executions) {
        if (execution.kind === 'shell') {
          this.shell(execution.script, inner, execution.sameShell);
        } else if (execution.kind === 'code') {
          this.runCode(execution.language, execution.code, inner);
        } else if (wrappers >= MAX_WRAPPERS) {
          this.truncate('depth');
        } else {
          queue.push({ words: execution.words, wrappers: wrappers + 1 });
        }
      }
    }
    return stdin;
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
    return literalOutput({ ...from, words: words! });
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
    if (depth > MAX_DEPTH) this.truncate('depth');
    else parseExpansions(text, depth, this);
  }
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
