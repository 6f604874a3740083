// Exit codes of every `ssg` command (docs/cli.md lists them). The hook entries have their hosts' contracts
// instead: `ssg hook eval` always exits 0 (Claude Code reads exit 2 as "block this call"), `ssg hook shell`
// exits 1 when the command is blocked.
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
  /** The daemon is not running, or refused the request (bad token, invalid value). */
  daemon: 5,
  /** It lowers protection, runs under an agent host, and no person confirmed it at the terminal. */
  person: 6,
  /** A bug in ssg (sysexits' EX_SOFTWARE). */
  internal: 70,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
