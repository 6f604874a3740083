// `ssg doctor`: whether the daemon answers, the license tier, and for every adapter whether its host is detected here, whether it is
// wired to ssg, and why not.
import { resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { printable } from '../../cli/printable';
import { renderTable } from '../../cli/table';
import { daemonLogPath, recentDaemonErrors } from '@ssg/node/daemon-log';
import { ssgHome } from '@ssg/node/home';
import { installTarget } from '@ssg/hosts/install/adapter-installer';
import { adapterHealthReport } from '@ssg/hosts/install/adapter-health';
import { daemonStatus } from './daemon-status';
import { licenseStatus, renderLicenseStatus } from './license-status';

const help = `Usage: ssg doctor [--dir <project>] [--json]

Shows whether the ssg daemon answers (and what hooks do when it does not) and the latest errors in its log
(~/.ssg/logs/daemon.log), the license tier and where it comes from (the SSO sign-in of \`ssg auth login --sso\` in
~/.ssg/hosts.toml, else ~/.ssg/license.jwt) with what is wrong with it (none, expired, free tier, session ended),
then, for every client adapter:
  detected    the host runs this process or is installed on this machine (its variables or folders)
  installed   its hooks and MCP entries are in place and the program they start exists (project files from --dir)
  why not     what is missing, for an adapter that is not installed (for Codex: a hook it has not trusted)
and, for hosts with install scopes, which sessions the hook covers (every folder, or one project's).

Options:
  --dir <project>   the project whose files count (default: the current folder)
  --json            print {"daemon": {"url", "running", "detail", "recentErrors": [{"time", "message"}]},
                           "license": {"tier", "expiresAt"?, "features"?, "problem"?, "source",
                                       "signIn"?: {"email", "orgId", "sessionExpiresAt"}, "advice": [...]},
                           "adapters": [{"name", "detected", "installed", "problems": [...], "covers"?}]}
  -h, --help        show this help

Exit codes: 0 (the report is the answer), 2 usage error.
`;

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'show which hosts are detected and wired to ssg',
  help,
  async run(argv) {
    const { values } = parseCommandArgs('doctor', argv, { dir: { type: 'string' }, json: { type: 'boolean' } });
    const projectDir = resolve(values.dir ?? '.');
    const home = ssgHome();
    const daemon = { ...(await daemonStatus(home)), recentErrors: recentDaemonErrors(home) };
    const license = await licenseStatus(home);
    const report = adapterHealthReport(installTarget(projectDir));
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ daemon, license, adapters: report }, null, 2)}\n`);
      return ExitCode.ok;
    }
    process.stdout.write(`daemon: ${daemon.running ? 'running' : 'not running'} at ${daemon.url} (${daemon.detail})\n`);
    if (daemon.recentErrors.length > 0) {
      process.stdout.write(`latest errors in ${daemonLogPath(home)}:\n`);
      for (const { time, message } of daemon.recentErrors) {
        process.stdout.write(`  ${new Date(time).toISOString()}  ${printable(message, 200)}\n`);
      }
    }
    for (const line of renderLicenseStatus(license)) process.stdout.write(`${printable(line, 400)}\n`);
    process.stdout.write('\n');
    const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
    const rows = report.map((entry) => [
      entry.name,
      yesNo(entry.detected),
      yesNo(entry.installed),
      entry.problems.join('; '),
    ]);
    process.stdout.write(`${renderTable(['client', 'detected', 'installed', 'why not'], rows)}\n`);
    const scoped = report.filter((entry) => entry.covers !== undefined);
    if (scoped.length > 0) process.stdout.write('\n');
    for (const entry of scoped) process.stdout.write(`${entry.name} covers ${printable(entry.covers!, 300)}\n`);
    return ExitCode.ok;
  },
};
