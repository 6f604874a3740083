// `ssg dashboard`: a one-time sign-in link to the dashboard the daemon serves, printed and, where a display
// exists, opened in the browser. The link carries a ticket (in its fragment), never the token: it works once, for
// 60 seconds.
import { spawn } from 'node:child_process';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { callDaemonAsPerson } from '../../daemon-client/call-daemon';

const help = `Usage: ssg dashboard [--no-open]

Prints a one-time link that signs a browser tab into the dashboard of the running ssg daemon (spending limits,
Sleep at Night, activity and approvals, rules, agents), and opens it when a display exists. The link works once,
within 60 seconds; the session it starts stays with that tab (a reload keeps it, no cookie is set) for 8 hours,
until you sign out or close the tab, or until the daemon stops. Run this again for a new link, or another tab.

Options:
  --no-open    only print the link
  -h, --help   show this help

Exit codes: 0 link printed, 2 usage error, 5 the daemon is not running or refused.

Examples:
  ssg dashboard
  ssg dashboard --no-open
`;

/** The platform's "open this url" command, when there is a display to open it on. */
function opener(env: NodeJS.ProcessEnv = process.env): { command: string; args: string[] } | undefined {
  if (process.platform === 'darwin') return { command: 'open', args: [] };
  if (process.platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  return env.DISPLAY || env.WAYLAND_DISPLAY ? { command: 'xdg-open', args: [] } : undefined;
}

export const dashboardCommand: Command = {
  name: 'dashboard',
  summary: 'print (and open) a one-time link to the dashboard',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('dashboard', argv, { 'no-open': { type: 'boolean' } });
    const { url } = await callDaemonAsPerson('sign in to the dashboard', 'POST /api/json/dashboard/tickets', {
      body: {},
    });
    process.stdout.write(`Open the dashboard (this link works once, within 60 seconds):\n  ${url}\n`);
    const open = values['no-open'] ? undefined : opener();
    if (open) {
      // Detached and unwaited: the browser outlives this command, and a missing opener only means no window.
      const child = spawn(open.command, [...open.args, url], { detached: true, stdio: 'ignore' });
      child.on('error', () => process.stderr.write('could not open a browser: open the link above yourself\n'));
      child.unref();
    }
    return ExitCode.ok;
  },
};
