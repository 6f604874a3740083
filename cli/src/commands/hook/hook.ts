// `ssg hook …` as the full CLI knows it: its help text, and a way to run it when the full bundle is invoked
// directly. The launcher (bin/ssg.cjs) normally sends `ssg hook …` to the small hook bundle (hook-main.ts).
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { runHook } from './dispatch';

const help = `Usage: ssg hook eval < payload.json

Claude Code's PreToolUse hook. Install it in ~/.claude/settings.json or .claude/settings.json:
  {"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"ssg hook eval","timeout":10}]}]}}

Input (stdin): Claude Code's PreToolUse payload: session_id, cwd, hook_event_name, tool_name, tool_input, …
Rules: those of the payload's cwd (the project's .ssg/rules/, then ~/.ssg/rules/).
Output (stdout), exit code always 0:
  block   {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny",
           "permissionDecisionReason":"ssg blocked this (rule <id>): <message>"}}
  force   the same deny, with "Run this instead: <substitute>" appended to the reason
  ask     permissionDecision "ask", with the rule's prompt (or message) as the reason
  allow, log, shadow, no matching rule: no output — Claude Code's own permission rules still apply.

Circuit breaker: after 5 denied calls in a row in one session, the next call that would be denied runs
instead, with a "systemMessage" telling the user which rule was overridden; the count then starts over.
Any call that is not denied resets the count. State: ~/.ssg/state/circuit-breaker/.

Failures (malformed input, unreadable rules, any error) never block the agent: no output, exit 0, one line
on stderr. Exception: when ~/.ssg/fail-closed exists (Sleep at Night), a call that cannot be evaluated is
denied with the reason.
`;

export const hookCommand: Command = {
  name: 'hook',
  summary: 'hook entry points for agent hosts (`ssg hook eval`: Claude Code PreToolUse)',
  help,
  run(argv) {
    runHook(argv);
    return ExitCode.ok;
  },
};
