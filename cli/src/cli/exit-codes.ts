// Exit codes of every `ssg` command (docs/cli.md lists them). `ssg hook …` is the exception: it always
// exits 0, because Claude Code reads exit 2 as "block this call".
export const ExitCode = {
  ok: 0,
  /** A check or certification ran and found failures. */
  failures: 1,
  /** Unknown command or option, missing argument. */
  usage: 2,
  /** Malformed input: bad JSON, empty stdin, wrong types, malformed scenario files. */
  badInput: 3,
  /** Rule files cannot be used: a `--rules` path is missing or unreadable. */
  rulesUnusable: 4,
  /** A bug in ssg (sysexits' EX_SOFTWARE). */
  internal: 70,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
