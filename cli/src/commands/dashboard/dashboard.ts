// `ssg dashboard`: a one-time sign-in link to the dashboard the daemon serves, printed and, where a display
// exists, opened in the browser. The link carries a ticket (in its fragment), never the token: it works once, for
// 60 seconds.
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { openBrowser } from '../../cli/open-browser';
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

/** Whether there is a display to open a browser on (macOS and Windows always have one). */
function hasDisplay(env: NodeJS.ProcessEnv = process.env): boolean {
  return process.platform === 'darwin' || process.platform === 'win32' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
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
    if (!values['no-open'] && hasDisplay()) {
      openBrowser(url, () => process.stderr.write('could not open a browser: open the link above yourself\n'));
    }
    return ExitCode.ok;
  },
};
