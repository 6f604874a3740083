// What the parser hands to the analysis: simple commands, one at a time, in the order a shell would meet them.
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
  /** The words after leading assignments; empty for a command of redirections only. */
  words: Word[];
  redirects: Redirect[];
  /** The command whose output this one reads through a pipe. */
  stdinFrom?: ParsedCommand | undefined;
  /** Nesting depth it was found at (0 for the top level; see MAX_DEPTH). */
  depth: number;
}

/** Receives what the parser finds. */
export interface ParseSink {
  command(command: ParsedCommand): void;
  /** Called when a limit stopped part of the input from being analysed. */
  truncate(): void;
}
