// Bounds of shell analysis. The analysis runs inside a hook with a deadline, on input an agent controls, so
// every kind of nesting, every output and the total work are capped. Hitting a cap leaves some structure
// unanalysed and says which cap in `truncated`; the evaluator then asks a human unless a restrictive rule
// fired anyway (see evaluator.ts), so a cap can delay a command but never wave it through.

/**
 * Deepest nesting analysed: command and process substitution (`$(…)`, backticks, `<(…)`), shell strings
 * (`bash -c`, `eval`, `su -c`, `watch`), heredocs/herestrings fed to a shell, interpreter one-liners, and
 * re-parsed `$(( … ) )`. Content nested deeper is skipped (still scanned, so the text after it is analysed).
 */
export const MAX_DEPTH = 16;

/** Most wrappers unwrapped from one command (`sudo env X=1 nice timeout 5 rm` unwraps four). */
export const MAX_WRAPPERS = 16;

/** Most distinct views returned; identical views are reported once, in first-seen order. */
export const MAX_VIEWS = 1000;

/**
 * Most characters in all views together. Views are never cut, so one simple command of a megabyte (a long
 * `echo "…"`, a `git commit -m` with a huge message) is one view of a megabyte; this cap stops the copies
 * that wrappers, nested shell strings and pipeline views make of such a command from multiplying it.
 */
export const MAX_VIEW_TEXT = 2 * 1024 * 1024;

/**
 * The work budget, in units of roughly a quarter of a microsecond. The lexer spends one per token (a word, an
 * operator or a redirection, at any depth) and one per piece of a word it has to read apart (a quoted part,
 * an escape, an expansion: `$x$x$x…` is one word of half a million pieces); each command analysed costs
 * COMMAND_WORK plus its word count (a command the parser found, and each command a wrapper runs: rendering
 * its view and reading its options walk its words again). A megabyte of `a; a; a; …` (half a million
 * commands) stops after about 4,500 of them instead of taking half a second, a megabyte of tiny words after
 * 50,000. Long text in one piece (a megabyte-long argument, quoted string or heredoc body) costs one unit:
 * it is one command however long it is.
 */
export const MAX_WORK = 50_000;

/** What analysing one command costs besides its words: about what reading eight words costs. */
export const COMMAND_WORK = 8;

/**
 * Most characters of nested code parsed again (shell strings, heredocs and text fed to a shell, interpreter
 * code, backtick bodies), also part of the work budget: nesting re-reads its text at every level, so a
 * megabyte nested sixteen deep would otherwise be read sixteen times.
 */
export const MAX_NESTED_CODE = 1024 * 1024;

/**
 * Most commands held back while heredoc bodies are pending (a command is analysed once the body of each of
 * its heredocs has been read, at the end of its line). Past this, held commands are analysed without bodies.
 */
export const MAX_HELD_COMMANDS = 1000;

/**
 * Longest value a variable set in the command line is followed with (values.ts). `a=$a$a` doubles at each step;
 * past this length the variable counts as unknown (it stays `$a` in the views) and the analysis is truncated.
 */
export const MAX_VALUE_LENGTH = 4096;

/**
 * Most values one word or command is expanded into: a `for` loop's items, and the combinations of several loop
 * variables in one command (`for a in …; do for b in …; do rm $a$b`). Past this, the first ones are kept and
 * the analysis is truncated.
 */
export const MAX_VALUES = 64;

/**
 * Deepest chain of calls to functions the line defines that is followed (`f(){ g "$1"; }; g(){ rm -rf "$1"; }`):
 * each call analyses the function's body again with the call's arguments as `$1`, `$2`, …; a call past this
 * depth (a function calling itself) is not, and the analysis is truncated ('depth').
 */
export const MAX_CALL_DEPTH = 8;

/**
 * Most commands (and other parser events) of one function body kept to analyse again at its calls, and most
 * function definitions nested in one another that are kept; a longer or deeper body is analysed where it is
 * written, not again at its calls (as before functions were followed: its `$1` stays unknown).
 */
export const MAX_FUNCTION_EVENTS = 1000;
export const MAX_NESTED_FUNCTIONS = 8;

/**
 * Most files the line writes with evident content (`echo 'rm -rf ~' > x.sh`) that are remembered, and the
 * longest content remembered, for a shell or interpreter the line then runs them with; past these the file's
 * content is not known (as for any file the line did not write).
 */
export const MAX_WRITTEN_FILES = 64;
export const MAX_WRITTEN_TEXT = 64 * 1024;

/** Which cap cut an analysis short. */
export type Truncation =
  /** MAX_DEPTH or MAX_WRAPPERS. */
  | 'depth'
  /** MAX_VIEWS. */
  | 'views'
  /** MAX_VIEW_TEXT. */
  | 'view-size'
  /** MAX_WORK, MAX_NESTED_CODE or MAX_HELD_COMMANDS. */
  | 'work'
  /** A bug stopped the analysis. */
  | 'error';

function mebibytes(characters: number): string {
  return `${characters / (1024 * 1024)} MiB`;
}

/** Each cap in words, for the message that asks a human instead. */
export const TRUNCATION_LIMITS: Record<Truncation, string> = {
  depth: `more than ${MAX_DEPTH} levels of nesting or wrappers`,
  views: `more than ${MAX_VIEWS} distinct commands`,
  'view-size': `more than ${mebibytes(MAX_VIEW_TEXT)} of command text once decomposed`,
  work: `more commands and words than ssg's work budget allows, or more than ${mebibytes(MAX_NESTED_CODE)} of nested code`,
  error: 'an internal error of the analyser',
};
