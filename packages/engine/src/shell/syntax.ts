// What the parser hands to the analysis: simple commands, one at a time, in the order a shell would meet them,
// and each pipeline once all of its commands have been handed over.
import type { Truncation } from './limits';
import type { Word } from './word';

export interface Heredoc {
  /** The delimiter after quote removal. */
  delimiter: string;
  /** The delimiter was quoted (`<<'EOF'`, `<<"EOF"`, `<<\EOF`): the body is literal, nothing in it expands. */
  quoted: boolean;
  /** Filled in when the line ends; undefined if the input ended first or the command was analysed early. */
  body: string | undefined;
}

export interface Redirect {
  /** Normalised operator: `>`, `>>`, `2>`, `<`, `&>`, `&>>`, `<>`, `2>&1`-style duplications, `<<`, `<<<`. */
  op: string;
  /** The file, fd or herestring word; absent for a heredoc and for an operator missing its target. */
  target?: Word;
  heredoc?: Heredoc;
}

export interface ParsedCommand {
  /** The words after leading assignments; empty for a command of redirections or assignments only. */
  words: Word[];
  /** The leading `NAME=value` words, when there are any. */
  assignments?: Word[];
  redirects: Redirect[];
  /** The command whose output this one reads through a pipe. */
  stdinFrom?: ParsedCommand | undefined;
  /** The pipe its output goes through to the next command: `|`, or `|&` (stderr too). */
  pipe?: PipeOperator;
  /**
   * The list operator after it, when one ended it: what follows runs only if it succeeded (`&&`), only if it
   * failed (`||`), or meanwhile, with this command in the background (`&`). Absent: a `;`, a newline, a group's
   * end or the input's end, after which the next command runs whatever this one did.
   */
  listOperator?: ListOperator;
  /** Nesting depth it was found at (0 for the top level; see MAX_DEPTH). */
  depth: number;
  /**
   * The first command of a `while`/`until` loop's condition, run before each pass; a redirection after the
   * loop's `done` (`done <<< "$x"`) is added to its redirects, since it reads the loop's stdin.
   */
  loopCondition?: true;
}

export type ListOperator = '&&' | '||' | '&';

export type PipeOperator = '|' | '|&';

/** Receives what the parser finds. */
export interface ParseSink {
  command(command: ParsedCommand): void;
  /** A pipeline of two or more commands, each already passed to `command`; all but the last have a `pipe`. */
  pipeline(commands: readonly ParsedCommand[]): void;
  /** A subshell opens (`(`, a command substitution) or closes: variables set inside do not outlive it. */
  subshell(open: boolean): void;
  /** `for NAME in ITEMS`: NAME takes each item in turn (`items` undefined: the positional parameters, unknown). */
  loop(name: string, items: Word[] | undefined): void;
  /**
   * A function definition's body opens (`f() {`, `function f {`, `f() (`) or closes: the events between are
   * its body's, which runs again wherever the function is called.
   */
  functionBody?(name: string, open: boolean): void;
  /** Called when a limit stopped part of the input from being analysed. */
  truncate(reason: Truncation): void;
  /** Called before nested code (text read before, at a shallower depth) is parsed again; may stop the analysis. */
  nestedCode(characters: number): void;
  /** Spends work (see MAX_WORK); may stop the analysis. */
  spend(units: number): void;
}
