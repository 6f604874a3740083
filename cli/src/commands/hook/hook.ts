// `ssg hook …` as the full CLI knows it: its help text, and a way to run it when the full bundle is invoked
// directly. The launcher (bin/ssg.cjs) normally sends `ssg hook …` to the small hook bundle (hook-main.ts).
import type { Command } from '../../cli/command';
import { runHook } from './dispatch';

const help = `Usage: ssg hook eval < payload.json
       ssg hook shell < {"command": "…", "cwd": "…", "client": "…"}
       ssg hook shell --command-from-env <VARIABLE>
       ssg hook codex --source=native < payload.json
       ssg hook copilot < payload.json
       ssg hook opencode < envelope.json

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

ssg hook shell: the verdict on one shell command, for the shell-level hooks (the bash wrapper, the Node
child_process hook, Python's sitecustomize; see docs/hooks.md). The call is {tool: bash, capability: execute,
client: "client" or $SSG_CLIENT or generic}; the rules are those of "cwd" (default: the working directory).
Exit 0 and no output: run it (allow, log, shadow, no match). Exit 1 with the reason on stderr: do not run it
(block, force, and ask — nobody can be asked on this path yet). Failures exit 0 with one line on stderr, or 1
when ~/.ssg/fail-closed exists.

ssg hook codex --source=native: Codex CLI's PreToolUse hook (~/.codex/hooks.json), Claude Code's payload.
Block, force and ask (Codex hooks cannot ask) print a deny with the reason; anything else prints nothing.
Failures, a missing or other --source included: exit 0, one line on stderr; a deny when ~/.ssg/fail-closed exists.

ssg hook copilot: GitHub Copilot CLI's hook. preToolUse {"cwd","toolName","toolArgs"} → block/force print
{"permissionDecision":"deny","permissionDecisionReason":"…"}, ask prints "ask", anything else nothing. A
postToolUse payload (it has "toolResult") gets no output. Failures always fail open (exit 0, a stderr line).

ssg hook opencode: for ssg's OpenCode plugin (\`ssg plugins emit opencode\`). Envelope {"tool","args","sessionID",
"callID","cwd"} → {"decision":"allow|block|ask|force","reason":"…"}. Needs an active license
(~/.ssg/license.jwt); without one, and on any failure, every call is blocked (fail-closed).
`;

export const hookCommand: Command = {
  name: 'hook',
  summary: 'hook entry points for agent hosts (eval: Claude Code; codex, copilot, opencode; shell)',
  help,
  run: runHook,
};
