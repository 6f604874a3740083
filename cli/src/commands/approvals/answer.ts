// `ssg approve <id>` and `ssg deny <id>`: answer one waiting ASK request; the agent's call goes ahead or is
// blocked at once. The two commands differ only in the answer, so one factory makes both.
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { tableCell } from '../../cli/table';
import {
  APPROVAL_ID_PATTERN,
  type ApprovalAnswer,
  type ApprovalAnswerRequest,
  MAX_APPROVAL_NOTE_CHARS,
} from '@ssg/contracts/approvals';
import { callDaemonAsPerson } from '../../daemon-client/call-daemon';

const APPROVAL_ID = new RegExp(APPROVAL_ID_PATTERN);

function answerCommand(name: 'approve' | 'deny', decision: ApprovalAnswer): Command {
  const outcome = decision === 'allow' ? 'goes ahead' : 'is blocked';
  const help = `Usage: ssg ${name} <id> [--note <text>]

${decision === 'allow' ? 'Approves' : 'Denies'} one waiting ASK request: the agent's call ${outcome} at once. \`ssg approvals\` lists the
waiting requests and their ids. A request answered already (here or in the dashboard) or expired cannot be
answered again.

Options:
  --note <text>   told to the agent with the answer (at most ${MAX_APPROVAL_NOTE_CHARS} characters)
  -h, --help      show this help

Exit codes: 0 answered, 2 usage error (no id, malformed id), 5 the daemon is not running, or refused (no such
request waiting, already answered).

Examples:
  ssg ${name} k3x9q2ab
  ssg ${name} k3x9q2ab --note "${decision === 'allow' ? 'fine this once' : 'use the staging remote'}"
`;
  return {
    name,
    summary: `${decision === 'allow' ? 'approve' : 'deny'} a waiting ASK request (\`ssg ${name} <id>\`)`,
    help,
    async run(argv) {
      const { values, positionals } = parseCommandArgs(name, argv, { note: { type: 'string' } }, 1);
      const written = positionals[0];
      if (written === undefined) {
        throw usageError('missing the request id', '`ssg approvals` lists the waiting requests and their ids');
      }
      const id = written.toLowerCase();
      if (!APPROVAL_ID.test(id)) {
        throw usageError(
          `'${tableCell(written, 40)}' is not a request id (8 letters and digits)`,
          '`ssg approvals` lists the waiting requests and their ids',
        );
      }
      if (values.note !== undefined && values.note.length > MAX_APPROVAL_NOTE_CHARS) {
        throw usageError(`the note is longer than ${MAX_APPROVAL_NOTE_CHARS} characters`, 'shorten it');
      }
      const body: ApprovalAnswerRequest = {
        decision,
        via: 'cli',
        ...(values.note !== undefined && { note: values.note }),
      };
      const answered = await callDaemonAsPerson(
        `${decision === 'allow' ? 'approve' : 'deny'} waiting call ${id}`,
        'POST /api/json/approvals/:id',
        { params: { id }, body },
      );
      const { approval } = answered;
      process.stdout.write(
        `${decision === 'allow' ? 'Approved' : 'Denied'} ${id}: ${tableCell(approval.client, 20)} ${tableCell(approval.tool, 24)} ${tableCell(approval.summary, 72)}\n`,
      );
      return ExitCode.ok;
    },
  };
}

export const approveCommand = answerCommand('approve', 'allow');
export const denyCommand = answerCommand('deny', 'deny');
