// `ssg approvals`: the ASK requests waiting in the daemon for an answer (on hosts that cannot ask their user), to
// answer with `ssg approve <id>` or `ssg deny <id>`.
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { renderTable, tableCell } from '../../cli/table';
import { callDaemon } from '../../daemon-client/call-daemon';

const help = `Usage: ssg approvals [--json]

Lists the tool calls waiting for your answer. When a rule says ASK and the agent's host cannot ask you itself
(Codex, Cursor, the shell wrapper, …), the daemon holds the call until you answer here, with \`ssg approve <id>\`
or \`ssg deny <id>\`, or in the dashboard. Unanswered requests get ssg's default when they expire (deny,
after 60 s, unless the daemon was started otherwise). Secrets in the calls are shown as [redacted:<kind>].

Options:
  --json       print the daemon's answer as JSON: {pending: [...], timeoutMs, defaultDecision}
  -h, --help   show this help

Exit codes: 0 done (also when nothing waits), 2 usage error, 5 the daemon is not running or refused.

Examples:
  ssg approvals
  ssg approve k3x9q2ab
`;

const CALL_WIDTH = 60;
const QUESTION_WIDTH = 48;

export const approvalsCommand: Command = {
  name: 'approvals',
  summary: 'list the ASK requests waiting for your answer',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('approvals', argv, { json: { type: 'boolean' } });
    const list = await callDaemon('GET /api/json/approvals');
    if (values.json) {
      process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      return ExitCode.ok;
    }
    const unanswered = `unanswered requests are ${list.defaultDecision === 'deny' ? 'denied' : 'allowed'} after ${Math.round(list.timeoutMs / 1000)} s`;
    if (list.pending.length === 0) {
      process.stdout.write(`No requests are waiting for an answer (${unanswered}).\n`);
      return ExitCode.ok;
    }
    const now = Date.now();
    const rows = list.pending.map((approval) => [
      approval.id,
      tableCell(approval.client, 20),
      tableCell(approval.tool, 24),
      tableCell(approval.ruleId ?? '', 32),
      `${Math.max(0, Math.round((approval.expiresAt - now) / 1000))} s`,
      tableCell(approval.summary, CALL_WIDTH),
      tableCell(approval.prompt ?? approval.message ?? '', QUESTION_WIDTH),
    ]);
    process.stdout.write(`${renderTable(['id', 'client', 'tool', 'rule', 'expires in', 'call', 'question'], rows)}\n`);
    process.stdout.write(`\nAnswer with \`ssg approve <id>\` or \`ssg deny <id>\`; ${unanswered}.\n`);
    return ExitCode.ok;
  },
};
