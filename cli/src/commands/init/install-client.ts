// The work behind `ssg init` and `ssg uninstall`: run one adapter's installer on a project and print the report.
// Errors a user can fix become CliErrors: unknown client (2), a configuration file ssg will not edit (3) — after
// the report of what was already done.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { adapterNamed, UnknownClientError } from '@ssg/hosts/registry';
import { CliError, usageError } from '../../cli/errors';
import { ExitCode } from '../../cli/exit-codes';
import { type InstallScope, installTarget } from '@ssg/hosts/install/adapter-installer';
import { ConfigFileError } from '@ssg/hosts/config-edit/config-file-error';
import type { InstallAction } from '@ssg/contracts/dashboard';
import { installAdapter } from '@ssg/hosts/install/install-adapter';
import { InstallReport } from '@ssg/hosts/install/install-report';

export function installClient(
  client: string,
  dir: string,
  action: InstallAction,
  scope: InstallScope = 'user',
): ExitCode {
  if (!adapterNamed(client)) throw new UnknownClientError(client);
  const projectDir = resolve(dir);
  if (!statSync(projectDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw usageError(`project folder ${projectDir} does not exist`, 'pass an existing folder with --dir');
  }
  const report = new InstallReport();
  try {
    if (!installAdapter(client, installTarget(projectDir, { scope }), action, report)) {
      process.stdout.write(`${client}: nothing to install — callers pipe tool calls into \`ssg eval\` themselves\n`);
      return ExitCode.ok;
    }
  } catch (error) {
    if (!(error instanceof ConfigFileError)) throw error;
    if (report.files.length > 0) process.stdout.write(`Done before the error:\n${report.render()}`);
    throw new CliError(error.message, 'that file was left untouched; run again once it is fixed', ExitCode.badInput);
  }
  const verb = action === 'install' ? 'installed' : 'uninstalled';
  const summary = report.changed ? `${client} ${verb}` : `${client} already ${verb}, nothing changed`;
  process.stdout.write(`${summary} (project ${projectDir})\n${report.render()}`);
  return ExitCode.ok;
}
