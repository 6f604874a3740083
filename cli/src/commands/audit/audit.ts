// `ssg audit`: the daemon's record of recent decisions, newest first, as a table (or the raw page with --json).
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { renderTable, tableCell } from '../../cli/table';
import { AUDIT_DEFAULT_LIMIT, AUDIT_MAX_LIMIT, type AuditRecordSummary } from '@ssg/contracts/audit';
import { callDaemon } from '../../daemon-client/call-daemon';
import { DECISIONS } from '@ssg/engine';

const help = `Usage: ssg audit [--decision <d>] [--client <name>] [--tool <name>] [-q <text>] [--limit <n>] [--json]

Shows the tool calls the daemon decided, newest first: when, the decision, the client, the tool, the rule that
decided and the call (its command, path or url). Secrets in calls are stored as [redacted:<kind>]. The daemon keeps
the last 30 days, at most 200,000 calls (~/.ssg/audit.sqlite); the dashboard's Activity page shows the same log.

Options:
  --decision <d>     only this decision: ${DECISIONS.join(', ')}
  --client <name>    only calls from this client (claude-code, codex, …)
  --tool <name>      only calls of this tool (Bash, Write, …)
  -q, --query <text> only calls whose call, rule or message contains the text (case-insensitive)
  --limit <n>        how many (default ${AUDIT_DEFAULT_LIMIT}, at most ${AUDIT_MAX_LIMIT})
  --json             print the daemon's answer as JSON: {records: [...], nextBefore}
  -h, --help         show this help

Exit codes: 0 done (also when nothing matches), 2 usage error, 5 the daemon is not running or refused.

Examples:
  ssg audit
  ssg audit --decision block --limit 20
  ssg audit --client codex -q "git push"
`;

const CALL_WIDTH = 72;

export const auditCommand: Command = {
  name: 'audit',
  summary: 'recent decisions from the audit log, newest first',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('audit', argv, {
      decision: { type: 'string' },
      client: { type: 'string' },
      tool: { type: 'string' },
      query: { type: 'string', short: 'q' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    });
    const params = new URLSearchParams();
    if (values.decision !== undefined) {
      if (!(DECISIONS as readonly string[]).includes(values.decision)) {
        throw usageError(`unknown decision '${tableCell(values.decision, 40)}'`, `use one of: ${DECISIONS.join(', ')}`);
      }
      params.set('decision', values.decision);
    }
    if (values.limit !== undefined) {
      const limit = Number(values.limit);
      if (!/^\d+$/.test(values.limit) || limit < 1 || limit > AUDIT_MAX_LIMIT) {
        throw usageError(`--limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`, `for example --limit 20`);
      }
      params.set('limit', String(limit));
    }
    for (const key of ['client', 'tool'] as const) if (values[key] !== undefined) params.set(key, values[key]);
    if (values.query !== undefined) params.set('q', values.query);
    const page = await callDaemon('GET /api/json/audit', { query: Object.fromEntries(params) });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(page, null, 2)}\n`);
    } else if (page.records.length === 0) {
      const filtered = ['decision', 'client', 'tool', 'q'].some((key) => params.has(key));
      process.stdout.write(filtered ? 'No recorded calls match.\n' : 'No calls recorded yet.\n');
    } else {
      process.stdout.write(
        `${renderTable(['time', 'decision', 'client', 'tool', 'rule', 'call'], page.records.map(row))}\n`,
      );
    }
    return ExitCode.ok;
  },
};

function row(record: AuditRecordSummary): string[] {
  return [
    localTime(record.at),
    record.decision,
    tableCell(record.client, 20),
    tableCell(record.tool, 24),
    tableCell(record.ruleId ?? '', 32),
    tableCell(record.summary, CALL_WIDTH),
  ];
}

/** `2026-06-15 14:03:07` in the machine's time zone. */
function localTime(at: number): string {
  const date = new Date(at);
  const two = (n: number): string => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
