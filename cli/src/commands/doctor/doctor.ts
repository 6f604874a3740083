// `ssg doctor`: whether the daemon answers, and for every adapter whether its host is detected here, whether it is
// wired to ssg, and why not.
import { resolve } from 'node:path';
import { parseCommandArgs } from '../../cli/args';
import type { Command } from '../../cli/command';
import { ExitCode } from '../../cli/exit-codes';
import { renderTable } from '../../cli/table';
import { ssgHome } from '@ssg/node/home';
import { installTarget } from '@ssg/hosts/install/adapter-installer';
import { adapterHealthReport } from '@ssg/hosts/install/adapter-health';
import { daemonStatus } from './daemon-status';

const help = `Usage: ssg doctor [--dir <project>] [--json]

Shows whether the ssg daemon answers (and what hooks do when it does not), then, for every client adapter:
  detected    the host runs this process or is installed on this machine (its variables or folders)
  installed   its hooks and MCP entries are in place and \`ssg\` is on PATH (project files from --dir)
  why not     what is missing, for an adapter that is not installed

Options:
  --dir <project>   the project whose files count (default: the current folder)
  --json            print {"daemon": {"url", "running", "detail"},
                           "adapters": [{"name", "detected", "installed", "problems": [...]}]}
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
    const daemon = await daemonStatus(ssgHome());
    const report = adapterHealthReport(installTarget(projectDir));
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ daemon, adapters: report }, null, 2)}\n`);
      return ExitCode.ok;
    }
    process.stdout.write(
      `daemon: ${daemon.running ? 'running' : 'not running'} at ${daemon.url} (${daemon.detail})\n\n`,
    );
    const yesNo = (value: boolean): string => (value ? 'yes' : 'no');
    const rows = report.map((entry) => [
      entry.name,
      yesNo(entry.detected),
      yesNo(entry.installed),
      entry.problems.join('; '),
    ]);
    process.stdout.write(`${renderTable(['client', 'detected', 'installed', 'why not'], rows)}\n`);
    return ExitCode.ok;
  },
};
