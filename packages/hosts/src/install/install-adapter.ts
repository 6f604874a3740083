// One adapter's install or uninstall with everything that goes with it: the installer's files, the starter rules
// an install brings, and the manual step when `ssg` is not on PATH. `ssg init`/`ssg uninstall` print the report;
// the daemon's POST /api/json/agents/:name returns it to the dashboard.
import type { InstallAction } from '@ssg/contracts/dashboard';
import { ssgHome } from '@ssg/node/home';
import { SSG_INSTALL_COMMAND } from '@ssg/node/npm-package';
import type { InstallTarget } from './adapter-installer';
import { commandOnPath } from './command-on-path';
import type { InstallReport } from './install-report';
import { installerFor } from '../installers';
import { installStarterRules } from './starter-rules';

/**
 * False for an adapter with nothing to install (generic, whose callers pipe tool calls into `ssg eval`).
 * Throws ConfigFileError for a file it will not edit; `report` then holds what was done before.
 */
export function installAdapter(
  client: string,
  target: InstallTarget,
  action: InstallAction,
  report: InstallReport,
  home: string = ssgHome(),
): boolean {
  const installer = installerFor(client);
  if (!installer) return false;
  installer[action](target, report);
  if (action !== 'install') return true;
  installStarterRules(report, home);
  if (!commandOnPath('ssg')) {
    report.addManualStep(
      `Put \`ssg\` on PATH (for example \`${SSG_INSTALL_COMMAND}\`): the host runs the bare command.`,
    );
  }
  return true;
}
