// `ssg eval`: evaluates one tool call given as JSON on stdin and prints the verdict as one JSON line.
import { isatty } from 'node:tty';
import { parseGenericPayload, toWireResult } from '@ssg/hosts/generic/adapter';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { inputError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { readStdin } from '@ssg/node/stdin';
import { ssgHome } from '@ssg/node/home';
import { formatDiagnostic } from '@ssg/node/rules/format-diagnostic';
import { evaluateGenericCall } from './evaluate-call';

const help = `Usage: ssg eval [--rules <path>]... [--explain] [--client <name>] < call.json

Evaluates one tool call against the rules and prints the verdict as one JSON line.

Input (stdin):  {"tool": "Bash", "input": {"command": "rm -rf /"}}
                optional: "client", "cwd" (where to look for the project's rules), "session_id"
Output:         {"decision":"block","rule_id":"no-rm-root","reason":"…","duration_ms":0.04}
                rule_id and reason are null when no rule matched; "prompt" and "substitute" appear when the
                rule has them; --explain adds "matched": the conditions that held.

Options:
  --rules <path>    rule file or folder; repeatable; replaces the default rules
                    (the project's .ssg/rules/, then ~/.ssg/rules/)
  --explain         add the matched conditions to the output
  --client <name>   the client whose tool names to use for classifying the tool (an adapter name: claude-code,
                    codex, cursor, copilot, opencode, … — an unknown name lists them);
                    default: "client" from the input, then SSG_CLIENT, then detection, then generic
  -h, --help        show this help

Exit codes: 0 evaluated (whatever the decision), 2 usage error, 3 bad input, 4 rule files unusable.

Examples:
  echo '{"tool":"Bash","input":{"command":"git push --force"}}' | ssg eval
  ssg eval --rules resources/rules/default.rules --explain < call.json
`;

export const evalCommand: Command = {
  name: 'eval',
  summary: 'evaluate one tool call (JSON on stdin) and print the verdict',
  help,
  run(argv) {
    const { values } = parseCommandArgs('eval', argv, {
      rules: { type: 'string', multiple: true },
      explain: { type: 'boolean' },
      client: { type: 'string' },
    });
    // Checked on the descriptor: touching process.stdin would turn it into a stream and make it non-blocking.
    if (isatty(0)) {
      throw inputError(
        'stdin is a terminal',
        'pipe a tool call in, e.g. echo \'{"tool":"Bash","input":{"command":"ls"}}\' | ssg eval',
      );
    }
    const payload = parseGenericPayload(readStdin());
    const { result, diagnostics } = evaluateGenericCall(payload, {
      home: ssgHome(),
      defaultCwd: process.cwd(),
      client: values.client,
      explicitRules: values.rules ?? [],
      explain: values.explain ?? false,
    });
    for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
    process.stdout.write(`${JSON.stringify(toWireResult(result, values.explain))}\n`);
    return ExitCode.ok;
  },
};
