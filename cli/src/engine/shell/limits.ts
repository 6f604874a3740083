// Bounds of shell analysis. The analysis runs inside a hook with a deadline, on input an agent controls, so
// every kind of nesting and every output is capped. Hitting any cap sets `truncated`; the evaluator still
// matches rules against the raw command string, so a cap hides structure, never the whole command.

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

/** Longest rendered view, in UTF-8 bytes; a longer view is cut at a character boundary. */
export const MAX_VIEW_BYTES = 8 * 1024;

/**
 * Most commands held back while heredoc bodies are pending (a command is analysed once the body of each of
 * its heredocs has been read, at the end of its line). Past this, held commands are analysed without bodies.
 */
export const MAX_HELD_COMMANDS = 1000;
